import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Anti-spam and opt-out policy: the operator's rules (text phrases, sender and recipient numbers,
 * per account or global) and each account's opt-out list (numbers that asked for no advertising).
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('policy_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // null: every account.
    .addColumn('account_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('policy_rules_account')
    .on('policy_rules')
    .columns(['account_id', 'id'])
    .execute();

  // One row per (account, number, sender): sender '' is every number of the account.
  await db.schema
    .createTable('opt_outs')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('opt_outs_pk', ['account_id', 'phone', 'sender'])
    .execute();
  // The account's list in the order it grew (paging of the client and operator listings).
  await db.schema
    .createIndex('opt_outs_listing')
    .on('opt_outs')
    .columns(['account_id', 'created_at', 'phone', 'sender'])
    .execute();
}
