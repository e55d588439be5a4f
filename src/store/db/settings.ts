import type { Store } from './database.ts';

/** Small named values shared by every instance (the manual clock's time). */
export async function getSetting(store: Store, key: string): Promise<string | undefined> {
  const r = await store.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return r?.value;
}

export async function putSetting(store: Store, key: string, value: string): Promise<void> {
  await store.db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The manual clock's time, kept so that a restart and every instance continue from it. */
export const CLOCK_SETTING = 'clock.now';
