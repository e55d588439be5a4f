import { sql } from 'kysely';
import type { Store } from './database.ts';

/** Small named values shared by every instance (the sandbox clock's time or offset). */
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

/**
 * How far ahead of the system time the system clock runs (integer milliseconds >= 0; absent: 0):
 * the sandbox's moves of a gateway on the system clock, kept so that a restart and every instance
 * run as far ahead.
 */
export const CLOCK_OFFSET_SETTING = 'clock.offset';

/** A kept offset that is not an integer >= 0 (a hand edit) counts as none. */
export function clockOffsetOf(value: string | undefined): number {
  const n = value === undefined ? 0 : Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

export async function readClockOffset(store: Store): Promise<number> {
  return clockOffsetOf(await getSetting(store, CLOCK_OFFSET_SETTING));
}

// Both moves are one statement that reads and writes the row: two instances moving at once must
// both count (an advance read here, then written, would lose the other's), and a move made on an
// instance that has not yet followed another's must not set the shared offset back.

/** Runs the system clock `ms` further ahead; answers the offset now kept. */
export async function addClockOffset(store: Store, ms: number): Promise<number> {
  const r = await store.db
    .insertInto('settings')
    .values({ key: CLOCK_OFFSET_SETTING, value: String(ms) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: sql<string>`cast(cast(settings.value as bigint) + cast(${ms} as bigint) as text)`,
      }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return clockOffsetOf(r.value);
}

/**
 * Runs the system clock `ms` ahead of the system time, unless it already runs further (kept as
 * it is then); answers the offset now kept.
 */
export async function raiseClockOffset(store: Store, ms: number): Promise<number> {
  const r = await store.db
    .insertInto('settings')
    .values({ key: CLOCK_OFFSET_SETTING, value: String(ms) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: sql<string>`case when cast(settings.value as bigint) > cast(${ms} as bigint) then settings.value else ${String(ms)} end`,
      }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return clockOffsetOf(r.value);
}
