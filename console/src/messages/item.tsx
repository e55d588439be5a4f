import type { VNode } from 'preact';
import { BrandMessage } from './brand.tsx';
import { BRAND_KIND_LABELS, brandKindOf } from './brand-kinds.ts';
import { FailureEvent } from './failure.tsx';
import { channelLabel, Frame } from './frame.tsx';
import { InfoCard } from './infomsg.tsx';
import { list, payloadOf, str } from './payload.ts';
import { RcsMessage, rcsKind, rcsShape } from './rcs.tsx';
import { MmsBubble, SmsBubble } from './sms.tsx';
import type { TimelineItem } from './types.ts';

interface View {
  /** The article's name and the header's label: "MMS", "RCS (card)", "Brand message (catalog)". */
  kind: string;
  /** The CSS modifier of the article: msg-bubble, msg-card or msg-carousel. */
  variant: string;
  body: () => VNode;
}

const EMPHASIS: Record<string, string> = { TEXT: 'title', IMAGE: 'image', ITEM_LIST: 'item list' };

/** Which renderer shows the item, by its channel and what its payload holds. */
function viewOf(item: TimelineItem): View {
  const p = payloadOf(item);
  const text = item.text;
  switch (item.channel) {
    case 'sms':
      return { kind: 'SMS', variant: 'bubble', body: () => <SmsBubble text={text} /> };
    case 'mms': {
      const fileKeys = list(p.fileKey).flatMap((k) => (typeof k === 'string' ? [k] : []));
      const title = item.title ?? str(p.title) ?? str(p.subject);
      return {
        kind: fileKeys.length > 0 || item.msgType === 'MM' ? 'MMS' : 'LMS',
        variant: 'bubble',
        body: () => (
          <MmsBubble
            title={title}
            text={text}
            images={fileKeys.map((key) => ({ key, url: item.media[key] }))}
          />
        ),
      };
    }
    case 'infomsg': {
      const emphasis = EMPHASIS[str(p.templateEmphasizeType) ?? (p.msgType === 'AI' ? 'IMAGE' : '')];
      return {
        kind: emphasis ? `Info message (${emphasis})` : 'Info message',
        variant: 'card',
        body: () => <InfoCard p={p} text={text} />,
      };
    }
    case 'rcs': {
      const formatId = str(p.formatId);
      const shape = rcsShape(formatId, item.msgType);
      return {
        kind: `RCS (${rcsKind(shape, formatId)})`,
        variant: shape === 'text' ? 'bubble' : shape,
        body: () => (
          <RcsMessage p={p} title={item.title ?? undefined} text={text} shape={shape} media={item.media} />
        ),
      };
    }
    case 'brandmessage': {
      const kind = brandKindOf(p.msgType ?? item.msgType);
      return {
        kind: `Brand message (${BRAND_KIND_LABELS[kind]})`,
        variant: kind === 'CAROUSEL_FEED' || kind === 'CAROUSEL_COMMERCE' ? 'carousel' : 'card',
        body: () => <BrandMessage kind={kind} p={p} text={text} />,
      };
    }
    default:
      // A channel this console does not know yet: its text, which every item has.
      return {
        kind: `${channelLabel(item.channel)} message`,
        variant: 'bubble',
        body: () => <SmsBubble text={text} />,
      };
  }
}

/**
 * One timeline item as the phone shows it (pure: the item in, the view out). A message is drawn
 * by the renderer of its kind; a step that failed at the handset is a marked event.
 */
export function InboxItem({ item }: { item: TimelineItem }) {
  const view = viewOf(item);
  if (item.kind === 'failure') return <FailureEvent item={item} kind={view.kind} />;
  return (
    <Frame item={item} kind={view.kind} variant={view.variant}>
      {view.body()}
    </Frame>
  );
}
