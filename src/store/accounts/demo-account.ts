import type { Store } from '../db/database.ts';

/** The settings row naming the account `omnigate demo` made (src/features/admin/demo.ts). */
export const DEMO_ACCOUNT_SETTING = 'demo.account';

export async function getDemoAccountId(store: Store): Promise<string | undefined> {
  const r = await store.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEMO_ACCOUNT_SETTING)
    .executeTakeFirst();
  return r?.value;
}

/**
 * Names `accountId` the demo account unless another one already is; answers the one that is. Two
 * demos run at once (the console's button and the CLI) both create an account, and only the first
 * to get here becomes the demo: the other then works on that one, so there is never a second demo.
 */
export async function claimDemoAccount(store: Store, accountId: string): Promise<string> {
  await store.db
    .insertInto('settings')
    .values({ key: DEMO_ACCOUNT_SETTING, value: accountId })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getDemoAccountId(store)) ?? accountId;
}
