import type { Kysely } from 'kysely';
import type { Capabilities } from '../capabilities.ts';

/** Informational templates, their reviews (issue 5: infomsg templates). */
export async function up<T>(_db: Kysely<T>, _caps: Capabilities): Promise<void> {
  // filled by the work that owns this migration
}
