import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';

/** One data key of the keyring, still wrapped (src/crypto/keyring.ts opens it). */
export interface StoredKey {
  id: string;
  wrapped: string;
  createdAt: number;
  retiredAt: number | null;
}

function toKey(r: { id: string; wrapped: string; created_at: number; retired_at: number | null }): StoredKey {
  return {
    id: r.id,
    wrapped: r.wrapped,
    createdAt: Number(r.created_at),
    retiredAt: r.retired_at === null ? null : Number(r.retired_at),
  };
}

export async function insertSecretKey(
  store: Store,
  k: { id: string; wrapped: string; createdAt: number },
): Promise<void> {
  await store.db
    .insertInto('secret_keys')
    .values({ id: k.id, wrapped: k.wrapped, created_at: k.createdAt, retired_at: null })
    .execute();
}

/** The key new secrets are sealed with: the newest one not retired. */
export async function newestUsableKey(store: Store): Promise<StoredKey | undefined> {
  const r = await store.db
    .selectFrom('secret_keys')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r && toKey(r);
}

export async function getSecretKey(store: Store, id: string): Promise<StoredKey | undefined> {
  const r = await store.db.selectFrom('secret_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toKey(r);
}

export async function listSecretKeys(store: Store): Promise<StoredKey[]> {
  const rows = await store.db
    .selectFrom('secret_keys')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toKey);
}

/**
 * Holds the key for the rest of the transaction when it is not retired; false when it is. Every
 * write of a sealed value does this first, so that a value never lands under a retired key: on
 * PostgreSQL the share lock makes a rotation's retirement wait for the writes holding the key
 * (and a write that comes after it sees the key retired); SQLite runs one write transaction at a
 * time (BEGIN IMMEDIATE), so a read inside it is enough. After its retirement the rows under a key
 * can only become fewer, which is what lets a rotation finish in one pass.
 */
export async function holdUsableKey(tx: Executor, caps: Capabilities, id: string): Promise<boolean> {
  let q = tx.selectFrom('secret_keys').select('id').where('id', '=', id).where('retired_at', 'is', null);
  if (caps.skipLocked) q = q.forShare();
  return (await q.executeTakeFirst()) !== undefined;
}

/** Retires every key but `keep` (and those already retired); the ids retired. */
export async function retireKeysExcept(store: Store, keep: string, now: number): Promise<string[]> {
  const rows = await store.db
    .updateTable('secret_keys')
    .set({ retired_at: now })
    .where('id', '<>', keep)
    .where('retired_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function retiredKeyIds(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom('secret_keys')
    .select('id')
    .where('retired_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export type RetiredKeyFate =
  | { id: string; fate: 'deleted' }
  /** Sealed values are still under it (a rotation has not resealed them yet). */
  | { id: string; fate: 'in-use' }
  /** Unexpired 2FA codes have their HMAC under it: deleted once the last expires. */
  | { id: string; fate: 'kept'; until: number };

/**
 * Deletes a retired key that nothing needs any more. The HMACs of 2FA codes cannot be recomputed
 * under another key (the code is not kept), so a key stays while a code under it can still be
 * verified; expired codes under it lose their HMAC with it (nothing could check them any more).
 */
export async function dropRetiredKey(store: Store, id: string, now: number): Promise<RetiredKeyFate> {
  return transact(store, async (tx) => {
    const account = await tx
      .selectFrom('accounts')
      .select('id')
      .where('webhook_key', '=', id)
      .limit(1)
      .executeTakeFirst();
    const request = await tx
      .selectFrom('request_secrets')
      .select('request_id')
      .where('key_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (account || request) return { id, fate: 'in-use' };
    const live = await tx
      .selectFrom('twofa_requests')
      .select((eb) => eb.fn.max('expires_at').as('until'))
      .where('code_key', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (live?.until !== null && live?.until !== undefined)
      return { id, fate: 'kept', until: Number(live.until) };
    await tx
      .updateTable('twofa_requests')
      .set({ code_hash: '', code_key: null })
      .where('code_key', '=', id)
      .execute();
    await tx.deleteFrom('secret_keys').where('id', '=', id).where('retired_at', 'is not', null).execute();
    return { id, fate: 'deleted' };
  });
}

/** Deletes every retired key nothing needs any more (a rotation's end, and the engine's sweep). */
export async function dropRetiredKeys(store: Store, now: number): Promise<RetiredKeyFate[]> {
  const fates: RetiredKeyFate[] = [];
  for (const id of await retiredKeyIds(store)) fates.push(await dropRetiredKey(store, id, now));
  return fates;
}
