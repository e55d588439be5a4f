import { type Executor, enqueueJobs } from './jobs.ts';

/** A delivery report as clients read it: every field a string (design.md §4). */
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
  /** The account's report mode when the report was made. */
  mode: 'polling' | 'webhook';
  body: ReportBody;
}

export const REPORT_WEBHOOK_JOB = 'report.webhook';

/**
 * Stores reports in the caller's transaction: polling ones wait for a poll; webhook ones get a
 * delivery job each, so they reach the client's webhook even across restarts.
 */
export async function insertReports(
  exec: Executor,
  reports: readonly NewReport[],
  now: number,
): Promise<void> {
  if (reports.length === 0) return;
  const rows = await exec
    .insertInto('reports')
    .values(
      reports.map((r) => ({
        account_id: r.accountId,
        msg_key: r.body.msgKey,
        report_type: r.body.reportType,
        body: JSON.stringify(r.body),
        channel: r.mode,
        batch_id: null,
        acked_at: null,
        created_at: now,
      })),
    )
    .returning(['id', 'channel'])
    .execute();
  const hooks = rows.filter((r) => r.channel === 'webhook');
  await enqueueJobs(
    exec,
    hooks.map((r) => ({
      kind: REPORT_WEBHOOK_JOB,
      payload: { reportId: Number(r.id) },
      runAt: now,
      maxAttempts: 20,
    })),
    now,
  );
}
