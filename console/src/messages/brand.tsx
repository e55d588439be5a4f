import { CarouselCommerce, CarouselFeed } from './brand-carousel.tsx';
import type { BrandKind } from './brand-kinds.ts';
import { ItemList } from './brand-list.tsx';
import { attachmentOf, Commerce, Coupon } from './brand-parts.tsx';
import { Buttons, ExternalLink, Picture, Text } from './frame.tsx';
import { type Obj, obj, str, templateButtons, webUrl } from './payload.ts';

/*
 * Brand messages by their kind (msgType, docs/brandmessage-templates.md). A basic or template
 * send carries the registered template's parts (header, additionalContent, attachment {button,
 * image, coupon, commerce, item, video}, carousel); a free send carries what the client composed.
 */

/** The header of item lists and videos: a string, or {title} as a catalog may write it. */
export function headerOf(p: Obj): string | undefined {
  return str(p.header) ?? str(obj(p.header)?.title);
}

function Video({ video, title }: { video: Obj | undefined; title: string | undefined }) {
  const href = webUrl(video?.videoUrl);
  const thumb = (
    <span class="msg-video">
      <Picture
        src={video?.thumbnailUrl}
        alt={title ? `Video: ${title}` : 'Video'}
        shape="landscape"
        missing="Video"
      />
      <span class="msg-video-play" aria-hidden="true">
        ▶
      </span>
    </span>
  );
  return href ? (
    <ExternalLink class="msg-video-link" href={href}>
      {thumb}
      <span class="sr-only">Play the video</span>
    </ExternalLink>
  ) : (
    thumb
  );
}

export function BrandMessage({ kind, p, text }: { kind: BrandKind; p: Obj; text: string }) {
  const att = attachmentOf(p);
  const buttons = templateButtons(att.button);
  const image = obj(att.image);
  switch (kind) {
    case 'CAROUSEL_FEED':
      return <CarouselFeed carousel={obj(p.carousel)} />;
    case 'CAROUSEL_COMMERCE':
      return <CarouselCommerce carousel={obj(p.carousel)} />;
    case 'WIDE_ITEM_LIST':
    case 'CATALOG':
      return <ItemList kind={kind} header={headerOf(p)} att={att} />;
    case 'PREMIUM_VIDEO': {
      const header = headerOf(p);
      return (
        <div class="msg-card msg-card-brand">
          <Video video={obj(att.video)} title={header} />
          <div class="msg-card-content">
            {header && <p class="msg-title">{header}</p>}
            <Text text={text} />
            <Buttons buttons={buttons} layout="row" />
            <Coupon coupon={obj(att.coupon)} />
          </div>
        </div>
      );
    }
    case 'COMMERCE':
      return (
        <div class="msg-card msg-card-brand">
          <Picture src={image?.imgUrl} link={image?.imgLink} alt="Product image" shape="auto" />
          <div class="msg-card-content">
            <Commerce commerce={obj(att.commerce)} />
            <Text text={str(p.additionalContent)} class="msg-brand-extra" />
            <Buttons buttons={buttons} layout="row" />
            <Coupon coupon={obj(att.coupon)} />
          </div>
        </div>
      );
    default: {
      // TEXT, IMAGE and WIDE: an image (none for TEXT) over the text; WIDE puts its (at most
      // two) buttons side by side, the others stack theirs.
      const wide = kind === 'WIDE';
      return (
        <div class={`msg-card msg-card-brand${wide ? ' msg-card-wide' : ''}`}>
          {image && (
            <Picture
              src={image.imgUrl}
              link={image.imgLink}
              alt={wide ? 'Wide image' : 'Message image'}
              shape="auto"
            />
          )}
          <div class="msg-card-content">
            <Text text={text} />
            <Buttons buttons={buttons} layout={wide ? 'row' : 'stack'} />
            <Coupon coupon={obj(att.coupon)} />
          </div>
        </div>
      );
    }
  }
}
