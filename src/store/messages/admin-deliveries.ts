import { sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { finishWalk, type Walked } from '../db/walk.ts';
import { type MoRecord, type MoStatus, toRecord as toMoRecord } from '../mo/mo.ts';
import { REPORT_WEBHOOK_JOB } from './reports.ts';

/*
 * The operator's view of webhook deliveries. An MO's delivery is its own row (mo_messages); a
 * report's is the report row (acknowledged or not) and its `report.webhook` job, which holds the
 * attempts, the last error and the next run until it completes (the row goes) or dies.
 */

// ---- MO ----

/** MO messages, newest first along the primary key (MO keys are time-ordered), filters on a window. */
export async function walkMo(
  store: Store,
  f: { accountId?: string | undefined; statuses?: readonly MoStatus[] | undefined },
  afterKey: string | null,
  limit: number,
  window: number,
): Promise<Walked<MoRecord, string>> {
  const base = () => {
    let q = store.db.selectFrom('mo_messages');
    if (afterKey !== null) q = q.where('msg_key', '<', afterKey);
    return q.orderBy('msg_key', 'desc');
  };
  let q = store.db.selectFrom(base().selectAll().limit(window).as('w')).selectAll();
  if (f.accountId !== undefined) q = q.where('account_id', '=', f.accountId);
  if (f.statuses !== undefined) q = q.where('status', 'in', [...f.statuses]);
  const matches = await q
    .orderBy('msg_key', 'desc')
    .limit(limit + 1)
    .execute();
  const walked = await finishWalk(
    matches,
    limit,
    (r) => r.msg_key,
    async () =>
      (
        await base()
          .select('msg_key')
          .offset(window - 1)
          .limit(1)
          .executeTakeFirst()
      )?.msg_key,
  );
  return { ...walked, rows: walked.rows.map(toMoRecord) };
}

export async function moReceivedAt(store: Store, msgKey: string): Promise<number | undefined> {
  const r = await store.db
    .selectFrom('mo_messages')
    .select('received_at')
    .where('msg_key', '=', msgKey)
    .executeTakeFirst();
  return r && Number(r.received_at);
}

// ---- reports ----

export interface WebhookReport {
  id: number;
  accountId: string;
  msgKey: string;
  /** polling or webhook: the way chosen when the report was made. */
  channel: string;
  body: string;
  ackedAt: number | null;
  createdAt: number;
}

const REPORT_COLUMNS = ['id', 'account_id', 'msg_key', 'channel', 'body', 'acked_at', 'created_at'] as const;

function toReport(r: {
  id: number | string;
  account_id: string;
  msg_key: string;
  channel: string;
  body: string;
  acked_at: number | string | null;
  created_at: number | string;
}): WebhookReport {
  return {
    id: Number(r.id),
    accountId: r.account_id,
    msgKey: r.msg_key,
    channel: r.channel,
    body: r.body,
    ackedAt: r.acked_at === null ? null : Number(r.acked_at),
    createdAt: Number(r.created_at),
  };
}

export async function reportById(store: Store, id: number): Promise<WebhookReport | undefined> {
  const r = await store.db
    .selectFrom('reports')
    .select(REPORT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return r && toReport(r);
}

export async function reportCreatedAt(store: Store, id: number): Promise<number | undefined> {
  return (await reportById(store, id))?.createdAt;
}

/**
 * Reports whose way is the webhook, newest first along the primary key; `acked` keeps only the
 * acknowledged (true) or unacknowledged (false) ones. Filters on a window of `window` reports.
 */
export async function walkWebhookReports(
  store: Store,
  f: { accountId?: string | undefined; acked?: boolean | undefined },
  afterId: number | null,
  limit: number,
  window: number,
): Promise<Walked<WebhookReport, number>> {
  const base = () => {
    let q = store.db.selectFrom('reports');
    if (afterId !== null) q = q.where('id', '<', afterId);
    return q.orderBy('id', 'desc');
  };
  let q = store.db
    .selectFrom(base().select(REPORT_COLUMNS).limit(window).as('w'))
    .selectAll()
    .where('channel', '=', sql.lit('webhook'));
  if (f.accountId !== undefined) q = q.where('account_id', '=', f.accountId);
  if (f.acked === true) q = q.where('acked_at', 'is not', null);
  if (f.acked === false) q = q.where('acked_at', 'is', null);
  const matches = await q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const walked = await finishWalk(
    matches,
    limit,
    (r) => Number(r.id),
    async () => {
      const edge = await base()
        .select('id')
        .offset(window - 1)
        .limit(1)
        .executeTakeFirst();
      return edge && Number(edge.id);
    },
  );
  return { ...walked, rows: walked.rows.map(toReport) };
}

export interface DeliveryJob {
  id: number;
  reportId: number;
  /** ready (waiting or running) or dead */
  state: string;
  attempts: number;
  lastError: string | null;
  runAt: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  createdAt: number;
}

/** The payload routeReports (src/features/reports/route.ts) gives a report's delivery job: the job is found by it. */
export function reportJobPayload(reportId: number): string {
  return JSON.stringify({ reportId });
}

function reportIdOf(payload: string): number | null {
  try {
    const p: unknown = JSON.parse(payload);
    const id = p !== null && typeof p === 'object' && 'reportId' in p ? p.reportId : null;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

const JOB_COLUMNS = [
  'id',
  'payload',
  'state',
  'attempts',
  'last_error',
  'run_at',
  'locked_by',
  'locked_until',
  'created_at',
] as const;

function toJob(r: {
  id: number | string;
  payload: string;
  state: string;
  attempts: number;
  last_error: string | null;
  run_at: number | string;
  locked_by: string | null;
  locked_until: number | string | null;
  created_at: number | string;
}): DeliveryJob | null {
  const reportId = reportIdOf(r.payload);
  if (reportId === null) return null;
  return {
    id: Number(r.id),
    reportId,
    state: r.state,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    runAt: Number(r.run_at),
    lockedBy: r.locked_by,
    lockedUntil: r.locked_until === null ? null : Number(r.locked_until),
    createdAt: Number(r.created_at),
  };
}

/**
 * The delivery jobs of these reports (by payload: the jobs table has no index for it, but it holds
 * only work not done yet and dead jobs, never the history).
 */
export async function jobsOfReports(
  exec: Executor,
  reportIds: readonly number[],
): Promise<Map<number, DeliveryJob>> {
  const out = new Map<number, DeliveryJob>();
  if (reportIds.length === 0) return out;
  const rows = await exec
    .selectFrom('jobs')
    .select(JOB_COLUMNS)
    // The kind as a literal, not a parameter: SQLite uses a partial index (jobs_report_payload)
    // only when the query's condition is visibly the index's own.
    .where('kind', '=', sql.lit(REPORT_WEBHOOK_JOB))
    .where('payload', 'in', reportIds.map(reportJobPayload))
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const job = toJob(r);
    // A ready job wins over a dead one (never both after a redelivery, but rows written by hand).
    if (job && !(out.get(job.reportId)?.state === 'ready' && job.state !== 'ready'))
      out.set(job.reportId, job);
  }
  return out;
}

export type JobFilter = 'pending' | 'failed';

/**
 * Report delivery jobs, newest first along the jobs' primary key, with their reports: pending
 * (not tried yet, or a redelivery due) or failed (the last try failed: retrying, or dead). Jobs
 * are checked on a window of `window` jobs; reports of another account, or acknowledged since
 * (a job about to complete), are left out.
 */
export async function walkReportJobs(
  store: Store,
  filter: JobFilter,
  accountId: string | undefined,
  afterJobId: number | null,
  limit: number,
  window: number,
): Promise<Walked<{ job: DeliveryJob; report: WebhookReport }, number>> {
  const base = () => {
    let q = store.db.selectFrom('jobs');
    if (afterJobId !== null) q = q.where('id', '<', afterJobId);
    return q.orderBy('id', 'desc');
  };
  const inWindow = await store.db
    .selectFrom(
      base()
        .select([...JOB_COLUMNS, 'kind'])
        .limit(window)
        .as('w'),
    )
    .select(JOB_COLUMNS)
    .where('kind', '=', REPORT_WEBHOOK_JOB)
    .where((eb) =>
      filter === 'pending'
        ? eb.and([eb('state', '=', 'ready'), eb.or([eb('last_error', 'is', null), eb('attempts', '=', 0)])])
        : eb.or([
            eb('state', '=', 'dead'),
            eb.and([eb('state', '=', 'ready'), eb('attempts', '>', 0), eb('last_error', 'is not', null)]),
          ]),
    )
    .orderBy('id', 'desc')
    .execute();
  const jobs = inWindow.map(toJob).filter((j): j is DeliveryJob => j !== null);
  const found: Array<{ job: DeliveryJob; report: WebhookReport }> = [];
  // Reports are read a chunk at a time, and only until the page (and one more) is full.
  for (let i = 0; i < jobs.length && found.length <= limit; i += 200) {
    const chunk = jobs.slice(i, i + 200);
    const rows = await store.db
      .selectFrom('reports')
      .select(REPORT_COLUMNS)
      .where(
        'id',
        'in',
        chunk.map((j) => j.reportId),
      )
      .execute();
    const reports = new Map(rows.map((r) => [Number(r.id), toReport(r)]));
    for (const job of chunk) {
      const report = reports.get(job.reportId);
      if (!report || report.ackedAt !== null) continue;
      if (accountId !== undefined && report.accountId !== accountId) continue;
      found.push({ job, report });
    }
  }
  return finishWalk(
    found,
    limit,
    (x) => x.job.id,
    async () => {
      const edge = await base()
        .select('id')
        .offset(window - 1)
        .limit(1)
        .executeTakeFirst();
      return edge && Number(edge.id);
    },
  );
}

export async function jobCreatedAt(store: Store, id: number): Promise<number | undefined> {
  const r = await store.db.selectFrom('jobs').select('created_at').where('id', '=', id).executeTakeFirst();
  return r && Number(r.created_at);
}
