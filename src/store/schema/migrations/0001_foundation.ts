import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** Accounts, keys, sender registrations, settings and the durable job table. */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('report_mode', 'text', (c) => c.notNull().defaultTo('polling'))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('send_per_second', 'integer')
    .addColumn('requests_per_second', 'integer')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('dlr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('revoked_at', caps.bigint)
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('sender_numbers')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('sender_numbers_pk', ['account_id', 'number'])
    .execute();

  await db.schema
    .createTable('sender_profiles')
    .addColumn('sender_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('sender_key_type', 'text', (c) => c.notNull().defaultTo('S'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('friend_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('business_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_phone_number', 'text')
    .addColumn('consent_evidence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sender_profiles_account').on('sender_profiles').column('account_id').execute();

  await db.schema
    .createTable('rcs_brands')
    .addColumn('brand_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('brand_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', caps.bigint, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(25))
    // ready: waiting or running (a lease tells which); dead: gave up after max_attempts.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', caps.bigint)
    // Unique while the job exists: scheduled work enqueued by several instances runs once.
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('last_error', 'text')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
}
