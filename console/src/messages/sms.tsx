import { Picture, Text } from './frame.tsx';

/* The text channels: SMS (a bubble of text), LMS (with a title) and MMS (with images). */

/** SMS: the text alone; the channel has no title. */
export function SmsBubble({ text }: { text: string }) {
  return (
    <div class="msg-bubble">
      <Text text={text} />
    </div>
  );
}

/**
 * LMS and MMS: a title over the text, and for an MMS its images. The payload names each image by
 * its fileKey (POST /api/comm/v1/file/mms); the timeline gives the URL it is served at
 * (item.media), and a key it has none for (unknown or expired) is a labelled placeholder.
 */
export function MmsBubble({
  title,
  text,
  images,
}: {
  title: string | undefined;
  text: string;
  images: ReadonlyArray<{ key: string; url: string | undefined }>;
}) {
  return (
    <div class="msg-bubble msg-bubble-mms">
      {images.length > 0 && (
        <div class="msg-images">
          {images.map((img, i) => (
            <Picture
              key={img.key}
              src={img.url}
              alt={`Image ${i + 1} of ${images.length}`}
              shape="landscape"
              missing={`Image ${img.key} (expired or unknown)`}
            />
          ))}
        </div>
      )}
      {title && <p class="msg-title">{title}</p>}
      <Text text={text} />
    </div>
  );
}
