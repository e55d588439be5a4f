import type { Store } from './database.ts';
import type { Executor } from './jobs.ts';

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
