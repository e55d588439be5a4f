import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * A broadcast's requestId is the account's own number (issue 30): it was the table's serial, one
 * counter across all accounts, so an account's first broadcast could be "2" and each number told
 * an account how many broadcasts others had made. `account_request_id` is what the client API
 * shows and looks up, numbered per account by `accounts.broadcast_seq` (taken in the creating
 * transaction, so two creations of one account never share a number). `request_id` stays the
 * row's key: jobs, the purge and the operator's routes name a broadcast by it.
 *
 * Broadcasts made before keep the number their clients already hold (their request_id), and each
 * account's numbers go on from its highest.
 */
export async function up<T>(db: Kysely<T>, _caps: Capabilities): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('broadcast_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('broadcasts').addColumn('account_request_id', 'integer').execute();
  await sql`update broadcasts set account_request_id = request_id`.execute(db);
  await sql`
    update accounts set broadcast_seq = coalesce(
      (select max(b.request_id) from broadcasts b where b.account_id = accounts.id), 0)`.execute(db);
  await db.schema
    .createIndex('broadcasts_account_request')
    .on('broadcasts')
    .columns(['account_id', 'account_request_id'])
    .unique()
    .execute();
}
