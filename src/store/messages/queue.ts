import { sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { workWritten } from '../db/work-signal.ts';
import { DISPATCH_WORK } from './due-work.ts';
import { type DispatchColumns, type DispatchRow, dispatchColumns, toDispatch } from './messages.ts';

/*
 * The message row is its own queue entry (migration 0025): a `queued` message is due at its
 * `next_at`, and so is a `waiting` one whose wait for a result ran out there. A claim sets
 * `claimed_until`, the end of a lease, so that no other claim takes it while a pass submits it
 * (or settles its timeout); the pass's commit moves it on (waiting, delivered, failed, or queued
 * again at a later time, unclaimed), and a pass that dies leaves it to be claimed again once the
 * lease has run out. `claimed_until` is in no index: on PostgreSQL the claim, its renewals and a
 * hand-back are heap-only updates. The statements name the status as a literal: the partial
 * indexes messages_queued and messages_waiting are used by SQLite's planner only when the
 * query's own terms imply their WHERE.
 */

/** The statuses whose rows are claimed when due, and the partial index of each. */
export type DueStatus = 'queued' | 'waiting';
const INDEX: Record<DueStatus, string> = { queued: 'messages_queued', waiting: 'messages_waiting' };

/**
 * Claims up to `limit` due messages of `status` nobody holds, oldest due first, until `leaseUntil`.
 * PostgreSQL skips rows another instance's claim is taking (SKIP LOCKED); SQLite has one writer,
 * so the statement is atomic on its own. The due walk passes the claims under way (at most the
 * rows a process has in flight) and reads their rows to see the lease. `running`: messages this
 * engine is still submitting whose lease ran out (a clock moved past it), never claimed twice at
 * once here.
 */
export async function claimDueMessages(
  store: Store,
  now: number,
  leaseUntil: number,
  limit: number,
  running: readonly string[] = [],
  status: DueStatus = 'queued',
): Promise<DispatchRow[]> {
  if (limit <= 0) return [];
  const notRunning = running.length > 0 ? sql`and msg_key not in (${sql.join(running)})` : sql``;
  const free = sql`status = ${sql.lit(status)} and next_at <= ${now}
    and (claimed_until is null or claimed_until <= ${now}) ${notRunning}`;
  const due = store.caps.skipLocked
    ? sql`select msg_key from messages where ${free} order by next_at limit ${limit} for update skip locked`
    : sql`select msg_key from messages indexed by ${sql.raw(INDEX[status])} where ${free} order by next_at limit ${limit}`;
  const res = await sql<DispatchColumns>`
    update messages set claimed_until = ${leaseUntil}
    where msg_key in (${due})
    returning ${sql.join(dispatchColumns.map((c) => sql.ref(c)))}`.execute(store.db);
  return res.rows.map(toDispatch).sort((a, b) => (a.msgKey < b.msgKey ? -1 : a.msgKey > b.msgKey ? 1 : 0));
}

/**
 * Moves the claims of `msgKeys` still held under `leaseEnd` (in `status`, the lease unchanged
 * since the claim or the last renewal): to a later lease end (a renewal), or back to nobody (a
 * hand-back), a queued one due at `dueAt`. A message a commit moved on, or another claim took,
 * is left as it is.
 */
export async function moveClaims(
  exec: Executor,
  msgKeys: readonly string[],
  leaseEnd: number,
  to: { leaseUntil: number } | { dueAt: number },
  status: DueStatus = 'queued',
): Promise<number> {
  const set =
    'leaseUntil' in to
      ? sql`claimed_until = ${to.leaseUntil}`
      : status === 'queued'
        ? sql`claimed_until = null, next_at = ${to.dueAt}`
        : sql`claimed_until = null`;
  let n = 0;
  for (let i = 0; i < msgKeys.length; i += 500) {
    const res = await sql`
      update messages set ${set}
      where msg_key in (${sql.join(msgKeys.slice(i, i + 500))}) and status = ${sql.lit(status)} and claimed_until = ${leaseEnd}`.execute(
      exec,
    );
    n += Number(res.numAffectedRows ?? 0);
  }
  return n;
}

/** Whether a wait ran out that nobody is settling: a read, so that most looks write nothing. */
export async function anyExpiredWait(store: Store, now: number): Promise<boolean> {
  const row = await store.db
    .selectFrom('messages')
    .select('msg_key')
    .where(sql<boolean>`status = 'waiting'`)
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Queued messages with no due time become due now: those of `dispatch` jobs an instance of the
 * version before migration 0025 enqueued (a rolling upgrade), or any the sweep finds.
 */
export async function makeDue(
  exec: Executor,
  where: { requestId: string } | { msgKeys: readonly string[] },
  now: number,
): Promise<number> {
  let q = exec
    .updateTable('messages')
    .set({ next_at: now })
    .where('status', '=', 'queued')
    .where('next_at', 'is', null);
  q =
    'requestId' in where
      ? q.where('request_id', '=', where.requestId)
      : q.where('msg_key', 'in', where.msgKeys);
  const res = await q.executeTakeFirst();
  const n = Number(res.numUpdatedRows);
  if (n > 0) workWritten(exec, [DISPATCH_WORK]);
  return n;
}
