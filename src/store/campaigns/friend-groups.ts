import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';
import type { FriendGroupsTable } from '../schema/friendgroups.ts';

/** A friend group: a sender profile's list of numbers, and what its last processing counted. */
export interface FriendGroup {
  id: string;
  accountId: string;
  senderKey: string;
  friendGroupKey: string;
  status: FriendGroupStatus;
  requestId: string;
  revision: number;
  /** The revision the counts (and the numbers' standings) are of; 0: never processed. */
  processedRevision: number;
  /** Numbers in the group now (processed or not). */
  numberCount: number;
  /** Numbers that were app users at the last processing. */
  userCount: number;
  /** App users that were friends of the profile at the last processing. */
  friendCount: number;
  createdAt: number;
  modifiedAt: number;
}

export type FriendGroupStatus = 'IN_PROGRESS' | 'COMPLETED';

function toGroup(r: FriendGroupsTable): FriendGroup {
  return {
    id: r.id,
    accountId: r.account_id,
    senderKey: r.sender_key,
    friendGroupKey: r.friend_group_key,
    status: r.status === 'COMPLETED' ? 'COMPLETED' : 'IN_PROGRESS',
    requestId: r.request_id,
    revision: Number(r.revision),
    processedRevision: Number(r.processed_revision),
    numberCount: Number(r.number_count),
    userCount: Number(r.user_count),
    friendCount: Number(r.friend_count),
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

/** The group of this senderKey with this key (a senderKey belongs to one account). */
export async function findFriendGroup(
  store: Store,
  senderKey: string,
  friendGroupKey: string,
): Promise<FriendGroup | undefined> {
  return findGroupIn(store.db, senderKey, friendGroupKey);
}

export async function findGroupIn(
  exec: Executor,
  senderKey: string,
  friendGroupKey: string,
): Promise<FriendGroup | undefined> {
  const r = await exec
    .selectFrom('friend_groups')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('friend_group_key', '=', friendGroupKey)
    .executeTakeFirst();
  return r ? toGroup(r) : undefined;
}

export async function getGroupById(exec: Executor, id: string): Promise<FriendGroup | undefined> {
  const r = await exec.selectFrom('friend_groups').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toGroup(r) : undefined;
}

/** The profile's groups, oldest first. */
export async function listFriendGroups(store: Store, senderKey: string): Promise<FriendGroup[]> {
  const rows = await store.db
    .selectFrom('friend_groups')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .orderBy('created_at')
    .orderBy('friend_group_key')
    .execute();
  return rows.map(toGroup);
}

/** The IN_PROGRESS groups, optionally of one senderKey and key (the sandbox's "complete now"). */
export async function listGroupsInProgress(
  store: Store,
  senderKey: string | undefined,
  friendGroupKey: string | undefined,
): Promise<FriendGroup[]> {
  let q = store.db.selectFrom('friend_groups').selectAll().where('status', '=', 'IN_PROGRESS');
  if (senderKey !== undefined) q = q.where('sender_key', '=', senderKey);
  if (friendGroupKey !== undefined) q = q.where('friend_group_key', '=', friendGroupKey);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map(toGroup);
}

export interface NewFriendGroup {
  id: string;
  accountId: string;
  senderKey: string;
  friendGroupKey: string;
  requestId: string;
}

/**
 * Registers an empty group, IN_PROGRESS at revision 1. Returns false (nothing written) when the
 * senderKey already has a group with this key: one statement, so two racing registrations
 * cannot both win.
 */
export async function insertFriendGroup(exec: Executor, g: NewFriendGroup, now: number): Promise<boolean> {
  const res = await exec
    .insertInto('friend_groups')
    .values({
      id: g.id,
      account_id: g.accountId,
      sender_key: g.senderKey,
      friend_group_key: g.friendGroupKey,
      status: 'IN_PROGRESS',
      request_id: g.requestId,
      revision: 1,
      processed_revision: 0,
      number_count: 0,
      user_count: 0,
      friend_count: 0,
      created_at: now,
      modified_at: now,
    })
    .onConflict((oc) => oc.columns(['sender_key', 'friend_group_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The numbers are about to change: back to IN_PROGRESS at the next revision, with the request
 * that changes them. Returns the group as it now is.
 */
export async function markChanged(
  exec: Executor,
  id: string,
  requestId: string,
  now: number,
): Promise<FriendGroup | undefined> {
  const r = await exec
    .updateTable('friend_groups')
    .set((eb) => ({
      status: 'IN_PROGRESS',
      request_id: requestId,
      revision: eb('revision', '+', 1),
      modified_at: now,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return r ? toGroup(r) : undefined;
}

/** Sets how many numbers the group holds (after they changed). */
export async function setNumberCount(exec: Executor, id: string, numberCount: number): Promise<void> {
  await exec.updateTable('friend_groups').set({ number_count: numberCount }).where('id', '=', id).execute();
}

export interface GroupCounts {
  numbers: number;
  users: number;
  friends: number;
}

/**
 * Processing done: COMPLETED with its counts, only when the group is still at the revision the
 * processing read (a change since then has its own processing to come). Returns the completed
 * group, or undefined when it changed or went meanwhile.
 */
export async function completeGroup(
  exec: Executor,
  id: string,
  revision: number,
  counts: GroupCounts,
  now: number,
): Promise<FriendGroup | undefined> {
  const r = await exec
    .updateTable('friend_groups')
    .set({
      status: 'COMPLETED',
      processed_revision: revision,
      number_count: counts.numbers,
      user_count: counts.users,
      friend_count: counts.friends,
      modified_at: now,
    })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where('status', '=', 'IN_PROGRESS')
    .returningAll()
    .executeTakeFirst();
  return r ? toGroup(r) : undefined;
}

/** Deletes a group and its numbers; false when there was none. */
export async function deleteFriendGroup(store: Store, id: string): Promise<boolean> {
  return transact(store, async (tx) => {
    const res = await tx.deleteFrom('friend_groups').where('id', '=', id).executeTakeFirst();
    await tx.deleteFrom('friend_group_numbers').where('group_id', '=', id).execute();
    return Number(res.numDeletedRows) > 0;
  });
}
