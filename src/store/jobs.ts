import { type Kysely, sql, type Transaction } from 'kysely';
import type { Store } from './database.ts';
import type { DB } from './schema.ts';

/** Anything that can run a query: the store's database or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

export interface NewJob {
  kind: string;
  /** Ids only, never copies of data: the handler reads current state from the store. */
  payload: Record<string, unknown>;
  runAt: number;
  maxAttempts?: number;
  /** While a job with this key exists, another with the same key is not added. */
  dedupeKey?: string;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  runAt: number;
}

interface ClaimRow {
  id: number | string;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  run_at: number | string;
}

function toClaimed(r: ClaimRow): ClaimedJob {
  const parsed: unknown = JSON.parse(r.payload);
  const payload = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return {
    id: Number(r.id),
    kind: r.kind,
    payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: Number(r.run_at),
  };
}

/** Adds jobs; with `exec` a transaction, they commit (or not) with the caller's own rows. */
export async function enqueueJobs(exec: Executor, jobs: readonly NewJob[], now: number): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = jobs.map((j) => ({
    kind: j.kind,
    payload: JSON.stringify(j.payload),
    run_at: j.runAt,
    max_attempts: j.maxAttempts ?? 25,
    dedupe_key: j.dedupeKey ?? null,
    attempts: 0,
    state: 'ready',
    created_at: now,
  }));
  const res = await exec
    .insertInto('jobs')
    .values(rows)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId` until `leaseUntil`.
 * One UPDATE ... RETURNING: on PostgreSQL the inner SELECT skips rows that another instance is
 * claiming at this moment (FOR UPDATE SKIP LOCKED), so concurrent claims never overlap and never
 * wait on each other; SQLite has one writer, so the statement alone is atomic. A worker never
 * re-claims its own job whose lease ran out while it still runs it (the manual clock can jump).
 */
export async function claimJobs(
  store: Store,
  kinds: readonly string[],
  workerId: string,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<ClaimedJob[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const lock = store.caps.skipLocked ? sql`for update skip locked` : sql``;
  const res = await sql<ClaimRow>`
    update jobs set locked_by = ${workerId}, locked_until = ${leaseUntil}, attempts = attempts + 1
    where id in (
      select id from jobs
      where state = 'ready' and run_at <= ${now}
        and (locked_until is null or (locked_until <= ${now} and locked_by <> ${workerId}))
        and kind in (${sql.join(kinds)})
      order by run_at, id
      limit ${limit}
      ${lock}
    )
    returning id, kind, payload, attempts, max_attempts, run_at`.execute(store.db);
  return res.rows.map(toClaimed).sort((a, b) => a.runAt - b.runAt || a.id - b.id);
}

/** Done: the job row goes. Only the lease holder can complete; returns false if the lease was lost. */
export async function completeJob(store: Store, id: number, workerId: string): Promise<boolean> {
  const res = await store.db
    .deleteFrom('jobs')
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Failed: back to waiting until `retryAt`, or dead once its attempts are used up. */
export async function failJob(
  store: Store,
  id: number,
  workerId: string,
  error: string,
  retryAt: number,
): Promise<'retry' | 'dead' | 'lost'> {
  const row = await store.db
    .updateTable('jobs')
    .set({
      locked_by: null,
      locked_until: null,
      run_at: retryAt,
      last_error: error.slice(0, 2000),
      state: sql<string>`case when attempts >= max_attempts then 'dead' else 'ready' end`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .returning('state')
    .executeTakeFirst();
  if (!row) return 'lost';
  return row.state === 'dead' ? 'dead' : 'retry';
}

/** Not done and not failed: run again at `runAt` (waiting for a time or for pace), attempts reset. */
export async function rescheduleJob(
  store: Store,
  id: number,
  workerId: string,
  runAt: number,
  payload?: Record<string, unknown>,
): Promise<boolean> {
  const res = await store.db
    .updateTable('jobs')
    .set({
      locked_by: null,
      locked_until: null,
      run_at: runAt,
      attempts: 0,
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Keeps the lease of jobs still running. */
export async function extendLeases(
  store: Store,
  ids: readonly number[],
  workerId: string,
  leaseUntil: number,
): Promise<void> {
  if (ids.length === 0) return;
  await store.db
    .updateTable('jobs')
    .set({ locked_until: leaseUntil })
    .where('id', 'in', ids)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Shutdown: hands unfinished jobs back at once, without counting the interrupted attempt. */
export async function releaseJobs(store: Store, ids: readonly number[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await store.db
    .updateTable('jobs')
    .set({ locked_by: null, locked_until: null, attempts: sql<number>`attempts - 1` })
    .where('id', 'in', ids)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Earliest time any waiting job of these kinds becomes due (null when none waits). */
export async function nextDueAt(store: Store, kinds: readonly string[]): Promise<number | null> {
  if (kinds.length === 0) return null;
  const row = await store.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('next'))
    .where('state', '=', 'ready')
    .where('locked_by', 'is', null)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return row?.next == null ? null : Number(row.next);
}

export interface JobCounts {
  kind: string;
  state: string;
  count: number;
}

/** For /metrics: how many jobs wait or died, by kind. */
export async function countJobs(store: Store): Promise<JobCounts[]> {
  const rows = await store.db
    .selectFrom('jobs')
    .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) }));
}
