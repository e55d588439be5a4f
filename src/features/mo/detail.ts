import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { getAccount } from '../../store/accounts/accounts.ts';
import {
  moWebhookStatus,
  webhookFailuresOf,
  webhookUrlShown,
} from '../../store/messages/webhook-attempts.ts';
import { getMo } from '../../store/mo/mo.ts';
import { ATTEMPTS_LISTED, acknowledgedAttempt, failedAttempt } from '../admin/webhook-attempt-view.ts';
import { moBody } from './body.ts';
import { moView } from './manage.ts';
import type { AdminMoDetailView } from './schemas.ts';

/**
 * GET /admin/v1/mo/{msgKey}: the MO, whether its account has a webhook to post it to, the body
 * posted, and every attempt: the failed posts (rows of their own), then the one that delivered it
 * (its status kept on the MO). An attempt without a webhook posted nothing and is not listed.
 */
export async function showMoDetail(ctx: Ctx, msgKey: string): Promise<AdminMoDetailView> {
  const mo = await getMo(ctx.store.db, msgKey);
  if (!mo) throw new GatewayError('A732', `msgKey ${msgKey}`);
  const [account, failures, status] = await Promise.all([
    getAccount(ctx.store, mo.accountId),
    webhookFailuresOf(ctx.store, 'mo', msgKey, ATTEMPTS_LISTED),
    mo.deliveredAt === null ? null : moWebhookStatus(ctx.store, msgKey),
  ]);
  const url = account?.webhookUrl ?? null;
  const attempts = failures.rows.map(failedAttempt);
  if (mo.deliveredAt !== null) attempts.push(acknowledgedAttempt(mo.deliveredAt, status, url));
  return {
    accountId: mo.accountId,
    ...moView(mo),
    webhookConfigured: Boolean(url) && account?.webhookSecret != null,
    webhookUrl: url ? webhookUrlShown(url) : null,
    webhookBody: moBody(mo),
    webhookAttempts: attempts,
    earlierAttemptsOmitted: failures.more,
  };
}
