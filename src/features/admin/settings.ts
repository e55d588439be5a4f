import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { webhookSecretContext } from '../../crypto/webhook-secret.ts';
import { GatewayError } from '../../errors.ts';
import { generateSecret } from '../../rules/api-key.ts';
import { setAccountWebhook, updateAccount } from '../../store/accounts/accounts.ts';
import { requireAccount } from './accounts.ts';
import { checkInt, checkText, checkWebhookUrl } from './checks.ts';
import { MAX_PER_SECOND, REPORT_MODES, type ReportMode } from './constants.ts';
import type { WebhookSet as WebhookSetSchema } from './schemas.ts';
import { type LimitsView, limitsView } from './views.ts';

export { MAX_PER_SECOND, REPORT_MODES, type ReportMode };

/** A generated secret is shown here, once; a given one never: GET answers only whether one is set. */
export type WebhookSet = Static<typeof WebhookSetSchema>;

/**
 * Where MO messages and (in webhook mode) reports are posted, and the HMAC secret that signs them.
 * The secret is stored sealed under the keyring's current key (docs/security.md).
 */
export async function setWebhook(
  ctx: Ctx,
  input: { accountId: string; url: string; secret?: string | undefined },
): Promise<WebhookSet> {
  const url = checkWebhookUrl(checkText('url', input.url.trim(), 1, 2048));
  // Judged again at every post (a name may resolve elsewhere later); refused here when it already
  // names, or resolves to, an address the gateway does not post to.
  const refused = await ctx.outbound.urlRefusal(new URL(url));
  if (refused !== null) throw new GatewayError('A750', `url: ${refused}`);
  const secret = input.secret === undefined ? generateSecret() : checkText('secret', input.secret, 8, 256);
  await requireAccount(ctx, input.accountId);
  await ctx.secrets.writeSealed((tx, k) =>
    setAccountWebhook(tx, input.accountId, {
      url,
      sealed: ctx.secrets.seal(k, secret, webhookSecretContext(input.accountId)),
      keyId: k.id,
    }),
  );
  // Write-only: a secret the operator chose is never sent back (it would sit in proxies' and
  // terminals' logs); a generated one must be shown, once, or nobody could verify a post.
  return {
    accountId: input.accountId,
    url,
    secretSet: true,
    ...(input.secret === undefined ? { secret } : {}),
  };
}

/**
 * Removes the webhook. Refused while reports go to it: they would pile up undeliverable, so the
 * operator switches the account to polling first.
 */
export async function clearWebhook(ctx: Ctx, accountId: string): Promise<{ accountId: string; url: null }> {
  const account = await requireAccount(ctx, accountId);
  if (account.reportMode === 'webhook') {
    throw new GatewayError('A824', 'reports go to this webhook; set report mode to polling first');
  }
  await setAccountWebhook(ctx.store.db, accountId, null);
  return { accountId, url: null };
}

export async function setReportMode(
  ctx: Ctx,
  input: { accountId: string; mode: ReportMode },
): Promise<{ accountId: string; reportMode: ReportMode }> {
  if (!REPORT_MODES.includes(input.mode)) {
    throw new GatewayError('A300', 'mode must be polling or webhook');
  }
  const account = await requireAccount(ctx, input.accountId);
  if (input.mode === 'webhook' && account.webhookUrl === null) {
    throw new GatewayError(
      'A824',
      'report mode webhook needs a webhook URL; set one first (PUT /admin/v1/accounts/{accountId}/webhook)',
    );
  }
  await updateAccount(ctx.store, input.accountId, { report_mode: input.mode });
  return { accountId: input.accountId, reportMode: input.mode };
}

/**
 * Per-account rate limits. null lifts a limit; an absent field keeps its value, so one limit can
 * change without restating the other.
 */
export async function setLimits(
  ctx: Ctx,
  input: {
    accountId: string;
    sendPerSecond?: number | null | undefined;
    requestsPerSecond?: number | null | undefined;
  },
): Promise<LimitsView> {
  const patch: { send_per_second?: number | null; requests_per_second?: number | null } = {};
  if (input.sendPerSecond !== undefined) {
    patch.send_per_second =
      input.sendPerSecond === null ? null : checkInt('sendPerSecond', input.sendPerSecond, 1, MAX_PER_SECOND);
  }
  if (input.requestsPerSecond !== undefined) {
    patch.requests_per_second =
      input.requestsPerSecond === null
        ? null
        : checkInt('requestsPerSecond', input.requestsPerSecond, 1, MAX_PER_SECOND);
  }
  const account = await requireAccount(ctx, input.accountId);
  if (Object.keys(patch).length === 0) return limitsView(account);
  const updated = await updateAccount(ctx.store, input.accountId, patch);
  return limitsView(updated ?? account);
}
