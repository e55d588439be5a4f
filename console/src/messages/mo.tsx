import { time } from '../format.ts';
import { Link } from '../router.tsx';
import { Text } from './frame.tsx';
import { payloadOf, str } from './payload.ts';
import type { TimelineItem } from './types.ts';

/*
 * An MO the handset sent, drawn as a phone draws its own messages: on the other side, in a bubble
 * of its own colour, with where it went and when. Pure, like the received kinds: the item in, the
 * view out. Its msgKey leads to the MO's page (its webhook delivery, every attempt).
 */

/** The MO number it went to: the item's `mo.to`, else the payload's (an older row). */
export function moNumberOf(item: TimelineItem): string {
  return item.mo?.to ?? str(payloadOf(item).to) ?? 'unknown number';
}

export function SentMo({ item }: { item: TimelineItem }) {
  const to = moNumberOf(item);
  // The sender may type another number than the device's own: the phone would show it as sent.
  const device = str(payloadOf(item).originator);
  const typed = item.from !== null && device !== undefined && item.from !== device ? item.from : null;
  return (
    <article class="msg msg--sent" aria-label={`MO sent to ${to}`}>
      <header class="msg-head">
        <span class="msg-kind">MO</span>
        <span class="msg-from">to {to}</span>
        {typed && <span class="msg-sent-as">as {typed}</span>}
      </header>
      <div class="msg-body">
        <div class="msg-bubble msg-bubble-sent">
          <Text text={item.text} />
        </div>
      </div>
      <footer class="msg-meta">
        <time dateTime={item.receivedAt}>{time(item.receivedAt)}</time>
        <Link
          href={`/mo/${encodeURIComponent(item.msgKey)}`}
          class="msg-key"
          title="The MO and its webhook delivery"
        >
          {item.msgKey}
        </Link>
      </footer>
    </article>
  );
}
