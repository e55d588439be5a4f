import { type RawBuilder, sql } from 'kysely';
import { type RowSet, rowSet } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact, workWritten } from '../db/work-signal.ts';

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

/**
 * Rows per INSERT: 8 values a row makes 8,000 bound parameters, under SQLite's 32,766 and
 * PostgreSQL's 65,535 (one statement for a 10,000-recipient broadcast fails on both).
 */
const ENQUEUE_CHUNK = 1000;

/**
 * Adds jobs; with `exec` a transaction (begun by transact()), they commit (or not) with the
 * caller's own rows. The lanes that run their kinds are woken once they are committed.
 * Returns how many were added (a dedupe key already present adds none).
 */
export async function enqueueJobs(exec: Executor, jobs: readonly NewJob[], now: number): Promise<number> {
  if (jobs.length === 0) return 0;
  if (jobs.length <= ENQUEUE_CHUNK) {
    const added = await insertJobs(exec, jobs, now);
    if (added > 0) workWritten(exec, kindsOf(jobs));
    return added;
  }
  // Several statements: all or none, as a single one would be.
  if (!exec.isTransaction) {
    return transact({ db: exec }, (trx) => enqueueJobs(trx, jobs, now));
  }
  workWritten(exec, kindsOf(jobs));
  let added = 0;
  for (let i = 0; i < jobs.length; i += ENQUEUE_CHUNK) {
    added += await insertJobs(exec, jobs.slice(i, i + ENQUEUE_CHUNK), now);
  }
  return added;
}

function kindsOf(jobs: readonly NewJob[]): Set<string> {
  return new Set(jobs.map((j) => j.kind));
}

function jobRow(j: NewJob, now: number) {
  return {
    kind: j.kind,
    payload: JSON.stringify(j.payload),
    run_at: j.runAt,
    // At least one: a job with none would never be claimed, nor ever counted as dead.
    max_attempts: Math.max(1, j.maxAttempts ?? 25),
    dedupe_key: j.dedupeKey ?? null,
    attempts: 0,
    state: 'ready',
    created_at: now,
  };
}

async function insertJobs(exec: Executor, jobs: readonly NewJob[], now: number): Promise<number> {
  const res = await exec
    .insertInto('jobs')
    .values(jobs.map((j) => jobRow(j, now)))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

const JOB_COLUMNS = [
  'kind',
  'payload',
  'run_at',
  'max_attempts',
  'dedupe_key',
  'attempts',
  'state',
  'created_at',
] as const;

/** The jobs as rows for writeRowSets (bulk.ts): the send path's, merged with other sends'. */
export function jobRows(jobs: readonly NewJob[], now: number): RowSet {
  return rowSet(
    'jobs',
    JOB_COLUMNS,
    jobs.map((j) => {
      const r = jobRow(j, now);
      return JOB_COLUMNS.map((c) => r[c]);
    }),
    'on conflict (dedupe_key) do nothing',
  );
}

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId` until `leaseUntil`.
 * One UPDATE ... RETURNING: on PostgreSQL the inner SELECT skips rows that another instance is
 * claiming at this moment (FOR UPDATE SKIP LOCKED), so concurrent claims never overlap and never
 * wait on each other; SQLite has one writer, so the statement alone is atomic.
 * A job whose lease ran out is taken over by whoever claims next, its previous holder included
 * (a worker restarted under the same id, or one that could not record an outcome), except the
 * jobs in `running`: the caller still runs them (the manual clock can jump past a lease). Only
 * jobs whose lease ran out while they ran need naming there: one held under a live lease is in
 * neither walk, and a redelivery frees only a job whose lease ran out.
 * A job whose attempts are used up is never claimed again, even when no failure was recorded:
 * a job that kills its worker would otherwise be retried forever (buryAbandonedJobs ends it).
 */
export async function claimJobs(
  store: Store,
  kinds: readonly string[],
  workerId: string,
  now: number,
  leaseUntil: number,
  limit: number,
  running: readonly number[] = [],
): Promise<ClaimedJob[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const notRunning = running.length > 0 ? sql`and id not in (${sql.join(running)})` : sql``;
  // Written with literals, as the partial indexes of migration 0024 are (SQLite picks a partial
  // index only when the query's own terms imply its WHERE). The free jobs (jobs_free_due) hold no
  // running job, so a lane with hundreds of calls under way claims as cheaply as an idle one; the
  // leases that ran out (jobs_leased: a worker that died, or a clock moved past the lease) are few.
  // This worker's running jobs are left out once, outside: a lease a clock move ended, or a job a
  // redelivery freed while it runs here, must not run twice at once. The caller names only those
  // whose lease ran out: hundreds of bound ids on every claim cost more than the walks.
  const free = (kind: RawBuilder<unknown>) => sql`
    select id, run_at from jobs
    where state = 'ready' and locked_by is null and ${kind} and run_at <= ${now}
      and attempts < max_attempts
    order by run_at, id
    limit ${limit}`;
  const lapsed = (index: RawBuilder<unknown>) => sql`
    select id, run_at from jobs ${index}
    where locked_by is not null and locked_until <= ${now} and state = 'ready'
      and kind in (${sql.join(kinds)}) and run_at <= ${now} and attempts < max_attempts
    order by locked_until, id
    limit ${limit}`;
  // One walk of the free jobs for each kind, each in its index's order, then the oldest `limit` of
  // them all: for a list of kinds neither planner keeps to the index's order, and PostgreSQL sorted
  // a backlog of 60,000 webhook jobs on every claim (20 ms). PostgreSQL locks what it takes (SKIP
  // LOCKED: another instance's claim); SQLite is told the index of the lapsed jobs (its planner,
  // without statistics, took jobs_due and read every due job).
  const walks = store.caps.skipLocked
    ? [
        ...kinds.map((k) => sql`select id, run_at from (${free(sql`kind = ${k}`)} for update skip locked) f`),
        sql`select id, run_at from (${lapsed(sql``)} for update skip locked) l`,
      ]
    : [
        ...kinds.map((k) => sql`select id, run_at from (${free(sql`kind = ${k}`)})`),
        sql`select id, run_at from (${lapsed(sql`indexed by jobs_leased`)})`,
      ];
  const candidates = sql`
    select id from (${sql.join(walks, sql` union all `)}) c
    where true ${notRunning}
    order by run_at, id
    limit ${limit}`;
  const res = await sql<ClaimRow>`
    update jobs set locked_by = ${workerId}, locked_until = ${leaseUntil}, attempts = attempts + 1
    where id in (${candidates})
    returning id, kind, payload, attempts, max_attempts, run_at`.execute(store.db);
  return res.rows.map(toClaimed).sort((a, b) => a.runAt - b.runAt || a.id - b.id);
}

export interface BuriedJob {
  id: number;
  kind: string;
  attempts: number;
}

export const ABANDONED_ERROR = 'lease ran out during the last attempt (the worker died or hung)';

/**
 * Dead: jobs whose lease ran out during their last attempt. Their worker never recorded an
 * outcome (it crashed or hung, possibly because of the job itself), and claimJobs no longer takes
 * them, so without this they would stay `ready` forever, invisible to the dead-job count.
 */
export async function buryAbandonedJobs(store: Store, now: number): Promise<BuriedJob[]> {
  // Through jobs_leased (a job whose lease ran out still names its worker): the held jobs are few,
  // where the due ones can be a backlog of thousands.
  const leased = store.caps.skipLocked ? sql`` : sql`indexed by jobs_leased`;
  const res = await sql<{ id: number | string; kind: string; attempts: number }>`
    update jobs set state = 'dead', locked_by = null, locked_until = null, last_error = ${ABANDONED_ERROR}
    where id in (
      select id from jobs ${leased}
      where locked_by is not null and locked_until <= ${now} and state = 'ready' and attempts >= max_attempts)
    returning id, kind, attempts`.execute(store.db);
  return res.rows.map((r) => ({ id: Number(r.id), kind: r.kind, attempts: r.attempts }));
}

/** Done: the job row goes. Only the lease holder can complete; returns false if the lease was lost. */
export async function completeJob(store: Store, id: number, workerId: string): Promise<boolean> {
  return (await completeJobs(store, [id], workerId)).has(id);
}

/** Done, several at once: the ids this worker still held (and so deleted). */
export async function completeJobs(
  store: Store,
  ids: readonly number[],
  workerId: string,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await store.db
    .deleteFrom('jobs')
    .where('id', 'in', ids)
    .where('locked_by', '=', workerId)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Failed: back to waiting until `retryAt`, or dead once its attempts are used up, or at once when
 * `final` (no retry can help: a payload that fits no schema).
 */
export async function failJob(
  store: Store,
  id: number,
  workerId: string,
  error: string,
  retryAt: number,
  final = false,
): Promise<'retry' | 'dead' | 'lost'> {
  const row = await store.db
    .updateTable('jobs')
    .set({
      locked_by: null,
      locked_until: null,
      run_at: retryAt,
      last_error: error.slice(0, 2000),
      state: final ? 'dead' : sql<string>`case when attempts >= max_attempts then 'dead' else 'ready' end`,
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

/**
 * Lengthens every live lease by `deltaMs`: the sandbox runs the system clock `deltaMs` ahead
 * (src/features/sandbox/clock.ts), and a lease that other instances' clocks would see run out at
 * once must not hand a running job (a webhook post under way) to a second worker. Leases that had
 * run out stay so. Answers how many moved.
 */
export async function lengthenLeases(store: Store, deltaMs: number, now: number): Promise<number> {
  if (deltaMs <= 0) return 0;
  const r = await store.db
    .updateTable('jobs')
    .set({ locked_until: sql<number>`locked_until + ${deltaMs}` })
    .where('locked_by', 'is not', null)
    .where('state', '=', 'ready')
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
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

/** Waiting jobs by dedupe key, due by `until` (a connector's scheduled receipts). */
export async function dueJobsByDedupe(
  store: Store,
  keys: readonly string[],
  until: number,
): Promise<Array<{ dedupeKey: string; runAt: number; payload: Record<string, unknown> }>> {
  if (keys.length === 0) return [];
  const rows = await store.db
    .selectFrom('jobs')
    .select(['dedupe_key', 'run_at', 'payload'])
    .where('dedupe_key', 'in', keys)
    .where('run_at', '<=', until)
    .where('state', '=', 'ready')
    .execute();
  return rows.map((r) => ({
    dedupeKey: r.dedupe_key ?? '',
    runAt: Number(r.run_at),
    payload: JSON.parse(r.payload) as Record<string, unknown>,
  }));
}

/**
 * Moves a waiting job (found by its dedupe key) to another time, waking its lane once that is
 * committed (it may be due now); false when none waits.
 */
export async function moveJob(exec: Executor, dedupeKey: string, runAt: number): Promise<boolean> {
  const moved = await exec
    .updateTable('jobs')
    .set({ run_at: runAt })
    .where('dedupe_key', '=', dedupeKey)
    .where('state', '=', 'ready')
    .where('locked_by', 'is', null)
    .returning('kind')
    .execute();
  workWritten(exec, new Set(moved.map((r) => r.kind)));
  return moved.length > 0;
}
