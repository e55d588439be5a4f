import type { Ctx } from '../../context.ts';
import { postSignedJson } from '../../http/webhook-client.ts';
import { getAccount } from '../../store/accounts.ts';
import { getReport, markReportAcked } from '../../store/reports.ts';

/** design.md §4: no answer within 5 s is a failure. */
export const REPORT_WEBHOOK_TIMEOUT_MS = 5000;

export type Delivery = 'delivered' | 'already-acknowledged' | 'gone';

/**
 * Posts one report to its account's webhook and records the acknowledgement. Throws on every
 * failure (the job runner retries with backoff): a non-2xx answer, an answer without the same
 * msgKey, a network error, no answer in time, or an account without a webhook any more.
 */
export async function deliverReport(
  ctx: Ctx,
  reportId: number,
  timeoutMs = REPORT_WEBHOOK_TIMEOUT_MS,
): Promise<Delivery> {
  const report = await getReport(ctx.store, reportId);
  if (!report) return 'gone';
  // An earlier attempt was acknowledged but its job outlived it (the worker died before completing).
  if (report.ackedAt !== null) return 'already-acknowledged';
  const account = await getAccount(ctx.store, report.accountId);
  if (!account) throw new Error(`account ${report.accountId} no longer exists`);
  if (!account.webhookUrl || !account.webhookSecret) {
    throw new Error(
      `account ${account.id} has no webhook URL; set one with PUT /admin/v1/accounts/${account.id}/webhook`,
    );
  }
  const answer = await postSignedJson(
    account.webhookUrl,
    account.webhookSecret,
    report.body,
    ctx.clock.now(),
    timeoutMs,
  );
  if (!answer.ok) throw new Error(`webhook: ${answer.error ?? 'failed'}`);
  const echoed = msgKeyOf(answer.json);
  if (echoed !== report.body.msgKey) {
    throw new Error(
      `webhook answered msgKey ${JSON.stringify(echoed ?? null)}, expected ${JSON.stringify(report.body.msgKey)}`,
    );
  }
  await markReportAcked(ctx.store, report.id, ctx.clock.now());
  return 'delivered';
}

function msgKeyOf(json: unknown): unknown {
  return json !== null && typeof json === 'object' && 'msgKey' in json ? json.msgKey : undefined;
}
