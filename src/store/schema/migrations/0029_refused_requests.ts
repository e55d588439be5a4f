import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Refused client requests (4xx, and sends whose every recipient was refused), kept hours, not days:
 * the console's answer to "why was my send refused?". Listed newest first, by account and by code;
 * the purge walks (at, id).
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('refused_requests')
    .addColumn('id', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('at', caps.bigint, (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('key_id', 'text')
    .addColumn('key_prefix', 'text')
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('tr_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('body_size', caps.bigint)
    .addColumn('body', 'text')
    .addColumn('body_format', 'text')
    .addColumn('body_truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body_note', 'text')
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('answer_truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('refused_requests_at').on('refused_requests').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('refused_requests_account')
    .on('refused_requests')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('refused_requests_code')
    .on('refused_requests')
    .columns(['code', 'id'])
    .execute();
}
