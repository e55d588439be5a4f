import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Inbound MO messages (issue 7). The row is its own delivery record: status, attempts and the
 * schedule live here, the delivery job only carries the msgKey.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('mo_messages')
    .addColumn('msg_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('originator', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text')
    .addColumn('occurred_at', caps.bigint, (c) => c.notNull())
    .addColumn('received_at', caps.bigint, (c) => c.notNull())
    // PENDING, FAILED, DELIVERED, GIVEN_UP
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('round_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('round_started_at', caps.bigint, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', caps.bigint)
    .addColumn('next_attempt_at', caps.bigint)
    .addColumn('delivered_at', caps.bigint)
    .execute();
  // A connector redelivering the same MO (same network id) must not make a second one. Rows
  // without a network id never collide: both databases treat NULLs in a unique index as distinct.
  await db.schema
    .createIndex('mo_messages_network')
    .on('mo_messages')
    .columns(['connector', 'network_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('mo_messages_account')
    .on('mo_messages')
    .columns(['account_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('mo_messages_account_status')
    .on('mo_messages')
    .columns(['account_id', 'status', 'received_at'])
    .execute();
}
