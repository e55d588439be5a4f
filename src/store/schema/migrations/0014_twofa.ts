import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** Two-factor authentication: service names, verification requests (issue 7). */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('twofa_services')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('registered_at', caps.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('twofa_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_salt', 'text', (c) => c.notNull())
    // PENDING, SUCCESS
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', caps.bigint, (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('verified_at', caps.bigint)
    .addColumn('send_request_id', 'text', (c) => c.notNull())
    .execute();
  // The request window and verification without requestId read one number's latest requests.
  await db.schema
    .createIndex('twofa_requests_number')
    .on('twofa_requests')
    .columns(['account_id', 'number', 'created_at'])
    .execute();
  // The logs read one account's day.
  await db.schema
    .createIndex('twofa_requests_day')
    .on('twofa_requests')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('twofa_windows')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('touched_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('twofa_windows_pk', ['account_id', 'number'])
    .execute();
}
