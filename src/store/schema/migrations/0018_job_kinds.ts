import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Due jobs by kind. The runner claims for each lane (dispatch passes apart from webhook calls and
 * the rest): through jobs_due alone, a claim for one lane walked every due job of the others
 * first, so a backlog of 60,000 report webhooks made each dispatch claim cost milliseconds.
 */
export async function up<T>(db: Kysely<T>, _caps: Capabilities): Promise<void> {
  await db.schema.createIndex('jobs_kind_due').on('jobs').columns(['state', 'kind', 'run_at']).execute();
}
