import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Brand message broadcasts (groupMessage). The broadcast row is its own progress: `cursor` is
 * the last number handed to the engine, moved in the same transaction as that chunk's messages,
 * so a chunk is sent once whatever crashes.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('broadcasts')
    // request_id: the spec's integer requestId.
    .addColumn('request_id', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('dlr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('template_code', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'text', (c) => c.notNull())
    .addColumn('friend_group_key', 'text')
    .addColumn('send_start_at', caps.bigint, (c) => c.notNull())
    .addColumn('campaign_id', 'text')
    .addColumn('tps_limit', 'integer', (c) => c.notNull())
    .addColumn('push_alarm', 'text', (c) => c.notNull())
    .addColumn('payment_code', 'text')
    // READY, SENDING, PAUSED, TERMINATED, DONE, BLOCKED
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expected_count', 'integer', (c) => c.notNull())
    .addColumn('send_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'text')
    // When the last chunk was handed over: the next one waits a second after it, whatever moves
    // the broadcast in between (a pause and resume must not send two chunks in one second).
    .addColumn('last_chunk_at', caps.bigint)
    // The validated messageFlow (one brandmessage step), as a send request keeps it.
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .addColumn('started_at', caps.bigint)
    .addColumn('done_at', caps.bigint)
    .execute();
  await db.schema
    .createIndex('broadcasts_sender')
    .on('broadcasts')
    .columns(['sender_key', 'request_id'])
    .execute();
}
