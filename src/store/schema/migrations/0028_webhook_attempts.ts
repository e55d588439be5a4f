import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * The integrator's debugger (issue 33): what a client sent and got, and every webhook attempt.
 * - `send_requests.answer`: the per-recipient answer, written at acceptance only when it cannot
 *   be read back from the messages (a recipient refused, or a number given in another form than
 *   the one stored); null otherwise, so the common send writes nothing more.
 * - `reports.webhook_status`, `mo_messages.webhook_status`: the HTTP status of the post that was
 *   acknowledged, in the acknowledgement's own write.
 * - `webhook_attempts`: one row per failed post, only on failure. Found by the message (or MO) it
 *   is about; the purge takes them with it, and by their own age (`at`) under the webhooks'
 *   retention, so a dead receiver's failures do not wait for the message's 90 days.
 * - `send_requests (resv_key)`, partial: a reservation message's page finds the request that made
 *   the reservation (the answer is that one's). No send without a reservation writes to it.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema.alterTable('send_requests').addColumn('answer', 'text').execute();
  await db.schema.alterTable('reports').addColumn('webhook_status', 'integer').execute();
  await db.schema.alterTable('mo_messages').addColumn('webhook_status', 'integer').execute();
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('msg_key', 'text', (c) => c.notNull())
    .addColumn('report_id', caps.bigint)
    .addColumn('at', caps.bigint, (c) => c.notNull())
    .addColumn('signed_at', caps.bigint, (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('error', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_msg')
    .on('webhook_attempts')
    .columns(['msg_key', 'kind', 'id'])
    .execute();
  await db.schema.createIndex('webhook_attempts_at').on('webhook_attempts').columns(['at', 'id']).execute();
  await sql`create index send_requests_resv on send_requests (resv_key) where resv_key is not null`.execute(
    db,
  );
}
