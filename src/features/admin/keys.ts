import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  type ApiKeyRecord,
  getKey,
  insertKey,
  listKeys,
  revokeKey,
  setKeyDlr,
} from '../../store/accounts/accounts.ts';
import { newApiKey, requireAccount } from './accounts.ts';
import { type KeyView, keyView } from './views.ts';

async function requireKey(ctx: Ctx, keyId: string): Promise<ApiKeyRecord> {
  const key = await getKey(ctx.store, keyId);
  if (!key) throw new GatewayError('A820', `key ${keyId}`);
  return key;
}

/** Another key for the account (rotation: create the new one, move clients, revoke the old). */
export async function createKey(
  ctx: Ctx,
  accountId: string,
): Promise<{ accountId: string; keyId: string; apiKey: string }> {
  await requireAccount(ctx, accountId);
  const key = newApiKey();
  await insertKey(ctx.store, accountId, key, ctx.clock.now());
  return { accountId, keyId: key.id, apiKey: key.apiKey };
}

export async function listAccountKeys(
  ctx: Ctx,
  accountId: string,
): Promise<{ accountId: string; keys: KeyView[] }> {
  await requireAccount(ctx, accountId);
  const keys = await listKeys(ctx.store, accountId);
  return { accountId, keys: keys.map(keyView) };
}

/**
 * Revokes a key for good; revoking it again answers the same. Instances cache looked-up keys for a
 * few seconds (src/http/api-auth.ts), so other instances refuse it within that time.
 */
export async function revokeApiKey(ctx: Ctx, keyId: string): Promise<{ keyId: string; revoked: true }> {
  if (!(await revokeKey(ctx.store, keyId, ctx.clock.now()))) throw new GatewayError('A820', `key ${keyId}`);
  return { keyId, revoked: true };
}

/** Whether the key's sends record international DLRs (off by default). */
export async function setApiKeyDlr(
  ctx: Ctx,
  input: { keyId: string; dlr: boolean },
): Promise<{ keyId: string; dlr: boolean }> {
  const key = await requireKey(ctx, input.keyId);
  if (key.revokedAt !== null) throw new GatewayError('A824', `key ${input.keyId} is revoked`);
  await setKeyDlr(ctx.store, input.keyId, input.dlr);
  return { keyId: input.keyId, dlr: input.dlr };
}
