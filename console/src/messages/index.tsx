import type { Static } from '@sinclair/typebox';
import type { TimelineItem as TimelineItemSchema } from '../../../src/features/sandbox/timeline-schemas.ts';

/** One step sent to a handset, as GET /sandbox/v1/handsets/{phone}/timeline answers it. */
export type TimelineItem = Static<typeof TimelineItemSchema>;

/**
 * PLACEHOLDER (the renderers' helper replaces this file): one timeline item as the phone shows
 * it. The contract stays: `<InboxItem item={item} />`, pure (payload in, view out).
 */
export function InboxItem({ item }: { item: TimelineItem }) {
  return (
    <article class="inbox-item" aria-label={`${item.channel} message`}>
      {item.title && <strong>{item.title}</strong>}
      <p>{item.text}</p>
    </article>
  );
}
