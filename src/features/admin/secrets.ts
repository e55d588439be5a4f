import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { webhookSecretContext } from '../../crypto/webhook-secret.ts';
import { requestSecretContext } from '../../engine/sealed-flow.ts';
import {
  accountsWithPlainSecret,
  resealWebhookSecret,
  sealPlainSecret,
  webhookSecretsUnder,
} from '../../store/accounts/accounts.ts';
import { dropRetiredKeys, retiredKeyIds, retireKeysExcept } from '../../store/accounts/secret-keys.ts';
import type { Store } from '../../store/db/database.ts';
import type { Executor } from '../../store/db/executor.ts';
import { requestSecretsUnder, resealRequestSecret } from '../../store/messages/request-secrets.ts';

/** Values resealed per transaction: short transactions beside the live traffic. */
const RESEAL_BATCH = 200;

/** One kind of sealed value a rotation moves to the new key. */
interface SealedColumn {
  context(id: string): string;
  under(
    store: Store,
    keyIds: readonly string[],
    after: string,
    limit: number,
  ): Promise<Array<{ id: string; sealed: string }>>;
  reseal(tx: Executor, id: string, from: string, to: { sealed: string; keyId: string }): Promise<boolean>;
}

const WEBHOOK_SECRETS: SealedColumn = {
  context: webhookSecretContext,
  under: webhookSecretsUnder,
  reseal: resealWebhookSecret,
};

const REQUEST_SECRETS: SealedColumn = {
  context: requestSecretContext,
  under: requestSecretsUnder,
  reseal: resealRequestSecret,
};

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

/**
 * Reseals every value of one kind under a retired key with the current key, in id order. The
 * values are opened before each batch's transaction (fetching a key inside it would wait for the
 * connection the transaction holds, on SQLite). A value changed meanwhile is left as it is: it was
 * written under a key not retired (holdUsableKey), so one pass finds them all.
 */
async function resealAll(ctx: Ctx, keyIds: readonly string[], column: SealedColumn): Promise<number> {
  let moved = 0;
  let after = '';
  for (;;) {
    const rows = await column.under(ctx.store, keyIds, after, RESEAL_BATCH);
    const last = rows.at(-1);
    if (!last) return moved;
    after = last.id;
    const opened = await Promise.all(
      rows.map(async (r) => ({ ...r, plain: await ctx.secrets.open(r.sealed, column.context(r.id)) })),
    );
    moved += await ctx.secrets.writeSealed(async (tx, k) => {
      let n = 0;
      for (const r of opened) {
        const to = { sealed: ctx.secrets.seal(k, r.plain, column.context(r.id)), keyId: k.id };
        if (await column.reseal(tx, r.id, r.sealed, to)) n += 1;
      }
      return n;
    });
  }
}

export interface Rotation {
  /** The data key everything is sealed under now. */
  key: string;
  /** The master key that wraps it (its id: `m` and 16 hex digits). */
  masterKey: string;
  /** The keys this rotation retired. */
  retired: string[];
  resealed: { webhookSecrets: number; requestSecrets: number };
  /** Webhook secrets found in clear and sealed. */
  sealedFromClear: number;
  /** Retired keys deleted (this rotation's, and any an earlier one left). */
  deleted: string[];
  /**
   * Retired keys kept because unexpired 2FA codes have their HMAC under them: the engine's sweep
   * deletes each once its last code expired (`until`, gateway clock).
   */
  kept: Array<{ key: string; until: string }>;
}

/**
 * `omnigate secrets rotate`: a new data key under the current master key, every sealed value
 * resealed under it, the old keys deleted. Running gateways go on signing and verifying
 * throughout (src/crypto/keyring.ts). Safe to run twice at once, and to run again after a crash:
 * it works on whatever retired keys are left. `now` is the gateway clock (2FA expiry).
 */
export async function rotateSecrets(ctx: Ctx, now: number = ctx.clock.now()): Promise<Rotation> {
  const sealedFromClear = await sealPlainWebhookSecrets(ctx);
  const fresh = await ctx.secrets.addKey();
  const retired = await retireKeysExcept(ctx.store, fresh.id, Date.now());
  ctx.secrets.forgetCurrent();
  const old = await retiredKeyIds(ctx.store);
  const webhookSecrets = await resealAll(ctx, old, WEBHOOK_SECRETS);
  const requestSecrets = await resealAll(ctx, old, REQUEST_SECRETS);
  const fates = await dropRetiredKeys(ctx.store, now);
  const rotation: Rotation = {
    key: fresh.id,
    masterKey: ctx.secrets.masterId,
    retired,
    resealed: { webhookSecrets, requestSecrets },
    sealedFromClear,
    deleted: fates.flatMap((f) => (f.fate === 'deleted' ? [f.id] : [])),
    kept: fates.flatMap((f) => (f.fate === 'kept' ? [{ key: f.id, until: isoKst(f.until) }] : [])),
  };
  // A key still holding values here was retired by a concurrent rotation after this one listed the
  // keys; that rotation reseals them.
  ctx.logger.info({ key: rotation.key, retired, deleted: rotation.deleted }, 'secrets rotated');
  return rotation;
}
