import type { Kysely } from 'kysely';
import type { Capabilities } from '../capabilities.ts';

/** Inbound MO messages and their webhook deliveries (issue 7). */
export async function up<T>(_db: Kysely<T>, _caps: Capabilities): Promise<void> {
  // filled by the work that owns this migration
}
