import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Send permission for own-member targeting (M, N, O) is granted per messaging channel, so one
 * grant covers every sender profile on that channel (spec: "Brand message: send permission").
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('send_permissions')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('granted_at', caps.bigint, (c) => c.notNull())
    .execute();
}
