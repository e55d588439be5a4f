import type { Store } from '../db/database.ts';

/** A registered sender number (`from`) of an account. */
export interface SenderNumber {
  accountId: string;
  number: string;
  createdAt: number;
}

/**
 * Registers a number; registering it again is not an error and keeps the first registration.
 * ON CONFLICT DO NOTHING makes two concurrent registrations of one number both succeed.
 */
export async function addSenderNumber(
  store: Store,
  accountId: string,
  number: string,
  now: number,
): Promise<SenderNumber> {
  await store.db
    .insertInto('sender_numbers')
    .values({ account_id: accountId, number, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'number']).doNothing())
    .execute();
  const r = await store.db
    .selectFrom('sender_numbers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  return { accountId: r.account_id, number: r.number, createdAt: Number(r.created_at) };
}

export async function listSenderNumbers(store: Store, accountId: string): Promise<SenderNumber[]> {
  const rows = await store.db
    .selectFrom('sender_numbers')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('number')
    .execute();
  return rows.map((r) => ({ accountId: r.account_id, number: r.number, createdAt: Number(r.created_at) }));
}

/** Whether the account may send from this number (rule A327 of the send path). */
export async function isSenderNumberRegistered(
  store: Store,
  accountId: string,
  number: string,
): Promise<boolean> {
  const r = await store.db
    .selectFrom('sender_numbers')
    .select('number')
    .where('account_id', '=', accountId)
    .where('number', '=', number)
    .executeTakeFirst();
  return r !== undefined;
}

/** Returns false when the account had no such number. */
export async function removeSenderNumber(store: Store, accountId: string, number: string): Promise<boolean> {
  const res = await store.db
    .deleteFrom('sender_numbers')
    .where('account_id', '=', accountId)
    .where('number', '=', number)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
