import type { Capabilities } from '../../store/db/capabilities.ts';
import type { Executor } from '../../store/db/executor.ts';
import { enqueueJobs } from '../../store/jobs/jobs.ts';
import {
  insertReportRows,
  type NewReport,
  REPORT_WEBHOOK,
  reportModes,
} from '../../store/messages/reports.ts';

/**
 * A report's way to its client, decided in the transaction that stores it: polling ones wait for
 * a poll; webhook ones get a delivery job each, so they reach the client's webhook even across
 * restarts. The mode in force when the report is made decides, read in that transaction, never
 * from a cache that a switch of mode would leave behind.
 */
export async function routeReports(
  exec: Executor,
  caps: Capabilities,
  reports: readonly NewReport[],
  now: number,
): Promise<void> {
  if (reports.length === 0) return;
  const modes = await reportModes(exec, [
    ...new Set(reports.filter((r) => r.mode === undefined).map((r) => r.accountId)),
  ]);
  const rows = await insertReportRows(
    exec,
    caps,
    reports.map((r) => ({
      accountId: r.accountId,
      channel: r.mode ?? modes.get(r.accountId) ?? 'polling',
      body: r.body,
    })),
    now,
  );
  const hooks = rows.filter((r) => r.channel === 'webhook');
  await enqueueJobs(
    exec,
    hooks.map((r) => REPORT_WEBHOOK.job({ reportId: r.id }, { runAt: now })),
    now,
  );
}
