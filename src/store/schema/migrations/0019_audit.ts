import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/** What operators did through /admin/v1 and /sandbox/v1: who, what, on what, when, with what answer. */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', caps.serial, (c) => {
      const pk = c.primaryKey();
      return caps.serialNeedsAutoIncrement ? pk.autoIncrement() : pk;
    })
    .addColumn('at', caps.bigint, (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('tr_id', 'text', (c) => c.notNull())
    .execute();
}
