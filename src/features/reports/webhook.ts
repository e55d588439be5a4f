import { signingTime } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { openWebhookSecret } from '../../crypto/webhook-secret.ts';
import { coalesce } from '../../engine/coalesce.ts';
import { postSignedJson } from '../../http/webhook-client.ts';
import { type Account, getAccounts } from '../../store/accounts/accounts.ts';
import { getReports, markReportsAcked, type StoredReport } from '../../store/messages/reports.ts';
import { type RecordFailure, webhookFailureLog } from './attempt-log.ts';

/** No answer within 5 s is a failure (docs/reports.md#webhook). */
export const REPORT_WEBHOOK_TIMEOUT_MS = 5000;

export type Delivery = 'delivered' | 'already-acknowledged' | 'gone';

/** Posts one report to its account's webhook; see reportWebhook. */
export type DeliverReport = (reportId: number) => Promise<Delivery>;

/**
 * Posts reports to their accounts' webhooks and records the acknowledgements. A delivery throws
 * on every failure (the job runner retries with backoff): a non-2xx answer, an answer without the
 * same msgKey, a network error, no answer in time, or an account without a webhook any more.
 *
 * The reads and the acknowledgements of deliveries running at once are gathered into one
 * statement per turn of the event loop (coalesce): a report's post is unavoidable, but its four
 * statements of its own made the database, not the network, the bound. The acknowledgement keeps
 * the post's HTTP status; a failed post is recorded as a row of its own (attempt-log.ts), and an
 * account without a webhook posts nothing, so records nothing.
 */
export function reportWebhook(ctx: Ctx, timeoutMs = REPORT_WEBHOOK_TIMEOUT_MS): DeliverReport {
  const loadReport = coalesce(async (ids: readonly number[]) => {
    const found = await getReports(ctx.store, [...new Set(ids)]);
    return ids.map((id) => found.get(id));
  });
  const loadAccount = coalesce(async (ids: readonly string[]) => {
    const found = await getAccounts(ctx.store, [...new Set(ids)]);
    return ids.map((id) => found.get(id));
  });
  const ack = coalesce(async (acks: ReadonlyArray<{ id: number; status: number }>) => {
    const now = ctx.clock.now();
    // One statement per status: a batch of answers is almost always all 200.
    const byStatus = new Map<number, number[]>();
    for (const a of acks) {
      const ids = byStatus.get(a.status);
      if (ids) ids.push(a.id);
      else byStatus.set(a.status, [a.id]);
    }
    for (const [status, ids] of byStatus) await markReportsAcked(ctx.store, ids, now, status);
    return acks.map(() => undefined);
  });
  const recordFailure = webhookFailureLog(ctx);
  return async (reportId) => {
    const report = await loadReport(reportId);
    if (!report) return 'gone';
    // An earlier attempt was acknowledged but its job outlived it (the worker died before completing).
    if (report.ackedAt !== null) return 'already-acknowledged';
    const status = await post(ctx, report, await loadAccount(report.accountId), timeoutMs, recordFailure);
    await ack({ id: report.id, status });
    return 'delivered';
  };
}

/** Posts the report; answers the acknowledging status, or throws why it was not acknowledged. */
async function post(
  ctx: Ctx,
  report: StoredReport,
  account: Account | undefined,
  timeoutMs: number,
  recordFailure: RecordFailure,
): Promise<number> {
  if (!account) throw new Error(`account ${report.accountId} no longer exists`);
  const secret = await openWebhookSecret(ctx.secrets, account);
  if (!account.webhookUrl || secret === null) {
    throw new Error(
      `account ${account.id} has no webhook URL; set one with PUT /admin/v1/accounts/${account.id}/webhook`,
    );
  }
  const url = account.webhookUrl;
  // The attempt's time on the gateway clock, as every other time of its message; the signature's
  // on real time (signingTime), which the receiver checks against its own clock.
  const at = ctx.clock.now();
  const signedAt = signingTime(ctx.clock);
  const answer = await postSignedJson(url, secret, report.body, signedAt, timeoutMs, ctx.outbound);
  const failed = async (error: string): Promise<never> => {
    const reportId = report.id;
    const msgKey = report.body.msgKey;
    await recordFailure({
      kind: 'report',
      msgKey,
      reportId,
      at,
      signedAt,
      url,
      status: answer.status ?? null,
      error,
    });
    throw new Error(error);
  };
  if (!answer.ok) return failed(`webhook: ${answer.error ?? 'failed'}`);
  const echoed = msgKeyOf(answer.json);
  if (echoed !== report.body.msgKey) {
    return failed(
      `webhook answered msgKey ${JSON.stringify(echoed ?? null)}, expected ${JSON.stringify(report.body.msgKey)}`,
    );
  }
  return answer.status ?? 200;
}

function msgKeyOf(json: unknown): unknown {
  return json !== null && typeof json === 'object' && 'msgKey' in json ? json.msgKey : undefined;
}
