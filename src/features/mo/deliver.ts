import { signingTime } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { openWebhookSecret } from '../../crypto/webhook-secret.ts';
import { postSignedJson } from '../../http/webhook-client.ts';
import { getAccount } from '../../store/accounts/accounts.ts';
import { getMo, markMoDelivered, recordMoFailure } from '../../store/mo/mo.ts';
import { webhookFailureLog } from '../reports/attempt-log.ts';
import { moBody } from './body.ts';
import { MO_WEBHOOK_TIMEOUT_MS, nextMoAttempt } from './schedule.ts';

/**
 * What became of one attempt: done (delivered, or nothing left to do), or the time of the next
 * attempt (failed, or a redelivery asked for meanwhile).
 */
export type MoAttempt =
  | { outcome: 'delivered' | 'given-up' | 'nothing-to-do' }
  | { outcome: 'retry'; at: number; error: string };

/**
 * One attempt to post an MO to its account's webhook. Success is a 2xx JSON answer holding the
 * same msgKey; anything else is a failed attempt recorded on the MO with the next attempt's time
 * (or GIVEN_UP past the limit). An account without a webhook URL counts as a failed attempt too:
 * the MO waits on the same schedule until one is set (docs/webhooks.md). A post that failed is
 * recorded as a row of its own (webhook_attempts); the one that delivers keeps its status on the
 * MO; an attempt without a webhook posted nothing and records nothing.
 */
export async function deliverMo(
  ctx: Ctx,
  msgKey: string,
  timeoutMs = MO_WEBHOOK_TIMEOUT_MS,
): Promise<MoAttempt> {
  const mo = await getMo(ctx.store.db, msgKey);
  // Delivered: the job outlived the acknowledgement (its worker died before completing it), and an
  // acknowledged MO is never posted again. Given up: a redelivery makes a job of its own.
  if (!mo || (mo.status !== 'PENDING' && mo.status !== 'FAILED')) return { outcome: 'nothing-to-do' };
  const { error, posted } = await post(ctx, mo.accountId, moBody(mo), timeoutMs);
  const now = ctx.clock.now();
  if (error === null) {
    await markMoDelivered(ctx.store, msgKey, now, posted?.status ?? null);
    return { outcome: 'delivered' };
  }
  if (posted) {
    await webhookFailureLog(ctx)({ kind: 'mo', msgKey, reportId: null, error, ...posted });
  }
  const nextAt = nextMoAttempt(mo.roundStartedAt, mo.roundAttempts + 1, now);
  if (await recordMoFailure(ctx.store, msgKey, mo.roundAttempts, { error, now, nextAt })) {
    if (nextAt === null) {
      ctx.logger.warn({ msgKey, accountId: mo.accountId, attempts: mo.attempts + 1, error }, 'MO given up');
      return { outcome: 'given-up' };
    }
    return { outcome: 'retry', at: nextAt, error };
  }
  // A redelivery restarted the schedule during the post: follow the new one.
  const current = await getMo(ctx.store.db, msgKey);
  if (current?.nextAttemptAt != null && (current.status === 'PENDING' || current.status === 'FAILED')) {
    return { outcome: 'retry', at: current.nextAttemptAt, error };
  }
  return { outcome: 'nothing-to-do' };
}

/** The post as it went: when it began, where to, the receiver's status if one came. */
interface Posted {
  at: number;
  signedAt: number;
  url: string;
  status: number | null;
}

/** Posts the body: `error` null when acknowledged, else why not; `posted` when a request was made. */
async function post(
  ctx: Ctx,
  accountId: string,
  body: ReturnType<typeof moBody>,
  timeoutMs: number,
): Promise<{ error: string | null; posted: Posted | null }> {
  const account = await getAccount(ctx.store, accountId);
  if (!account) return { error: `account ${accountId} no longer exists`, posted: null };
  const secret = await openWebhookSecret(ctx.secrets, account);
  if (!account.webhookUrl || secret === null) {
    const error = `account has no webhook URL; set one with PUT /admin/v1/accounts/${accountId}/webhook`;
    return { error, posted: null };
  }
  // The attempt's time on the gateway clock, as every other time of its message; the signature's
  // on real time (signingTime), which the receiver checks against its own clock.
  const at = ctx.clock.now();
  const signedAt = signingTime(ctx.clock);
  const answer = await postSignedJson(account.webhookUrl, secret, body, signedAt, timeoutMs, ctx.outbound);
  const posted = { at, signedAt, url: account.webhookUrl, status: answer.status ?? null };
  if (!answer.ok) return { error: `webhook: ${answer.error ?? 'failed'}`, posted };
  const echoed =
    answer.json !== null && typeof answer.json === 'object' && 'msgKey' in answer.json
      ? answer.json.msgKey
      : undefined;
  if (echoed !== body.msgKey) {
    const error = `webhook answered msgKey ${JSON.stringify(echoed ?? null)}, expected ${JSON.stringify(body.msgKey)}`;
    return { error, posted };
  }
  return { error: null, posted };
}
