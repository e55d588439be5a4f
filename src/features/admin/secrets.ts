import type { Ctx } from '../../context.ts';
import { webhookSecretContext } from '../../crypto/webhook-secret.ts';
import { accountsWithPlainSecret, sealPlainSecret } from '../../store/accounts.ts';

/**
 * Seals the webhook secrets still in clear: those written before 0022_secrets, or by an instance
 * of an older version during a rolling upgrade. Run at every start and by a rotation; how many.
 */
export async function sealPlainWebhookSecrets(ctx: Ctx): Promise<number> {
  const plain = await accountsWithPlainSecret(ctx.store);
  if (plain.length === 0) return 0;
  const sealed = await ctx.secrets.writeSealed(async (tx, k) => {
    let n = 0;
    for (const a of plain) {
      const to = { sealed: ctx.secrets.seal(k, a.secret, webhookSecretContext(a.id)), keyId: k.id };
      if (await sealPlainSecret(tx, a.id, a.secret, to)) n += 1;
    }
    return n;
  });
  if (sealed > 0) ctx.logger.info({ accounts: sealed }, 'webhook secrets stored in clear were sealed');
  return sealed;
}
