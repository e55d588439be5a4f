import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';
import type { AccountsTable } from '../schema/schema.ts';

export interface Account {
  id: string;
  name: string;
  reportMode: 'polling' | 'webhook';
  webhookUrl: string | null;
  /**
   * The signing secret as stored: sealed (src/crypto/webhook-secret.ts opens it), or in clear when
   * an instance older than 0022_secrets wrote it and nothing has sealed it yet. Never readable
   * from this record alone.
   */
  webhookSecret: StoredSecret | null;
  sendPerSecond: number | null;
  requestsPerSecond: number | null;
  createdAt: number;
}

export type StoredSecret = { sealed: string } | { plain: string };

type AccountRow = Pick<
  AccountsTable,
  | 'id'
  | 'name'
  | 'report_mode'
  | 'webhook_url'
  | 'webhook_secret'
  | 'webhook_secret_sealed'
  | 'send_per_second'
  | 'requests_per_second'
  | 'created_at'
>;

function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    name: r.name,
    reportMode: r.report_mode === 'webhook' ? 'webhook' : 'polling',
    webhookUrl: r.webhook_url,
    webhookSecret:
      r.webhook_secret_sealed !== null
        ? { sealed: r.webhook_secret_sealed }
        : r.webhook_secret !== null
          ? { plain: r.webhook_secret }
          : null,
    sendPerSecond: r.send_per_second,
    requestsPerSecond: r.requests_per_second,
    createdAt: Number(r.created_at),
  };
}

export interface NewKey {
  id: string;
  hash: string;
  prefix: string;
}

/** Creates an account and its first API key in one transaction. */
export async function insertAccount(
  store: Store,
  account: { id: string; name: string },
  key: NewKey,
  now: number,
): Promise<void> {
  await transact(store, async (tx) => {
    await tx
      .insertInto('accounts')
      .values({ id: account.id, name: account.name, report_mode: 'polling', created_at: now })
      .execute();
    await tx
      .insertInto('api_keys')
      .values({
        id: key.id,
        account_id: account.id,
        key_hash: key.hash,
        key_prefix: key.prefix,
        dlr: 0,
        created_at: now,
      })
      .execute();
  });
}

export async function getAccount(store: Store, id: string): Promise<Account | undefined> {
  const r = await store.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toAccount(r) : undefined;
}

/** Several accounts by id (the ones that exist). */
export async function getAccounts(store: Store, ids: readonly string[]): Promise<Map<string, Account>> {
  if (ids.length === 0) return new Map();
  const rows = await store.db.selectFrom('accounts').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, toAccount(r)]));
}

export async function listAccounts(store: Store): Promise<Account[]> {
  const rows = await store.db
    .selectFrom('accounts')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}

export async function updateAccount(
  store: Store,
  id: string,
  patch: Partial<Pick<AccountsTable, 'report_mode' | 'send_per_second' | 'requests_per_second'>>,
): Promise<Account | undefined> {
  const r = await store.db
    .updateTable('accounts')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return r ? toAccount(r) : undefined;
}

/**
 * Sets (sealed, with the data key it is under) or removes the webhook. `exec` is the transaction
 * that holds the key (store/accounts/secret-keys.ts holdUsableKey). The clear column is emptied either way.
 */
export async function setAccountWebhook(
  exec: Executor,
  id: string,
  webhook: { url: string; sealed: string; keyId: string } | null,
): Promise<boolean> {
  const res = await exec
    .updateTable('accounts')
    .set({
      webhook_url: webhook?.url ?? null,
      webhook_secret: null,
      webhook_secret_sealed: webhook?.sealed ?? null,
      webhook_key: webhook?.keyId ?? null,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Accounts whose secret is still in clear (written before 0022_secrets, or by an older instance). */
export async function accountsWithPlainSecret(store: Store): Promise<Array<{ id: string; secret: string }>> {
  const rows = await store.db
    .selectFrom('accounts')
    .select(['id', 'webhook_secret'])
    .where('webhook_secret', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => (r.webhook_secret === null ? [] : [{ id: r.id, secret: r.webhook_secret }]));
}

/** Replaces a clear secret by its sealed form, if it is still that secret; false when it changed. */
export async function sealPlainSecret(
  tx: Executor,
  id: string,
  plain: string,
  to: { sealed: string; keyId: string },
): Promise<boolean> {
  const res = await tx
    .updateTable('accounts')
    .set({ webhook_secret: null, webhook_secret_sealed: to.sealed, webhook_key: to.keyId })
    .where('id', '=', id)
    .where('webhook_secret', '=', plain)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Sealed secrets under one of `keyIds`, after account `after` in id order (a rotation's pass). */
export async function webhookSecretsUnder(
  store: Store,
  keyIds: readonly string[],
  after: string,
  limit: number,
): Promise<Array<{ id: string; sealed: string }>> {
  if (keyIds.length === 0) return [];
  const rows = await store.db
    .selectFrom('accounts')
    .select(['id', 'webhook_secret_sealed'])
    .where('webhook_key', 'in', keyIds)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.flatMap((r) =>
    r.webhook_secret_sealed === null ? [] : [{ id: r.id, sealed: r.webhook_secret_sealed }],
  );
}

/** Replaces a sealed secret that is still `from` (not set anew meanwhile). */
export async function resealWebhookSecret(
  tx: Executor,
  id: string,
  from: string,
  to: { sealed: string; keyId: string },
): Promise<boolean> {
  const res = await tx
    .updateTable('accounts')
    .set({ webhook_secret_sealed: to.sealed, webhook_key: to.keyId })
    .where('id', '=', id)
    .where('webhook_secret_sealed', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  prefix: string;
  dlr: boolean;
  createdAt: number;
  revokedAt: number | null;
}

export async function insertKey(store: Store, accountId: string, key: NewKey, now: number): Promise<void> {
  await store.db
    .insertInto('api_keys')
    .values({
      id: key.id,
      account_id: accountId,
      key_hash: key.hash,
      key_prefix: key.prefix,
      dlr: 0,
      created_at: now,
    })
    .execute();
}

function toKeyRecord(r: {
  id: string;
  account_id: string;
  key_prefix: string;
  dlr: number;
  created_at: number;
  revoked_at: number | null;
}): ApiKeyRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    prefix: r.key_prefix,
    dlr: r.dlr === 1,
    createdAt: Number(r.created_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

export async function getKey(store: Store, keyId: string): Promise<ApiKeyRecord | undefined> {
  const r = await store.db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'key_prefix', 'dlr', 'created_at', 'revoked_at'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  return r ? toKeyRecord(r) : undefined;
}

export async function listKeys(store: Store, accountId: string): Promise<ApiKeyRecord[]> {
  const rows = await store.db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'key_prefix', 'dlr', 'created_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toKeyRecord);
}

/** Revokes a key; returns false when there is no such key. Revoking twice keeps the first time. */
export async function revokeKey(store: Store, keyId: string, now: number): Promise<boolean> {
  const exists = await store.db
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!exists) return false;
  await store.db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

export async function setKeyDlr(store: Store, keyId: string, dlr: boolean): Promise<boolean> {
  const res = await store.db
    .updateTable('api_keys')
    .set({ dlr: dlr ? 1 : 0 })
    .where('id', '=', keyId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** What a client request is authenticated as. */
export interface KeyPrincipal {
  keyId: string;
  dlr: boolean;
  revoked: boolean;
  account: Account;
}

export async function findKeyByHash(store: Store, hash: string): Promise<KeyPrincipal | undefined> {
  const r = await store.db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select([
      'k.id as key_id',
      'k.dlr',
      'k.revoked_at',
      'a.id',
      'a.name',
      'a.report_mode',
      'a.webhook_url',
      'a.webhook_secret',
      'a.webhook_secret_sealed',
      'a.send_per_second',
      'a.requests_per_second',
      'a.created_at',
    ])
    .where('k.key_hash', '=', hash)
    .executeTakeFirst();
  if (!r) return undefined;
  return { keyId: r.key_id, dlr: r.dlr === 1, revoked: r.revoked_at !== null, account: toAccount(r) };
}
