import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Brand message videos and their direct uploads (issue 6). Send permission needs no table of its
 * own: a grant is a send_permissions row (0003), and an application keeps no history.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('vid', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', caps.bigint, (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('upload_until', caps.bigint, (c) => c.notNull())
    .addColumn('file_path', 'text')
    .addColumn('thumbnail_file_key', 'text')
    .addColumn('registered_at', caps.bigint)
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .execute();
  // Lookups and the list are per account and channel, in registration order.
  await db.schema
    .createIndex('videos_channel')
    .on('videos')
    .columns(['account_id', 'channel_id', 'created_at'])
    .execute();
}
