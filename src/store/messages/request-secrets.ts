import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

/** A send request's sealed messageFlow (schema-secrets.ts). */
export interface RequestSecret {
  requestId: string;
  keyId: string;
  sealed: string;
  eraseAt: number;
}

export async function insertRequestSecret(tx: Executor, r: RequestSecret, now: number): Promise<void> {
  await tx
    .insertInto('request_secrets')
    .values({
      request_id: r.requestId,
      key_id: r.keyId,
      sealed: r.sealed,
      erase_at: r.eraseAt,
      created_at: now,
    })
    .execute();
}

export async function getRequestSecret(store: Store, requestId: string): Promise<RequestSecret | undefined> {
  const r = await store.db
    .selectFrom('request_secrets')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return r && { requestId: r.request_id, keyId: r.key_id, sealed: r.sealed, eraseAt: Number(r.erase_at) };
}

/** Deletes the sealed flows past their use (the sweep); how many. */
export async function eraseRequestSecrets(store: Store, now: number): Promise<number> {
  const res = await store.db.deleteFrom('request_secrets').where('erase_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Sealed flows under one of `keyIds`, after `after` in id order (a rotation's pass). */
export async function requestSecretsUnder(
  store: Store,
  keyIds: readonly string[],
  after: string,
  limit: number,
): Promise<Array<{ id: string; sealed: string }>> {
  if (keyIds.length === 0) return [];
  const rows = await store.db
    .selectFrom('request_secrets')
    .select(['request_id', 'sealed'])
    .where('key_id', 'in', keyIds)
    .where('request_id', '>', after)
    .orderBy('request_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.request_id, sealed: r.sealed }));
}

/** Replaces a sealed flow that is still `from` (not erased or changed meanwhile). */
export async function resealRequestSecret(
  tx: Executor,
  id: string,
  from: string,
  to: { sealed: string; keyId: string },
): Promise<boolean> {
  const res = await tx
    .updateTable('request_secrets')
    .set({ sealed: to.sealed, key_id: to.keyId })
    .where('request_id', '=', id)
    .where('sealed', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
