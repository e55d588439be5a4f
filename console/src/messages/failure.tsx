import { Meta, senderOf } from './frame.tsx';
import type { TimelineItem } from './types.ts';

const EXCERPT_MAX = 140;

function excerpt(item: TimelineItem): string {
  const text = item.text.replace(/\s+/g, ' ').trim();
  const cut = [...text].length > EXCERPT_MAX ? `${[...text].slice(0, EXCERPT_MAX).join('')}…` : text;
  return item.title ? `${item.title}: ${cut}` : cut;
}

/**
 * A step that failed at the handset (unreachable, not an RCS device, not a friend, a `fail` code
 * set on the handset): the phone shows nothing, so the console marks the event in its place, with
 * what was attempted and the report code and text.
 */
export function FailureEvent({ item, kind }: { item: TimelineItem; kind: string }) {
  const sender = senderOf(item);
  const attempted = excerpt(item);
  return (
    <article class="msg msg--failure" aria-label={`Not delivered: ${kind} from ${sender}`}>
      <div class="msg-event">
        <p class="msg-event-title">
          <span class="msg-event-icon" aria-hidden="true">
            !
          </span>
          Not delivered: {kind} from {sender}
        </p>
        {item.failure && (
          <p class="msg-event-reason">
            <code class="msg-event-code">{item.failure.code}</code> {item.failure.text}
          </p>
        )}
        {attempted && <p class="msg-event-attempted">{attempted}</p>}
      </div>
      <Meta item={item} />
    </article>
  );
}
