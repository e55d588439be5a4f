import type { ComponentChildren } from 'preact';
import { time } from '../format.ts';
import { Link } from '../router.tsx';
import { type Button, payloadOf, str, webUrl } from './payload.ts';
import type { TimelineItem } from './types.ts';

/* What every message shares: the frame (sender, channel, time, failover), texts, images, buttons. */

export const CHANNEL_LABELS: Record<string, string> = {
  sms: 'SMS',
  mms: 'MMS',
  infomsg: 'Info message',
  rcs: 'RCS',
  brandmessage: 'Brand message',
};

export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? channel;
}

/** Who the handset shows as the sender: the number, else the sender profile or RCS brand. */
export function senderOf(item: TimelineItem): string {
  const p = payloadOf(item);
  return item.from ?? str(p.senderKey) ?? str(p.brandKey) ?? 'unknown sender';
}

/** When it arrived (Korea time), whether it came by failover, and the message it belongs to. */
export function Meta({ item }: { item: TimelineItem }) {
  return (
    <footer class="msg-meta">
      <time dateTime={item.receivedAt}>{time(item.receivedAt)}</time>
      {item.failover && <span class="badge badge-warn msg-failover">Failover</span>}
      <Link
        href={`/messages/${encodeURIComponent(item.msgKey)}`}
        class="msg-key"
        title="The message and its steps"
      >
        {item.msgKey}
      </Link>
    </footer>
  );
}

/**
 * One message as the handset shows it: an <article> named by its kind and sender, a header with
 * the channel and the sender, the body, and the meta line.
 */
export function Frame({
  item,
  kind,
  variant,
  children,
}: {
  item: TimelineItem;
  /** "SMS", "Brand message (carousel feed)" ...: the article's name and the header's label. */
  kind: string;
  /** The CSS modifier: bubble, card or carousel. */
  variant: string;
  children: ComponentChildren;
}) {
  const sender = senderOf(item);
  return (
    <article class={`msg msg--${variant}`} aria-label={`${kind} from ${sender}`}>
      <header class="msg-head">
        <span class="msg-from">{sender}</span>
        <span class="msg-kind">{kind}</span>
      </header>
      <div class="msg-body">{children}</div>
      <Meta item={item} />
    </article>
  );
}

/** A text as written: line breaks kept (CSS pre-wrap), never parsed as markup. */
export function Text({ text, class: cls }: { text: string | undefined; class?: string }) {
  if (!text) return null;
  return <p class={cls ? `msg-text ${cls}` : 'msg-text'}>{text}</p>;
}

export type Shape = 'auto' | 'landscape' | 'square';

/**
 * An image of the message: a real <img> for a web address the payload gives (the gateway's
 * uploads are served at such URLs), else a labelled placeholder saying what the payload names
 * (an MMS fileKey or an RCS media key has no address the console can show).
 */
export function Picture({
  src,
  alt,
  shape = 'auto',
  missing,
  link,
}: {
  src: unknown;
  alt: string;
  shape?: Shape;
  /** The placeholder's text when `src` is not a web address. */
  missing?: string;
  /** Where tapping the image leads (imgLink), when a web address. */
  link?: unknown;
}) {
  const url = webUrl(src);
  if (!url) {
    return (
      <div class={`msg-img msg-img-${shape} msg-img-missing`} role="img" aria-label={`${alt}: not viewable`}>
        <span aria-hidden="true">{missing ?? alt}</span>
      </div>
    );
  }
  const img = <img class={`msg-img msg-img-${shape}`} src={url} alt={alt} loading="lazy" decoding="async" />;
  const href = webUrl(link);
  return href ? <ExternalLink href={href}>{img}</ExternalLink> : img;
}

/** A web page a message links to: opened in a new tab, with no referrer and no opener. */
export function ExternalLink({
  href,
  class: cls,
  children,
}: {
  href: string;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <a class={cls} href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

/**
 * The message's buttons, as the phone draws them. They are what the recipient would tap, not
 * actions of the console: a web link is a real link, anything else (bot keyword, app scheme,
 * channel add ...) a label.
 */
export function Buttons({
  buttons,
  layout = 'stack',
}: {
  buttons: readonly Button[];
  /** stack: one under the other (text, image, informational); row: side by side (cards). */
  layout?: 'stack' | 'row';
}) {
  if (buttons.length === 0) return null;
  return (
    <ul class={`msg-buttons msg-buttons-${layout}`} aria-label="Buttons">
      {buttons.map((b, i) => (
        <li key={i}>
          {b.url ? (
            <ExternalLink class="msg-button" href={b.url}>
              {b.name}
            </ExternalLink>
          ) : (
            <span class="msg-button">{b.name}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
