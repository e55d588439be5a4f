import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';
import type { DB } from '../schema/schema.ts';

/*
 * What the purges of src/store/purge-*.ts share. A purge walks one kind of record oldest first
 * in batches, each batch one short transaction; a dry run walks the same batches and counts what
 * they would delete, so its figures are the real run's (nothing else changing meanwhile).
 */

/** What one batch deleted (a dry run: would delete): rows per table, and uploaded files. */
export interface PurgeBatch {
  rows: Record<string, number>;
  /** Paths (relative to the data directory) of uploads whose rows went; their bytes go next. */
  files: string[];
  /** More may be due: the next call goes on from where this batch stopped. */
  more: boolean;
}

/**
 * The next batch of up to `limit` records (their dependants come with them). A batcher keeps its
 * place between calls: records it passed over as still live are not looked at again by it.
 */
export type Batcher = (limit: number) => Promise<PurgeBatch>;

/** Where a walk resumes: past this (time, key) pair, in the order of the walked index. */
export interface Cursor {
  at: number;
  key: string | number;
}

/** `(time, key) > cursor`, which both databases answer from an index on (time, key). */
export function after(timeColumn: string, keyColumn: string, cursor: Cursor | null): RawBuilder<SqlBool> {
  if (cursor === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(keyColumn)}) > (${cursor.at}, ${cursor.key})`;
}

/** `column in (...)`; an empty list matches nothing. */
export function within(column: string, values: ReadonlyArray<string | number>): RawBuilder<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`;
}

/**
 * The rows of `table` matching `where` go, or, on a dry run, are counted. One statement either
 * way, so a dry run and a purge can never disagree on what a condition takes.
 */
export async function remove(
  exec: Executor,
  dryRun: boolean,
  table: keyof DB & string,
  where: RawBuilder<SqlBool>,
): Promise<number> {
  if (dryRun) {
    const r = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(exec);
    return Number(r.rows[0]?.n ?? 0);
  }
  const r = await sql`delete from ${sql.table(table)} where ${where}`.execute(exec);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Runs one batch: in a transaction of its own when it deletes (short, so the send path never
 * waits long for SQLite's write lock), straight on the database when it only counts.
 */
export function inBatch<T>(store: Store, dryRun: boolean, run: (exec: Executor) => Promise<T>): Promise<T> {
  return dryRun ? run(store.db) : transact(store, run);
}

/** Adds `n` rows of `table` to a batch's figures (tables with none are left out). */
export function count(rows: Record<string, number>, table: string, n: number): void {
  if (n > 0) rows[table] = (rows[table] ?? 0) + n;
}
