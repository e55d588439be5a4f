import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { REPORT_WEBHOOK } from '../../store/messages/reports.ts';
import { REPORT_WEBHOOK_TIMEOUT_MS, reportWebhook } from './webhook.ts';

export interface ReportJobOptions {
  /** How long the client's webhook has to answer (tests shorten it). */
  webhookTimeoutMs?: number;
}

/**
 * Background work of reports: delivery to the account's webhook. A failed delivery throws, and
 * the runner retries it after 1 s, 2 s, 4 s ... (at most 1 h) until the job's 20 attempts are
 * used up; the job row is then kept as dead with its last error, and the report stays
 * unacknowledged (the report inquiry still shows it).
 */
export function reportJobHandlers(ctx: Ctx, options: ReportJobOptions = {}): ReadonlyMap<string, JobHandler> {
  const deliver = reportWebhook(ctx, options.webhookTimeoutMs ?? REPORT_WEBHOOK_TIMEOUT_MS);
  return new Map([
    handles(REPORT_WEBHOOK, async ({ reportId }) => {
      await deliver(reportId);
      return undefined;
    }),
  ]);
}
