import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { findMessageFiles, pairKey } from '../../store/media/files.ts';
import { MO_STATUSES, type MoStatus, moStatusesOf } from '../../store/mo/mo.ts';
import { SENT_MO_CHANNEL } from '../../store/sandbox/sent-mo.ts';
import { type TimelineRow, timelineBefore } from '../../store/sandbox/timeline.ts';
import { fileUrl } from '../files/storage.ts';
import { checkPhone } from './handsets.ts';
import {
  SENT_MO_STATUSES,
  TIMELINE_PAGE_DEFAULT,
  TIMELINE_PAGE_MAX,
  type TimelineItem,
  type TimelinePage,
} from './timeline-schemas.ts';

/**
 * Use cases of /sandbox/v1/handsets/{phone}/timeline: every step sent to a handset, and the MOs
 * it sent.
 */

export type TimelineItemView = Static<typeof TimelineItem>;
export type TimelinePageView = Static<typeof TimelinePage>;

// The schema's copy of the MO statuses (kept free of server imports) is the store's, both ways.
SENT_MO_STATUSES satisfies readonly MoStatus[];
MO_STATUSES satisfies readonly (typeof SENT_MO_STATUSES)[number][];

function parsePayload(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v } : {};
  } catch {
    return {};
  }
}

function timelineItem(
  r: TimelineRow,
  payload: Record<string, unknown>,
  media: Record<string, string>,
  moStatus: MoStatus | null,
): TimelineItemView {
  const failed = r.failureCode !== null;
  const sent = r.channel === SENT_MO_CHANNEL;
  return {
    id: r.id,
    kind: sent ? 'mo' : failed ? 'failure' : 'message',
    channel: r.channel,
    msgType: r.msgType,
    from: r.from,
    title: r.title,
    text: r.text,
    msgKey: r.msgKey,
    step: r.step,
    failover: r.step > 0,
    receivedAt: isoKst(r.receivedAt),
    payload,
    failure: failed ? { code: r.failureCode ?? '', text: r.failureText ?? '' } : null,
    media,
    mo: sent ? { to: typeof payload.to === 'string' ? payload.to : '', status: moStatus } : null,
  };
}

/** The upload keys a payload names: an MMS's fileKeys, an RCS message's body.media. */
function fileKeysOf(channel: string, payload: Record<string, unknown>): string[] {
  if (channel === 'mms' && Array.isArray(payload.fileKey)) {
    return payload.fileKey.filter((k): k is string => typeof k === 'string');
  }
  const body = payload.body;
  if (channel === 'rcs' && typeof body === 'object' && body !== null && 'media' in body) {
    return typeof body.media === 'string' ? [body.media] : [];
  }
  return [];
}

/**
 * Rows as the timeline shows them, with the URL of every uploaded file their payloads name (one
 * query for the lot), so the console draws an MMS's pictures and an RCS card's media. A key is
 * resolved under the account that sent the message: two accounts may hold the same key, and a
 * handset got the sender's file. A file past its expiry is left out: its URL serves nothing.
 * The MOs among the rows get their webhook delivery status (one query, only when there are any).
 */
export async function timelineItems(ctx: Ctx, rows: readonly TimelineRow[]): Promise<TimelineItemView[]> {
  const payloads = rows.map((r) => parsePayload(r.payload));
  const refs = rows.flatMap((r, i) =>
    fileKeysOf(r.channel, payloads[i] ?? {}).map((fileKey) => ({ msgKey: r.msgKey, fileKey })),
  );
  const now = ctx.clock.now();
  const urls = new Map<string, string>();
  for (const { msgKey, file } of await findMessageFiles(ctx.store, refs)) {
    if (file.expiresAt === null || file.expiresAt > now)
      urls.set(pairKey(msgKey, file.fileKey), fileUrl(ctx, file));
  }
  const sentKeys = rows.filter((r) => r.channel === SENT_MO_CHANNEL).map((r) => r.msgKey);
  const statuses = await moStatusesOf(ctx.store.db, sentKeys);
  return rows.map((r, i) => {
    const payload = payloads[i] ?? {};
    const media: Record<string, string> = {};
    for (const k of fileKeysOf(r.channel, payload)) {
      const url = urls.get(pairKey(r.msgKey, k));
      if (url !== undefined) media[k] = url;
    }
    return timelineItem(r, payload, media, statuses.get(r.msgKey) ?? null);
  });
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
    items: await timelineItems(ctx, page),
    hasOlder,
    olderCursor: hasOlder ? (page[0]?.id ?? null) : null,
  };
}
