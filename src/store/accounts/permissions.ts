import type { Store } from '../db/database.ts';

/** Whether own-member targeting is granted on this messaging channel. */
export async function hasSendPermission(store: Store, channelId: string): Promise<boolean> {
  const r = await store.db
    .selectFrom('send_permissions')
    .select('channel_id')
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function grantSendPermission(store: Store, channelId: string, now: number): Promise<void> {
  await store.db
    .insertInto('send_permissions')
    .values({ channel_id: channelId, granted_at: now })
    .onConflict((oc) => oc.column('channel_id').doNothing())
    .execute();
}
