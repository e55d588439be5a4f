import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** Brand message templates (issue 5): one row per (senderKey, templateCode). */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('brand_templates')
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('template_code', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sender_key_type', 'text', (c) => c.notNull())
    .addColumn('send_type', 'text', (c) => c.notNull())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('push_alarm', 'text', (c) => c.notNull())
    .addColumn('adult', 'integer', (c) => c.notNull().defaultTo(0))
    // BrandContent as JSON: the structures vary by msgType and are read whole, never queried.
    .addColumn('content', 'text', (c) => c.notNull())
    // The #{key} variables (JSON array), so a broadcast can tell a template without any.
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('modified_at', caps.bigint, (c) => c.notNull())
    // The unique templateCode per senderKey: a second registration of a code loses on this key.
    .addPrimaryKeyConstraint('brand_templates_pk', ['sender_key', 'template_code'])
    .execute();
  await db.schema
    .createIndex('brand_templates_modified')
    .on('brand_templates')
    .columns(['sender_key', 'modified_at'])
    .execute();
}
