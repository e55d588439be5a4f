import type { Store } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { GroupTagsTable } from '../schema/friendgroups.ts';

/** A group tag of a sender profile. */
export interface GroupTag {
  senderKey: string;
  groupTagKey: string;
  accountId: string;
  groupTagName: string;
  createdAt: number;
  modifiedAt: number;
}

function toTag(r: GroupTagsTable): GroupTag {
  return {
    senderKey: r.sender_key,
    groupTagKey: r.group_tag_key,
    accountId: r.account_id,
    groupTagName: r.group_tag_name,
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

export async function findGroupTag(
  store: Store,
  senderKey: string,
  groupTagKey: string,
): Promise<GroupTag | undefined> {
  const r = await store.db
    .selectFrom('group_tags')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('group_tag_key', '=', groupTagKey)
    .executeTakeFirst();
  return r ? toTag(r) : undefined;
}

/** The tag of this senderKey that has this name, if any. */
export async function findGroupTagByName(
  store: Store,
  senderKey: string,
  groupTagName: string,
): Promise<GroupTag | undefined> {
  const r = await store.db
    .selectFrom('group_tags')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('group_tag_name', '=', groupTagName)
    .executeTakeFirst();
  return r ? toTag(r) : undefined;
}

/** The profile's tags, oldest first. */
export async function listGroupTags(store: Store, senderKey: string): Promise<GroupTag[]> {
  const rows = await store.db
    .selectFrom('group_tags')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .orderBy('created_at')
    .orderBy('group_tag_key')
    .execute();
  return rows.map(toTag);
}

export async function countGroupTags(store: Store, senderKey: string): Promise<number> {
  const r = await store.db
    .selectFrom('group_tags')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('sender_key', '=', senderKey)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Adds a tag. Returns false (nothing written) when the key, or the name, is already the
 * senderKey's: both are unique constraints, so two racing creations cannot both win.
 */
export async function insertGroupTag(store: Store, tag: GroupTag): Promise<boolean> {
  const res = await store.db
    .insertInto('group_tags')
    .values({
      sender_key: tag.senderKey,
      group_tag_key: tag.groupTagKey,
      account_id: tag.accountId,
      group_tag_name: tag.groupTagName,
      created_at: tag.createdAt,
      modified_at: tag.modifiedAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Renames a tag: the tag as renamed, 'missing' when there is no such tag, 'nameTaken' when
 * another tag of the senderKey has the name (the unique constraint decides a race).
 */
export async function renameGroupTag(
  store: Store,
  senderKey: string,
  groupTagKey: string,
  groupTagName: string,
  now: number,
): Promise<GroupTag | 'missing' | 'nameTaken'> {
  try {
    const r = await store.db
      .updateTable('group_tags')
      .set({ group_tag_name: groupTagName, modified_at: now })
      .where('sender_key', '=', senderKey)
      .where('group_tag_key', '=', groupTagKey)
      .returningAll()
      .executeTakeFirst();
    return r ? toTag(r) : 'missing';
  } catch (err) {
    if (isUniqueViolation(err)) return 'nameTaken';
    throw err;
  }
}

export async function deleteGroupTag(store: Store, senderKey: string, groupTagKey: string): Promise<boolean> {
  const res = await store.db
    .deleteFrom('group_tags')
    .where('sender_key', '=', senderKey)
    .where('group_tag_key', '=', groupTagKey)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
