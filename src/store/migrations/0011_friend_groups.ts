import type { Kysely } from 'kysely';
import type { Capabilities } from '../capabilities.ts';

/** Friend groups, their numbers, group tags (issue 6). */
export async function up<T>(_db: Kysely<T>, _caps: Capabilities): Promise<void> {
  // filled by the work that owns this migration
}
