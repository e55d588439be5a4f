import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** Friend groups, their numbers, group tags (issue 6). */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('friend_group_files')
    .addColumn('file_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('number_count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', caps.bigint, (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('friend_group_file_numbers')
    // No foreign key: a per-row check costs seconds on a 100,000-number list in PostgreSQL; the
    // numbers are deleted with their list, in one transaction.
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_group_file_numbers_pk', ['file_key', 'phone'])
    .execute();

  await db.schema
    .createTable('friend_groups')
    // Numbers and jobs point at this id: a group deleted and registered again under the same key
    // is another group, and a job of the old one finds nothing to process.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('friend_group_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    // The revision the counts and standings are of (0: never processed).
    .addColumn('processed_revision', 'integer', (c) => c.notNull())
    .addColumn('number_count', 'integer', (c) => c.notNull())
    .addColumn('user_count', 'integer', (c) => c.notNull())
    .addColumn('friend_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('modified_at', caps.bigint, (c) => c.notNull())
    .addUniqueConstraint('friend_groups_key', ['sender_key', 'friend_group_key'])
    .execute();
  await db.schema
    .createTable('friend_group_numbers')
    // No foreign key either (see above): deleted with their group.
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    // The revision that added the number: a broadcast reaches it once that revision is processed.
    .addColumn('revision', 'integer', (c) => c.notNull())
    // Standing as of the last processing; a new number starts with the default (user and friend),
    // so that processing rewrites only the few numbers with a sandbox handset.
    .addColumn('app_user', 'integer', (c) => c.notNull())
    .addColumn('friend', 'integer', (c) => c.notNull())
    // (group_id, phone) also serves the broadcast's paging: numbers ascending after a cursor.
    .addPrimaryKeyConstraint('friend_group_numbers_pk', ['group_id', 'phone'])
    .execute();

  await db.schema
    .createTable('group_tags')
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('group_tag_key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('group_tag_name', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('modified_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_tags_pk', ['sender_key', 'group_tag_key'])
    .addUniqueConstraint('group_tags_name', ['sender_key', 'group_tag_name'])
    .execute();
}
