import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * The send path: requests, messages (one per recipient, also the dispatch state), attempts (one
 * per messageFlow step tried), reports, idempotency keys, uploaded files, and the sandbox world.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  const serial = (name: string) =>
    db.schema.createTable(name).addColumn('id', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    });

  // The validated messageFlow is kept once per request; recipients keep only their own values.
  await db.schema
    .createTable('send_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('payment_code', 'text')
    .addColumn('group_key', 'text')
    .addColumn('ref', 'text')
    .addColumn('dlr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resv_key', 'text')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('msg_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('dest_ref', 'text')
    // The recipient's replaceWords and variables (JSON), null when it has none.
    .addColumn('vars', 'text')
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    // queued: a step waits to be submitted; waiting: submitted, the result is not known yet;
    // held: not to be sent yet (reservation, broadcast); delivered, failed, uncertain: final.
    .addColumn('status', 'text', (c) => c.notNull())
    // When the message needs the engine next: a step to submit, or a wait that runs out.
    .addColumn('next_at', caps.bigint)
    .addColumn('report_code', 'text')
    .addColumn('report_text', 'text')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .addColumn('done_at', caps.bigint)
    .execute();
  await db.schema.createIndex('messages_request').on('messages').columns(['request_id', 'status']).execute();
  await db.schema
    .createIndex('messages_account')
    .on('messages')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_due')
    .on('messages')
    .column('next_at')
    .where(sql.ref('next_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('message_attempts')
    .addColumn('msg_key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'text', (c) => c.notNull())
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text')
    // waiting, delivered, failed, uncertain
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('report_code', 'text')
    .addColumn('report_text', 'text')
    .addColumn('carrier', 'text')
    .addColumn('submitted_at', caps.bigint, (c) => c.notNull())
    .addColumn('done_at', caps.bigint)
    .addPrimaryKeyConstraint('message_attempts_pk', ['msg_key', 'step'])
    .execute();
  await db.schema
    .createIndex('message_attempts_network')
    .on('message_attempts')
    .columns(['connector', 'network_id'])
    .execute();

  await serial('reports')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('msg_key', 'text', (c) => c.notNull())
    .addColumn('report_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // polling: waiting for a poll; webhook: handed to the webhook dispatcher.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text')
    .addColumn('acked_at', caps.bigint)
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reports_poll')
    .on('reports')
    .columns(['account_id', 'acked_at', 'id'])
    .execute();
  await db.schema.createIndex('reports_msg').on('reports').column('msg_key').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', caps.bigint, (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'idem_key'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('file_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('expires_at', caps.bigint)
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_handsets')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('props', 'text', (c) => c.notNull())
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .execute();

  // One row per (message, step): a submission retried after a crash is not delivered twice.
  await serial('sandbox_inbox')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('msg_key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('from_number', 'text')
    .addColumn('title', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', caps.bigint, (c) => c.notNull())
    .addUniqueConstraint('sandbox_inbox_once', ['msg_key', 'step'])
    .execute();
  await db.schema.createIndex('sandbox_inbox_phone').on('sandbox_inbox').columns(['phone', 'id']).execute();
}
