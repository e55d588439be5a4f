import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Claims walk only the jobs nobody holds. A claimed job stays `ready` with a lease until it ends,
 * and it is the oldest due of its kind, so a walk of jobs_kind_due (state, kind, run_at) met every
 * running job first and read its row to see the lease: with 256 report webhooks under way, each
 * claim of the webhook lane cost about 2.6 ms, the largest single cost of webhook delivery. Free
 * jobs now have an index of their own (partial: `locked_by is null`), and held ones one by lease
 * end (also partial), where a claim finds the leases that ran out (a worker that died). The free
 * jobs' index leads with (state, kind), as jobs_kind_due did, so that SQLite's planner, which keeps
 * no statistics here, prefers it to jobs_due. jobs_kind_due goes: the claim was its only reader.
 */
export async function up<T>(db: Kysely<T>, _caps: Capabilities): Promise<void> {
  await db.schema
    .createIndex('jobs_free_due')
    .on('jobs')
    .columns(['state', 'kind', 'run_at', 'id'])
    .where(sql.ref('locked_by'), 'is', null)
    .execute();
  await db.schema
    .createIndex('jobs_leased')
    .on('jobs')
    .column('locked_until')
    .where(sql.ref('locked_by'), 'is not', null)
    .execute();
  await db.schema.dropIndex('jobs_kind_due').execute();
}
