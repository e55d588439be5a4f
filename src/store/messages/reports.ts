import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { bulkInsert } from '../db/bulk.ts';
import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/work-signal.ts';
import { defineJob } from '../jobs/job-kind.ts';

/** A delivery report as clients read it: every field a string (docs/reports.md#the-report-record). */
export interface ReportBody {
  msgKey: string;
  serviceType: string;
  msgType: string;
  /** STANDARD: the result of the message (for international SMS: the aggregator's acceptance); DLR: the handset receipt. */
  reportType: 'STANDARD' | 'DLR';
  /** 10000 delivered; otherwise the failure code (docs/reports.md). */
  reportCode: string;
  reportText: string;
  /** yyyy-MM-dd HH:mm:ss, Korea time. */
  reportTime: string;
  sendTime: string;
  carrier: string;
  ref: string;
}

export interface NewReport {
  accountId: string;
  /** Forces the way (tests); otherwise the account's report mode decides, read in the same transaction. */
  mode?: 'polling' | 'webhook';
  body: ReportBody;
}

/**
 * Attempts of a report's webhook delivery before its job is kept as dead: with the runner's
 * backoff (1 s doubling, at most 1 h) the last one runs about 8 hours after the first.
 */
export const REPORT_WEBHOOK_MAX_ATTEMPTS = 20;

/**
 * The post of one report to its account's webhook (features/reports/jobs.ts runs it). Declared
 * here, under its handler's layer: the store adds these jobs (a redelivery) and reads their
 * payloads (the delivery list, the purge).
 */
export const REPORT_WEBHOOK = defineJob(
  'report.webhook',
  Type.Object({ reportId: Type.Integer({ minimum: 1 }) }),
  { maxAttempts: REPORT_WEBHOOK_MAX_ATTEMPTS },
);
export const REPORT_WEBHOOK_JOB = REPORT_WEBHOOK.kind;

/** Each account's report mode, read in the caller's transaction (never from a cache). */
export async function reportModes(
  exec: Executor,
  accountIds: readonly string[],
): Promise<Map<string, 'polling' | 'webhook'>> {
  const modes = new Map<string, 'polling' | 'webhook'>();
  if (accountIds.length === 0) return modes;
  const accs = await exec
    .selectFrom('accounts')
    .select(['id', 'report_mode'])
    .where('id', 'in', [...accountIds])
    .execute();
  for (const a of accs) modes.set(a.id, a.report_mode === 'webhook' ? 'webhook' : 'polling');
  return modes;
}

/** A report row to store: `channel` is its way to the client (a poll, or its webhook job). */
export interface ReportRow {
  accountId: string;
  channel: 'polling' | 'webhook';
  body: ReportBody;
}

/**
 * Stores report rows in the caller's transaction; answers each one's id and channel (the order of
 * rows a multi-row insert returns is not promised).
 */
export async function insertReportRows(
  exec: Executor,
  caps: Capabilities,
  rows: readonly ReportRow[],
  now: number,
): Promise<Array<{ id: number; channel: string }>> {
  if (rows.length === 0) return [];
  const stored = await bulkInsert<'reports', { id: number | string; channel: string }>(
    exec,
    caps,
    'reports',
    ['account_id', 'msg_key', 'report_type', 'body', 'channel', 'created_at'],
    rows.map((r) => [r.accountId, r.body.msgKey, r.body.reportType, JSON.stringify(r.body), r.channel, now]),
    'returning id, channel',
  );
  return stored.map((r) => ({ id: Number(r.id), channel: r.channel }));
}

/** Reads a stored body back; every field comes out a string whatever an older writer stored. */
export function parseReportBody(json: string): ReportBody {
  const parsed: unknown = JSON.parse(json);
  const o: Record<string, unknown> = parsed !== null && typeof parsed === 'object' ? { ...parsed } : {};
  const s = (k: keyof ReportBody): string => {
    const v = o[k];
    return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
  };
  return {
    msgKey: s('msgKey'),
    serviceType: s('serviceType'),
    msgType: s('msgType'),
    reportType: o.reportType === 'DLR' ? 'DLR' : 'STANDARD',
    reportCode: s('reportCode'),
    reportText: s('reportText'),
    reportTime: s('reportTime'),
    sendTime: s('sendTime'),
    carrier: s('carrier'),
    ref: s('ref'),
  };
}

// ---- polling ----

/**
 * Reports per poll. A client reads at most a batch per round trip (the next poll waits for the
 * acknowledgement), so the batch bounds how fast it can read: at 100, a client of a busy gateway
 * (round trips of ~10 ms) could not read 10,000 reports a second (docs/decisions.md).
 */
export const POLL_BATCH_SIZE = 1000;

export interface PolledBatch {
  batchId: string;
  reports: ReportBody[];
}

/*
 * The predicates below are written with literals, as in the partial indexes of migration 0004:
 * SQLite picks a partial index only when the query's terms imply the index's WHERE clause, and a
 * bound parameter implies nothing.
 */

/** The account's batch that was handed out and not acknowledged yet. */
async function readOpenBatch(exec: Executor, accountId: string): Promise<PolledBatch | null> {
  const first = await exec
    .selectFrom('reports')
    .select('batch_id')
    .where('account_id', '=', accountId)
    .where('batch_id', 'is not', null)
    .where('acked_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const batchId = first?.batch_id;
  if (!batchId) return null;
  const rows = await exec
    .selectFrom('reports')
    .select('body')
    .where('account_id', '=', accountId)
    .where('batch_id', '=', batchId)
    .where('acked_at', 'is', null)
    .orderBy('id')
    .execute();
  return { batchId, reports: rows.map((r) => parseReportBody(r.body)) };
}

function unbatched(exec: Executor, accountId: string) {
  return exec
    .selectFrom('reports')
    .where('account_id', '=', accountId)
    .where('batch_id', 'is', null)
    .where('acked_at', 'is', null)
    .where('channel', '=', sql.lit('polling'))
    .orderBy('id');
}

/**
 * The batch a poll answers: the open one if there is one, else the next up to POLL_BATCH_SIZE waiting
 * polling reports under a new time-ordered batch id; null when nothing waits.
 *
 * Two polls of one account at the same moment (a client retrying, two pollers) must hand out
 * one batch, not two: the second would be returned by nobody until the first is acknowledged,
 * and with FOR UPDATE SKIP LOCKED alone both could each grab 100 rows. So the batch is made in a
 * transaction that first locks the account's row; the other poll waits on that lock and then,
 * reading again, finds the batch just made. PostgreSQL is the dialect with row locks (the same
 * capability that gives SKIP LOCKED); on SQLite the transaction alone serialises the writers.
 */
export async function takePollBatch(store: Store, accountId: string): Promise<PolledBatch | null> {
  const open = await readOpenBatch(store.db, accountId);
  if (open) return open;
  // Most polls of an idle account end here, without a transaction or a lock.
  const waiting = await unbatched(store.db, accountId).select('id').limit(1).executeTakeFirst();
  if (!waiting) return null;
  return transact(store, async (trx) => {
    if (store.caps.skipLocked) {
      await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
    }
    const again = await readOpenBatch(trx, accountId);
    if (again) return again;
    const rows = await unbatched(trx, accountId).select(['id', 'body']).limit(POLL_BATCH_SIZE).execute();
    if (rows.length === 0) return null;
    const batchId = newId('rpt_');
    await trx
      .updateTable('reports')
      .set({ batch_id: batchId })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return { batchId, reports: rows.map((r) => parseReportBody(r.body)) };
  });
}

/**
 * Acknowledges a batch handed out by takePollBatch. `acked` the first time; `already` for a batch
 * acknowledged before (a client retrying a DELETE whose answer it lost); `unknown` when the
 * account never received a batch of that id. The rows stay, for the report inquiry.
 */
export async function ackPollBatch(
  store: Store,
  accountId: string,
  batchId: string,
  now: number,
): Promise<'acked' | 'already' | 'unknown'> {
  const res = await store.db
    .updateTable('reports')
    .set({ acked_at: now })
    .where('account_id', '=', accountId)
    .where('batch_id', '=', batchId)
    .where('acked_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return 'acked';
  const seen = await store.db
    .selectFrom('reports')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return seen ? 'already' : 'unknown';
}

// ---- inquiry and webhook delivery ----

/** Every report of a message of the account, in the order they were made. */
export async function listReportsOfMessage(
  store: Store,
  accountId: string,
  msgKey: string,
): Promise<ReportBody[]> {
  const rows = await store.db
    .selectFrom('reports')
    .select('body')
    .where('msg_key', '=', msgKey)
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => parseReportBody(r.body));
}

export interface StoredReport {
  id: number;
  accountId: string;
  body: ReportBody;
  ackedAt: number | null;
}

/** Several reports by id (the ones that still exist), for a batch of webhook deliveries. */
export async function getReports(store: Store, ids: readonly number[]): Promise<Map<number, StoredReport>> {
  const found = new Map<number, StoredReport>();
  if (ids.length === 0) return found;
  const rows = await store.db
    .selectFrom('reports')
    .select(['id', 'account_id', 'body', 'acked_at'])
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) {
    const id = Number(r.id);
    found.set(id, {
      id,
      accountId: r.account_id,
      body: parseReportBody(r.body),
      ackedAt: r.acked_at === null ? null : Number(r.acked_at),
    });
  }
  return found;
}

/**
 * The client's webhook acknowledged these reports (one statement for a batch of answers), with
 * the HTTP status of the acknowledging posts (the caller groups the answers by it).
 */
export async function markReportsAcked(
  store: Store,
  ids: readonly number[],
  now: number,
  webhookStatus: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await store.db
    .updateTable('reports')
    .set({ acked_at: now, webhook_status: webhookStatus })
    .where('id', 'in', ids)
    .where('acked_at', 'is', null)
    .execute();
}
