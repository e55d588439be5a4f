import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** Reservation sends: the request's messages wait (held) until the reservation fires. */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('reservations')
    // seq: the list's cursor (lastSeq), in creation order.
    .addColumn('seq', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('resv_key', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('send_at', caps.bigint, (c) => c.notNull())
    // PENDING, PROCESSING, DONE, STOPPED, CANCELLED
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('advertising', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .addColumn('started_at', caps.bigint)
    .addColumn('done_at', caps.bigint)
    .execute();
  await db.schema
    .createIndex('reservations_account_day')
    .on('reservations')
    .columns(['account_id', 'send_at'])
    .execute();
}
