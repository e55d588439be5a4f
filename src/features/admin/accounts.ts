import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { generateApiKey, hashApiKey, keyPrefix } from '../../rules/api-key.ts';
import {
  type Account,
  getAccount,
  insertAccount,
  listAccounts,
  listKeys,
} from '../../store/accounts/accounts.ts';
import { listSenderNumbers } from '../../store/accounts/senders.ts';
import { newId } from '../../store/db/ids.ts';
import { listBrands } from '../../store/templates/brands.ts';
import { listProfiles } from '../../store/templates/profiles.ts';
import { checkText } from './checks.ts';
import type { CreatedAccount as CreatedAccountSchema } from './schemas.ts';
import {
  type AccountDetailView,
  type AccountSummaryView,
  accountSummaryView,
  brandView,
  keyView,
  profileView,
  senderView,
} from './views.ts';

/** The account, or A820 naming it. Every use case under an account starts here. */
export async function requireAccount(ctx: Ctx, accountId: string): Promise<Account> {
  const account = await getAccount(ctx.store, accountId);
  if (!account) throw new GatewayError('A820', `account ${accountId}`);
  return account;
}

/** A fresh API key: the caller shows `apiKey` once; only its SHA-256 is kept. */
export function newApiKey(): { id: string; apiKey: string; hash: string; prefix: string } {
  const apiKey = generateApiKey();
  return { id: newId('key_'), apiKey, hash: hashApiKey(apiKey), prefix: keyPrefix(apiKey) };
}

/** The new account and its first key, answered once. */
export type CreatedAccount = Static<typeof CreatedAccountSchema>;

/** Creates an account with its first API key (one transaction: never an account without a key). */
export async function createAccount(ctx: Ctx, input: { name: string }): Promise<CreatedAccount> {
  const name = checkText('name', input.name.trim(), 1, 100);
  const key = newApiKey();
  const accountId = newId('acc_');
  await insertAccount(ctx.store, { id: accountId, name }, key, ctx.clock.now());
  return { accountId, apiKey: key.apiKey, keyId: key.id };
}

export async function listAccountSummaries(ctx: Ctx): Promise<{ accounts: AccountSummaryView[] }> {
  const accounts = await listAccounts(ctx.store);
  return { accounts: accounts.map(accountSummaryView) };
}

/** An account with everything registered for it; secrets are never part of it. */
export async function showAccount(ctx: Ctx, accountId: string): Promise<AccountDetailView> {
  const a = await requireAccount(ctx, accountId);
  const [keys, senders, profiles, brands] = await Promise.all([
    listKeys(ctx.store, a.id),
    listSenderNumbers(ctx.store, a.id),
    listProfiles(ctx.store, a.id),
    listBrands(ctx.store, a.id),
  ]);
  return {
    ...accountSummaryView(a),
    webhook: { url: a.webhookUrl, secretSet: a.webhookSecret !== null },
    limits: { sendPerSecond: a.sendPerSecond, requestsPerSecond: a.requestsPerSecond },
    keys: keys.map(keyView),
    senders: senders.map(senderView),
    senderProfiles: profiles.map(profileView),
    rcsBrands: brands.map(brandView),
  };
}
