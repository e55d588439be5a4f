import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * What the purge walks (src/engine/purge.ts), oldest first, so that each batch is a range scan of
 * an index instead of a walk of the table. Partial where the rows that matter are the minority
 * being written least: a message enters `messages_final` when it ends, not when it is accepted,
 * so the send path's inserts pay nothing for it. The time column comes with the key, which breaks
 * ties for the purge's cursor (messages of one pass share their final time).
 * On a large PostgreSQL database an operator may build them beforehand without holding writes
 * (CREATE INDEX CONCURRENTLY, same names: docs/operations.md); they are then left as they are.
 * The sandbox inbox is walked by its serial ids (written in time order: an index on its time would
 * cost every delivery in the sandbox a write), and jobs by their (state, run_at) indexes.
 */
export async function up<T>(db: Kysely<T>, _caps: Capabilities): Promise<void> {
  await db.schema
    .createIndex('messages_final')
    .ifNotExists()
    .on('messages')
    .columns(['done_at', 'msg_key'])
    .where(sql.ref('done_at'), 'is not', null)
    .execute();
  // One row per request (not per recipient): cheap on the send path.
  await db.schema
    .createIndex('send_requests_created')
    .ifNotExists()
    .on('send_requests')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reservations_done')
    .ifNotExists()
    .on('reservations')
    .columns(['done_at', 'seq'])
    .where(sql.ref('done_at'), 'is not', null)
    .execute();
  // A reservation stays PROCESSING until it is next read after its last message ended.
  await db.schema
    .createIndex('reservations_processing')
    .ifNotExists()
    .on('reservations')
    .columns(['started_at', 'seq'])
    .where(sql.ref('status'), '=', sql.lit('PROCESSING'))
    .execute();
  await db.schema
    .createIndex('broadcasts_done')
    .ifNotExists()
    .on('broadcasts')
    .columns(['done_at', 'request_id'])
    .where(sql.ref('done_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('mo_messages_received')
    .ifNotExists()
    .on('mo_messages')
    .columns(['received_at', 'msg_key'])
    .execute();
  await db.schema
    .createIndex('twofa_requests_created')
    .ifNotExists()
    .on('twofa_requests')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('twofa_windows_touched')
    .ifNotExists()
    .on('twofa_windows')
    .columns(['touched_at', 'account_id', 'number'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expiry')
    .ifNotExists()
    .on('idempotency_keys')
    .columns(['expires_at', 'account_id', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('files_created')
    .ifNotExists()
    .on('files')
    .columns(['created_at', 'file_key'])
    .execute();
  // Operator actions: a few a day.
  await db.schema.createIndex('audit_log_at').ifNotExists().on('audit_log').columns(['at', 'id']).execute();
}
