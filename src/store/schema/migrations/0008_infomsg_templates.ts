import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** Informational templates and the history of their reviews (issue 5: infomsg templates). */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('infomsg_templates')
    // Jobs and review entries point at this id: a template deleted and registered again under
    // the same code is another template, and an old job finds nothing to decide.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('sender_key_type', 'text', (c) => c.notNull())
    .addColumn('template_code', 'text', (c) => c.notNull())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('emphasize_type', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'text', (c) => c.notNull())
    .addColumn('category_code', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // The parts of the body besides the text (extra, title, item list, buttons, variables, ...): JSON.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('img_url', 'text')
    .addColumn('img_name', 'text')
    // REG, REQ, APR, REJ
    .addColumn('inspection_status', 'text', (c) => c.notNull())
    // R (pending), A (active), S (stopped)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    // The open review request (its review row), while inspection_status is REQ.
    .addColumn('review_seq', caps.bigint)
    // Bumped by every write: an update applies only to the version it was checked against.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('modified_at', caps.bigint, (c) => c.notNull())
    .addUniqueConstraint('infomsg_templates_code', ['sender_key', 'template_code'])
    .execute();
  await db.schema
    .createIndex('infomsg_templates_modified')
    .on('infomsg_templates')
    .columns(['sender_key', 'modified_at'])
    .execute();

  await db.schema
    .createTable('infomsg_template_reviews')
    .addColumn('seq', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('template_id', 'text', (c) => c.notNull())
    // REQ (requested), CANCEL, APR (approved), REJ (rejected)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_path', 'text')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('infomsg_template_reviews_template')
    .on('infomsg_template_reviews')
    .columns(['template_id', 'seq'])
    .execute();
}
