import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Receipts that arrive before the submission they answer is recorded (a carrier's delivery receipt
 * can overtake its submit answer: docs/architecture.md#connectors). They wait here, matched by the network's own id.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('early_receipts')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('early_receipts_pk', ['connector', 'network_id'])
    .execute();
}
