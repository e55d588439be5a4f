import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema/schema.ts';

/** Where a statement runs: the store's database, or a transaction of it. */
export type Executor = Kysely<DB> | Transaction<DB>;
