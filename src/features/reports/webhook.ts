import type { Ctx } from '../../context.ts';
import { openWebhookSecret } from '../../crypto/webhook-secret.ts';
import { coalesce } from '../../engine/coalesce.ts';
import { postSignedJson } from '../../http/webhook-client.ts';
import { type Account, getAccounts } from '../../store/accounts/accounts.ts';
import { getReports, markReportsAcked, type StoredReport } from '../../store/messages/reports.ts';

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
 * statements of its own made the database, not the network, the bound.
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
  const ack = coalesce(async (ids: readonly number[]) => {
    await markReportsAcked(ctx.store, ids, ctx.clock.now());
    return ids.map(() => undefined);
  });
  return async (reportId) => {
    const report = await loadReport(reportId);
    if (!report) return 'gone';
    // An earlier attempt was acknowledged but its job outlived it (the worker died before completing).
    if (report.ackedAt !== null) return 'already-acknowledged';
    await post(ctx, report, await loadAccount(report.accountId), timeoutMs);
    await ack(report.id);
    return 'delivered';
  };
}

async function post(ctx: Ctx, report: StoredReport, account: Account | undefined, timeoutMs: number) {
  if (!account) throw new Error(`account ${report.accountId} no longer exists`);
  const secret = await openWebhookSecret(ctx.secrets, account);
  if (!account.webhookUrl || secret === null) {
    throw new Error(
      `account ${account.id} has no webhook URL; set one with PUT /admin/v1/accounts/${account.id}/webhook`,
    );
  }
  const answer = await postSignedJson(
    account.webhookUrl,
    secret,
    report.body,
    ctx.clock.now(),
    timeoutMs,
    ctx.outbound,
  );
  if (!answer.ok) throw new Error(`webhook: ${answer.error ?? 'failed'}`);
  const echoed = msgKeyOf(answer.json);
  if (echoed !== report.body.msgKey) {
    throw new Error(
      `webhook answered msgKey ${JSON.stringify(echoed ?? null)}, expected ${JSON.stringify(report.body.msgKey)}`,
    );
  }
}

function msgKeyOf(json: unknown): unknown {
  return json !== null && typeof json === 'object' && 'msgKey' in json ? json.msgKey : undefined;
}
