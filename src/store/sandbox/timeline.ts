import type { Selectable } from 'kysely';
import type { Store } from '../db/database.ts';
import type { SandboxInboxTable } from '../schema/schema.ts';

/*
 * A handset's timeline: every step sent to it, delivered or failed at the handset, by arrival
 * (row id). Every query here walks the (phone, id) index and is LIMITed: the console polls them.
 */

export interface TimelineRow {
  id: number;
  phone: string;
  msgKey: string;
  step: number;
  channel: string;
  msgType: string | null;
  from: string | null;
  title: string | null;
  text: string;
  /** The channel payload as JSON. */
  payload: string;
  receivedAt: number;
  failureCode: string | null;
  failureText: string | null;
}

function toRow(r: Selectable<SandboxInboxTable>): TimelineRow {
  return {
    id: Number(r.id),
    phone: r.phone,
    msgKey: r.msg_key,
    step: r.step,
    channel: r.channel,
    msgType: r.msg_type,
    from: r.from_number,
    title: r.title,
    text: r.text,
    payload: r.payload,
    receivedAt: Number(r.received_at),
    failureCode: r.failure_code,
    failureText: r.failure_text,
  };
}

/** The newest `limit` rows of `phone` with an id below `before` (all when null), newest first. */
export async function timelineBefore(
  store: Store,
  phone: string,
  before: number | null,
  limit: number,
): Promise<TimelineRow[]> {
  let q = store.db.selectFrom('sandbox_inbox').selectAll().where('phone', '=', phone);
  if (before !== null) q = q.where('id', '<', before);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toRow);
}

/**
 * The newest `limit` rows of `phone` above `afterId`, newest first: the live stream's look. Newest
 * first so that a burst larger than a look shows its latest rows, and the rest becomes a gap.
 */
export async function timelineAfter(
  store: Store,
  phone: string,
  afterId: number,
  limit: number,
): Promise<TimelineRow[]> {
  const rows = await store.db
    .selectFrom('sandbox_inbox')
    .selectAll()
    .where('phone', '=', phone)
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/** Counts at most this many rows of a gap (a larger one is "more than"). */
export const GAP_COUNT_CAP = 10_000;

/**
 * Rows of `phone` strictly between two ids (the size of a gap in the live stream), counted up to
 * GAP_COUNT_CAP: a gap over a huge inbox must not cost a scan of it.
 */
export async function countBetween(
  store: Store,
  phone: string,
  afterId: number,
  beforeId: number,
): Promise<number> {
  const r = await store.db
    .selectFrom((db) =>
      db
        .selectFrom('sandbox_inbox')
        .select('id')
        .where('phone', '=', phone)
        .where('id', '>', afterId)
        .where('id', '<', beforeId)
        .limit(GAP_COUNT_CAP)
        .as('gap'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The id of the newest row of `phone`; 0 when it has none. */
export async function newestTimelineId(store: Store, phone: string): Promise<number> {
  const r = await store.db
    .selectFrom('sandbox_inbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('phone', '=', phone)
    .executeTakeFirst();
  return r?.id == null ? 0 : Number(r.id);
}
