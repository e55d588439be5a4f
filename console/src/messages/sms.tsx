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
 * LMS and MMS: a title over the text, and for an MMS its images. The payload names each image
 * by its fileKey (POST /api/comm/v1/file/mms), which no address serves, so each is a labelled
 * placeholder.
 */
export function MmsBubble({
  title,
  text,
  fileKeys,
}: {
  title: string | undefined;
  text: string;
  fileKeys: readonly string[];
}) {
  return (
    <div class="msg-bubble msg-bubble-mms">
      {fileKeys.length > 0 && (
        <div class="msg-images">
          {fileKeys.map((key, i) => (
            <Picture
              key={key}
              src={undefined}
              alt={`Image ${i + 1} of ${fileKeys.length} (fileKey ${key})`}
              shape="landscape"
              missing={`Image ${key}`}
            />
          ))}
        </div>
      )}
      {title && <p class="msg-title">{title}</p>}
      <Text text={text} />
    </div>
  );
}
