import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * What an upstream connector (a provider reached over this same API, src/connectors/upstream/)
 * must remember beyond a process:
 * - `upstream_sends`: each (msgKey, step) handed on, the batch it went in and, once answered, the
 *   upstream's msgKey (its reports' id) or the refusal. A pass retried after a crash finds it and
 *   does not send it again.
 * - `upstream_batches`: each request to the upstream, stored with its idempotency key, its body
 *   and its members before it leaves, so that a retry after a timeout or a crash repeats exactly
 *   that request (the upstream answers the first one's result, and delivers nothing twice).
 * - `upstream_files`: which upstream fileKey (or RCS media) an uploaded file of this gateway got.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('upstream_sends')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('msg_key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('text', 'text')
    .addColumn('intl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('upstream_sends_pk', ['connector', 'msg_key', 'step'])
    .execute();
  // Reports are matched through message_attempts; this table is looked up by the upstream's key
  // only to tell an international number's STANDARD report (acceptance) from its result.
  await db.schema
    .createIndex('upstream_sends_intl')
    .on('upstream_sends')
    .columns(['connector', 'network_id'])
    .where(sql.ref('intl'), '=', 1)
    .execute();
  await db.schema
    .createTable('upstream_batches')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('members', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', caps.bigint, (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_at', caps.bigint)
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('upstream_batches_pk', ['connector', 'batch_id'])
    .execute();
  await db.schema
    .createIndex('upstream_batches_created')
    .on('upstream_batches')
    .columns(['created_at'])
    .execute();
  await db.schema
    .createTable('upstream_files')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('local_key', 'text', (c) => c.notNull())
    .addColumn('remote_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', caps.bigint, (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('upstream_files_pk', ['connector', 'kind', 'account_id', 'local_key'])
    .execute();
}
