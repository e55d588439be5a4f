import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { type TimelineRow, timelineBefore } from '../../store/sandbox-timeline.ts';
import { checkPhone } from './handsets.ts';
import {
  TIMELINE_PAGE_DEFAULT,
  TIMELINE_PAGE_MAX,
  type TimelineItem,
  type TimelinePage,
} from './timeline-schemas.ts';

/** Use cases of /sandbox/v1/handsets/{phone}/timeline: every step sent to a handset. */

export type TimelineItemView = Static<typeof TimelineItem>;
export type TimelinePageView = Static<typeof TimelinePage>;

function parsePayload(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v } : {};
  } catch {
    return {};
  }
}

export function timelineItem(r: TimelineRow): TimelineItemView {
  const failed = r.failureCode !== null;
  return {
    id: r.id,
    kind: failed ? 'failure' : 'message',
    channel: r.channel,
    msgType: r.msgType,
    from: r.from,
    title: r.title,
    text: r.text,
    msgKey: r.msgKey,
    step: r.step,
    failover: r.step > 0,
    receivedAt: isoKst(r.receivedAt),
    payload: parsePayload(r.payload),
    failure: failed ? { code: r.failureCode ?? '', text: r.failureText ?? '' } : null,
  };
}

/** The newest `limit` rows before `before`, answered oldest first (the newest at the bottom). */
export async function showTimeline(
  ctx: Ctx,
  input: { phone: string; before?: number | undefined; limit?: number | undefined },
): Promise<TimelinePageView> {
  const phone = checkPhone(input.phone);
  const limit = input.limit ?? TIMELINE_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > TIMELINE_PAGE_MAX) {
    throw new GatewayError('A300', `limit must be 1 to ${TIMELINE_PAGE_MAX}`);
  }
  const before = input.before ?? null;
  if (before !== null && (!Number.isInteger(before) || before < 1)) {
    throw new GatewayError('A300', 'before must be a row id, 1 or more');
  }
  // One more than asked tells whether an older page exists.
  const rows = await timelineBefore(ctx.store, phone, before, limit + 1);
  const page = rows.slice(0, limit).reverse();
  const hasOlder = rows.length > limit;
  return {
    phone,
    items: page.map(timelineItem),
    hasOlder,
    olderCursor: hasOlder ? (page[0]?.id ?? null) : null,
  };
}
