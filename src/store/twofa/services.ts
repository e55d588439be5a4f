import type { Store } from '../db/database.ts';

/** An account's two-factor service name. */
export interface TwofaService {
  serviceName: string;
  registeredAt: number;
}

/** Registers the name, replacing an earlier one (its registration time becomes `now`). */
export async function putTwofaService(
  store: Store,
  accountId: string,
  serviceName: string,
  now: number,
): Promise<void> {
  await store.db
    .insertInto('twofa_services')
    .values({ account_id: accountId, service_name: serviceName, registered_at: now })
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({ service_name: serviceName, registered_at: now }),
    )
    .execute();
}

export async function getTwofaService(store: Store, accountId: string): Promise<TwofaService | undefined> {
  const r = await store.db
    .selectFrom('twofa_services')
    .select(['service_name', 'registered_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r && { serviceName: r.service_name, registeredAt: Number(r.registered_at) };
}

/** Returns false when the account had no name registered. */
export async function deleteTwofaService(store: Store, accountId: string): Promise<boolean> {
  const res = await store.db
    .deleteFrom('twofa_services')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
