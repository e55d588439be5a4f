import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * What SMPP connectors must remember beyond a process: which messages an SMSC has taken (so a
 * pass retried after a crash or a lost lease does not submit them again), the parts of
 * concatenated messages (their receipts come one per part), and MO parts waiting for the rest.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('smpp_submissions')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('msg_key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('smpp_submissions_pk', ['connector', 'msg_key', 'step'])
    .execute();
  await db.schema
    .createIndex('smpp_submissions_created')
    .on('smpp_submissions')
    .columns(['created_at'])
    .execute();
  await db.schema
    .createTable('smpp_parts')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('part_id', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('smpp_parts_pk', ['connector', 'part_id'])
    .execute();
  await db.schema
    .createIndex('smpp_parts_network')
    .on('smpp_parts')
    .columns(['connector', 'network_id'])
    .execute();
  await db.schema
    .createTable('smpp_mo_parts')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('ref', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('smpp_mo_parts_pk', [
      'connector',
      'source',
      'destination',
      'ref',
      'total',
      'seq',
    ])
    .execute();
  // Receipts pending per connector, for /metrics: only waiting attempts are in this index.
  await db.schema
    .createIndex('message_attempts_waiting')
    .on('message_attempts')
    .column('connector')
    .where(sql.ref('status'), '=', 'waiting')
    .execute();
}
