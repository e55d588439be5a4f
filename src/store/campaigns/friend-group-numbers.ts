import { sql } from 'kysely';
import { bulkInsert } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { HandsetRow } from '../sandbox/sandbox.ts';
import type { GroupCounts } from './friend-groups.ts';

/*
 * The numbers of friend groups and what processing found them to be. A number is added with the
 * revision that added it and the default standing (app user and friend); a broadcast reaches it
 * only once that revision has been processed, which rewrites just the numbers that differ.
 */

/** Adds numbers to a group at `revision` (a number already there keeps its own). */
export async function insertNumbers(
  exec: Executor,
  store: Store,
  groupId: string,
  revision: number,
  phones: readonly string[],
): Promise<void> {
  await bulkInsert(
    exec,
    store.caps,
    'friend_group_numbers',
    ['group_id', 'phone', 'revision', 'app_user', 'friend'],
    phones.map((p) => [groupId, p, revision, 1, 1]),
    'on conflict (group_id, phone) do nothing',
  );
}

/** Adds the numbers of an uploaded list to a group at `revision`, in one statement. */
export async function copyFileNumbers(
  exec: Executor,
  groupId: string,
  revision: number,
  fileKey: string,
): Promise<void> {
  // The casts: PostgreSQL cannot type a bare parameter in a select list.
  await sql`
    insert into friend_group_numbers (group_id, phone, revision, app_user, friend)
    select cast(${groupId} as text), phone, cast(${revision} as integer), 1, 1
    from friend_group_file_numbers
    where file_key = ${fileKey}
    on conflict (group_id, phone) do nothing`.execute(exec);
}

const PHONES_PER_STATEMENT = 1000;

/** Removes numbers from a group; returns how many were there. */
export async function deleteNumbers(
  exec: Executor,
  groupId: string,
  phones: readonly string[],
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < phones.length; i += PHONES_PER_STATEMENT) {
    const res = await exec
      .deleteFrom('friend_group_numbers')
      .where('group_id', '=', groupId)
      .where('phone', 'in', phones.slice(i, i + PHONES_PER_STATEMENT))
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
  }
  return removed;
}

/** Removes from a group the numbers of an uploaded list; returns how many were there. */
export async function deleteFileNumbers(exec: Executor, groupId: string, fileKey: string): Promise<number> {
  const res = await exec
    .deleteFrom('friend_group_numbers')
    .where('group_id', '=', groupId)
    .where('phone', 'in', (eb) =>
      eb.selectFrom('friend_group_file_numbers').select('phone').where('file_key', '=', fileKey),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function countNumbers(exec: Executor, groupId: string): Promise<number> {
  const r = await exec
    .selectFrom('friend_group_numbers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The numbers that differed from the default get it back (before this processing's exceptions). */
export async function resetStandings(exec: Executor, groupId: string): Promise<void> {
  await exec
    .updateTable('friend_group_numbers')
    .set({ app_user: 1, friend: 1 })
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([eb('app_user', '=', 0), eb('friend', '=', 0)]))
    .execute();
}

/** These numbers of the group get this standing. */
export async function setStandings(
  exec: Executor,
  groupId: string,
  phones: readonly string[],
  appUser: boolean,
  friend: boolean,
): Promise<void> {
  for (let i = 0; i < phones.length; i += PHONES_PER_STATEMENT) {
    await exec
      .updateTable('friend_group_numbers')
      .set({ app_user: appUser ? 1 : 0, friend: friend ? 1 : 0 })
      .where('group_id', '=', groupId)
      .where('phone', 'in', phones.slice(i, i + PHONES_PER_STATEMENT))
      .execute();
  }
}

/**
 * The sandbox handsets configured for numbers of the group: the only numbers whose standing can
 * differ from the default (an unconfigured number is an app user and a friend of every profile).
 */
export async function groupHandsets(exec: Executor, groupId: string): Promise<HandsetRow[]> {
  const rows = await exec
    .selectFrom('friend_group_numbers as n')
    .innerJoin('sandbox_handsets as h', 'h.phone', 'n.phone')
    .select(['h.phone', 'h.props', 'h.updated_at'])
    .where('n.group_id', '=', groupId)
    .execute();
  return rows.map((r) => ({ phone: r.phone, props: r.props, updatedAt: Number(r.updated_at) }));
}

/** Numbers, users and friends (users who are friends) of the group as processing left them. */
export async function countStandings(exec: Executor, groupId: string): Promise<GroupCounts> {
  const r = await exec
    .selectFrom('friend_group_numbers')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('numbers'),
      eb.fn.sum<number | string | null>('app_user').as('users'),
      eb.fn.sum<number | string | null>(sql<number>`app_user * friend`).as('friends'),
    ])
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return { numbers: Number(r?.numbers ?? 0), users: Number(r?.users ?? 0), friends: Number(r?.friends ?? 0) };
}

/**
 * The group's numbers that were users and friends at the processing of `processedRevision` (and
 * added by then), ascending, strictly after `after`.
 */
export async function pageRecipients(
  store: Store,
  groupId: string,
  processedRevision: number,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let q = store.db
    .selectFrom('friend_group_numbers')
    .select('phone')
    .where('group_id', '=', groupId)
    .where('revision', '<=', processedRevision)
    .where('app_user', '=', 1)
    .where('friend', '=', 1);
  if (after !== null) q = q.where('phone', '>', after);
  const rows = await q.orderBy('phone').limit(limit).execute();
  return rows.map((r) => r.phone);
}

/** How many numbers pageRecipients would give in all. */
export async function countRecipients(
  store: Store,
  groupId: string,
  processedRevision: number,
): Promise<number> {
  const r = await store.db
    .selectFrom('friend_group_numbers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_id', '=', groupId)
    .where('revision', '<=', processedRevision)
    .where('app_user', '=', 1)
    .where('friend', '=', 1)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Sandbox handsets ascending by number, strictly after `after` (the all-friends audience). */
export async function pageHandsets(store: Store, after: string | null, limit: number): Promise<HandsetRow[]> {
  let q = store.db.selectFrom('sandbox_handsets').select(['phone', 'props', 'updated_at']);
  if (after !== null) q = q.where('phone', '>', after);
  const rows = await q.orderBy('phone').limit(limit).execute();
  return rows.map((r) => ({ phone: r.phone, props: r.props, updatedAt: Number(r.updated_at) }));
}
