import type { Capabilities } from './capabilities.ts';
import type { Store } from './database.ts';
import type { Executor } from './jobs.ts';

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
