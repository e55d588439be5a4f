import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * The message row is its own queue entry (issue 29): a queued message is due at its `next_at`,
 * and the engine claims due messages by setting `claimed_until`, the end of a lease (store/
 * messages/queue.ts), where it had a `dispatch` job (one row inserted, claimed and deleted per
 * request). `claimed_until` is in no index, so that on PostgreSQL a claim is a heap-only (HOT)
 * update: a new version of the row in the same page, no index entry written. The table keeps
 * room in its pages for that (fillfactor 85); moving the lease in `next_at` itself, an indexed
 * column, cost PostgreSQL more per message than the job it replaced (docs/performance-log.md).
 * `tries` counts the submissions of its current step a connector refused as retryable (it was
 * the job's payload).
 *
 * The index of due times splits by status: queued rows (the claim's) and waiting rows (the wait's
 * end) are walked by different readers, and a backlog of queued messages must not lie in the walk
 * of expired waits. Both are partial on a literal status, which SQLite's planner uses only when
 * the query says the same literal (queue.ts and messages.ts do).
 *
 * A waiting message is claimed the same way when its wait runs out, where a `dispatch.wait` job
 * per pass (kept for a day) stood for it.
 *
 * Messages queued by the gateway before this had no due time: they are due now, and their
 * `dispatch` and `dispatch.wait` jobs go (an instance of the previous version still running
 * beside this one during an upgrade may add more: the engine keeps their handlers).
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messages').addColumn('claimed_until', caps.bigint).execute();
  if (caps.dialect === 'postgres') await sql`alter table messages set (fillfactor = 85)`.execute(db);
  await sql`update messages set next_at = updated_at where status = 'queued' and next_at is null`.execute(db);
  await sql`delete from jobs where kind in ('dispatch', 'dispatch.wait') and state = 'ready'`.execute(db);
  await sql`create index messages_queued on messages (next_at) where status = 'queued'`.execute(db);
  await sql`create index messages_waiting on messages (next_at) where status = 'waiting'`.execute(db);
  await db.schema.dropIndex('messages_due').execute();
}
