import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * The console (docs/console.md): operator sessions signed in with the admin token, what a
 * handset could not show (a failed step is an event in its timeline, not a gap), and how far
 * each handset's inbox has been read.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  // Only a digest of the session id is kept: a copy of the database signs nobody in.
  await db.schema
    .createTable('console_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('csrf', 'text', (c) => c.notNull())
    // Which admin token signed it in (a digest prefix): a new token ends the old sessions.
    .addColumn('token_print', 'text', (c) => c.notNull())
    .addColumn('client', 'text')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('expires_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('console_sessions_expiry')
    .on('console_sessions')
    .column('expires_at')
    .execute();

  // A row with a failure code is a step the handset was sent and could not show (unreachable, a
  // fail setting, not an app user ...): the timeline marks it; the inbox API leaves it out.
  await db.schema.alterTable('sandbox_inbox').addColumn('failure_code', 'text').execute();
  await db.schema.alterTable('sandbox_inbox').addColumn('failure_text', 'text').execute();
  // SM, LM, MM, AT, AI, the RCS and brand message types: how the console draws the message.
  await db.schema.alterTable('sandbox_inbox').addColumn('msg_type', 'text').execute();

  // A report's webhook delivery job, found by its payload (the console's deliveries page and the
  // redelivery's check for a job already there): partial, so the jobs of every other kind (and
  // reports by polling) pay nothing for it.
  await db.schema
    .createIndex('jobs_report_payload')
    .on('jobs')
    .column('payload')
    .where(sql.ref('kind'), '=', sql.lit('report.webhook'))
    .execute();

  await db.schema
    .createTable('sandbox_inbox_reads')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('read_id', caps.bigint, (c) => c.notNull())
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .execute();
}
