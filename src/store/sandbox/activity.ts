import { sql } from 'kysely';
import type { Store } from '../db/database.ts';
import { SENT_MO_CHANNEL, SENT_MO_KEY_END, SENT_MO_KEY_PREFIX } from './sent-mo.ts';

/*
 * Which handsets received anything, how much, and how far the console has read them. Each query
 * is bounded: an id range of the primary key, or index seeks per listed number (a console lists
 * a page of numbers every few seconds, on a table that may hold millions of rows). An MO the
 * handset sent (sent-mo.ts) is activity of its conversation (it orders the list) but never
 * counted: neither received nor unread.
 */

/** The highest row id below `below` (of all rows when null); null when there is none. */
export async function topRowId(store: Store, below: number | null): Promise<number | null> {
  let q = store.db.selectFrom('sandbox_inbox').select((eb) => eb.fn.max('id').as('id'));
  if (below !== null) q = q.where('id', '<', below);
  const r = await q.executeTakeFirst();
  return r?.id == null ? null : Number(r.id);
}

/**
 * The numbers with rows whose id is in [lo, hi], each with its highest id there, highest first;
 * `contains`: only numbers holding these digits. At most hi - lo + 1 rows are read.
 */
export async function phonesInRange(
  store: Store,
  lo: number,
  hi: number,
  contains: string | null,
): Promise<Array<{ phone: string; lastId: number }>> {
  // The ordered, LIMITed inner query is not flattened: without it SQLite chose a skip-scan of
  // the whole (phone, id) index for the GROUP BY (35 ms at a million rows instead of 1 ms).
  const rows = await store.db
    .selectFrom((db) => {
      let w = db
        .selectFrom('sandbox_inbox')
        .select(['id', 'phone'])
        .where('id', '>=', lo)
        .where('id', '<=', hi);
      // Digits only (checked by the caller): nothing to escape in the pattern.
      if (contains !== null) w = w.where('phone', 'like', `%${contains}%`);
      return w
        .orderBy('id', 'desc')
        .limit(hi - lo + 1)
        .as('w');
    })
    .select(['w.phone', (eb) => eb.fn.max('w.id').as('last_id')])
    .groupBy('w.phone')
    .orderBy('last_id', 'desc')
    .execute();
  return rows.map((r) => ({ phone: r.phone, lastId: Number(r.last_id) }));
}

/** Which of `phones` have a row with an id of `fromId` or more (one index seek per number). */
export async function phonesActiveFrom(
  store: Store,
  phones: readonly string[],
  fromId: number,
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await store.db
    .selectFrom('sandbox_inbox')
    .select('phone')
    .distinct()
    .where('phone', 'in', [...phones])
    .where('id', '>=', fromId)
    .execute();
  return new Set(rows.map((r) => r.phone));
}

/** The arrival time of rows by id. */
export async function receivedAtOf(store: Store, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const rows = await store.db
    .selectFrom('sandbox_inbox')
    .select(['id', 'received_at'])
    .where('id', 'in', [...ids])
    .execute();
  for (const r of rows) out.set(Number(r.id), Number(r.received_at));
  return out;
}

export interface RowCounts {
  /** Rows counted, at most `cap + 1` (more than `cap`: there are more). */
  count: number;
  /** Of those, rows above the read mark. */
  unread: number;
}

/**
 * How many rows each number received, and how many above its read mark, counting at most
 * `cap + 1` of its newest rows: a number with a million rows costs what one with `cap` rows does.
 * One statement for the whole page (a UNION ALL of one indexed arm per number), index-only on
 * (phone, id); the MOs the handsets sent are then taken off, found through the (msg_key, step)
 * index by their key's prefix (mo...): a filter on the channel in the arms cost a row read for
 * each row counted, on a list the console polls every few seconds.
 */
export async function countNewest(
  store: Store,
  numbers: ReadonlyArray<{ phone: string; readId: number }>,
  cap: number,
): Promise<Map<string, RowCounts>> {
  const out = new Map<string, RowCounts>();
  if (numbers.length === 0) return out;
  const arm = (n: { phone: string; readId: number }) =>
    store.db
      .selectFrom((db) =>
        db
          .selectFrom('sandbox_inbox')
          .select('id')
          .where('phone', '=', n.phone)
          .orderBy('id', 'desc')
          .limit(cap + 1)
          .as('r'),
      )
      .select([
        sql<string>`cast(${n.phone} as text)`.as('phone'),
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(case when r.id > ${n.readId} then 1 else 0 end), 0)`.as('u'),
        sql<number | null>`min(r.id)`.as('lowest'),
      ]);
  const [first, ...rest] = numbers.map(arm);
  if (!first) return out;
  const q = rest.reduce((acc, a) => acc.unionAll(a), first);
  const counted = await q.execute();
  const sent = await sentMoRows(
    store,
    counted.filter((r) => Number(r.n) > 0).map((r) => r.phone),
  );
  const readOf = new Map(numbers.map((n) => [n.phone, n.readId]));
  for (const r of counted) {
    const lowest = r.lowest === null ? Number.POSITIVE_INFINITY : Number(r.lowest);
    const readId = readOf.get(r.phone) ?? 0;
    const mine = (sent.get(r.phone) ?? []).filter((id) => id >= lowest);
    const n = Number(r.n);
    out.set(r.phone, {
      // A full window says "more than cap" still: what lies below it is not counted.
      count: n > cap ? n : n - mine.length,
      unread: Number(r.u) - mine.filter((id) => id > readId).length,
    });
  }
  return out;
}

/** The ids of the rows `phones` sent (MOs), through the (msg_key, step) index: they are few. */
async function sentMoRows(store: Store, phones: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (phones.length === 0) return out;
  const rows = await store.db
    .selectFrom('sandbox_inbox')
    .select(['phone', 'id'])
    .where('msg_key', '>=', SENT_MO_KEY_PREFIX)
    .where('msg_key', '<', SENT_MO_KEY_END)
    .where('phone', 'in', [...phones])
    .where('channel', '=', SENT_MO_CHANNEL)
    .execute();
  for (const r of rows) {
    const list = out.get(r.phone);
    if (list) list.push(Number(r.id));
    else out.set(r.phone, [Number(r.id)]);
  }
  return out;
}

/** The read marks of `phones` (a number never read has none). */
export async function readMarks(store: Store, phones: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (phones.length === 0) return out;
  const rows = await store.db
    .selectFrom('sandbox_inbox_reads')
    .select(['phone', 'read_id'])
    .where('phone', 'in', [...phones])
    .execute();
  for (const r of rows) out.set(r.phone, Number(r.read_id));
  return out;
}

/**
 * Moves the read mark of `phone` up to `readId`, never down (two console tabs reading at once
 * must not make read rows unread again). Returns the mark as stored.
 */
export async function saveReadMark(
  store: Store,
  phone: string,
  readId: number,
  now: number,
): Promise<number> {
  const r = await store.db
    .insertInto('sandbox_inbox_reads')
    .values({ phone, read_id: readId, updated_at: now })
    .onConflict((oc) =>
      oc.column('phone').doUpdateSet({
        read_id: sql<number>`case when excluded.read_id > sandbox_inbox_reads.read_id then excluded.read_id else sandbox_inbox_reads.read_id end`,
        updated_at: now,
      }),
    )
    .returning('read_id')
    .executeTakeFirstOrThrow();
  return Number(r.read_id);
}
