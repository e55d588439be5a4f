import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Indexes of report polling. Partial, so each holds only the rows its question is about: with the
 * (account_id, acked_at, id) index of 0002 every poll walked past an account's whole backlog (and
 * past webhook reports never acknowledged) to learn that no batch is open. That index goes: nothing
 * else reads reports by account, and SQLite's planner, without statistics, preferred it to these
 * (two equality terms against one). The predicates are spelt with literals, and the queries in
 * store/messages/reports.ts repeat them: SQLite uses a partial index only when the query's own terms imply
 * its WHERE clause, and a bound parameter implies nothing.
 */
export async function up<T>(db: Kysely<T>, _caps: Capabilities): Promise<void> {
  await db.schema.dropIndex('reports_poll').execute();
  // The open (handed out, not acknowledged) batch of an account: at most 100 rows.
  await db.schema
    .createIndex('reports_open_batch')
    .on('reports')
    .columns(['account_id', 'id'])
    .where(sql<SqlBool>`batch_id is not null and acked_at is null`)
    .execute();
  // The polling queue: reports not yet handed out, oldest first.
  await db.schema
    .createIndex('reports_unbatched')
    .on('reports')
    .columns(['account_id', 'id'])
    .where(sql<SqlBool>`batch_id is null and acked_at is null and channel = 'polling'`)
    .execute();
  // DELETE of a batch acknowledged earlier (a client's retry) or never handed out.
  await db.schema
    .createIndex('reports_batch')
    .on('reports')
    .column('batch_id')
    .where(sql.ref('batch_id'), 'is not', null)
    .execute();
}
