import { CompiledQuery } from 'kysely';
import type { DB } from '../schema/schema.ts';
import type { Capabilities } from './capabilities.ts';
import type { Executor } from './executor.ts';

const texts = new Map<string, string>();

function insertText(
  caps: Capabilities,
  table: string,
  columns: readonly string[],
  rows: number,
  tail: string,
): string {
  const key = `${caps.dialect}|${table}|${columns.join(',')}|${rows}|${tail}`;
  let text = texts.get(key);
  if (text) return text;
  const cols = columns.map((c) => `"${c}"`).join(', ');
  const groups: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const ph: string[] = [];
    for (let c = 0; c < columns.length; c++) ph.push(caps.dialect === 'postgres' ? `$${++n}` : '?');
    groups.push(`(${ph.join(', ')})`);
  }
  text = `insert into "${table}" (${cols}) values ${groups.join(', ')}${tail ? ` ${tail}` : ''}`;
  if (texts.size > 1000) texts.clear();
  texts.set(key, text);
  return text;
}

/**
 * A multi-row INSERT written once per (table, columns, row count) and run with a flat parameter
 * list. The send path inserts thousands of rows a second in batches of 200; building and compiling
 * Kysely's syntax tree for 2,000 values each time cost more than the insert itself. Same SQL text,
 * so SQLite's statement cache hits too. `tail` is a fixed ON CONFLICT / RETURNING clause.
 */
export async function bulkInsert<T extends keyof DB & string, R = unknown>(
  exec: Executor,
  caps: Capabilities,
  table: T,
  columns: ReadonlyArray<keyof DB[T] & string>,
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  tail = '',
): Promise<R[]> {
  return insertRows<R>(exec, caps, table, columns, rows, tail);
}

/** The row counts a statement is written for: 1, 2, 5, 10, 20, 50 ... (see chunkSize). */
const LADDER = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1];

/**
 * The rows of the next statement: as many of `left` as the largest count of LADDER allows (at most
 * `max`, the bound parameters' limit). Statements are kept prepared by their text (database.ts),
 * and one written for every row count that came along (a pass of 37, a turn's sends of 1,400)
 * held hundreds of compiled multi-row inserts: 400 of 1 to 400 rows of 12 columns are 93 MB of
 * native memory. On the ladder a table has a dozen texts, the round counts (100, 200, 500) are
 * one statement, and any count below 1,000 is at most nine.
 */
function chunkSize(left: number, max: number): number {
  for (const n of LADDER) if (n <= left && n <= max) return n;
  return Math.min(left, max);
}

async function insertRows<R>(
  exec: Executor,
  caps: Capabilities,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  tail: string,
): Promise<R[]> {
  const out: R[] = [];
  const max = Math.floor(caps.maxParams / columns.length);
  for (let i = 0; i < rows.length; ) {
    const chunk = rows.slice(i, i + chunkSize(rows.length - i, max));
    i += chunk.length;
    const params: unknown[] = [];
    for (const r of chunk) for (const v of r) params.push(v);
    const res = await exec.executeQuery<R>(
      CompiledQuery.raw(insertText(caps, table, columns, chunk.length, tail), params),
    );
    for (const r of res.rows) out.push(r);
  }
  return out;
}

/** Rows for one table (made by rowSet); sets of the same table, columns and tail merge. */
export interface RowSet {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<ReadonlyArray<unknown>>;
  /** A fixed ON CONFLICT clause (no RETURNING: merged sets answer nothing row by row). */
  readonly tail: string;
}

export function rowSet<T extends keyof DB & string>(
  table: T,
  columns: ReadonlyArray<keyof DB[T] & string>,
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  tail = '',
): RowSet {
  return { table, columns, rows, tail };
}

/**
 * Writes the sets, those of one table, columns and tail as one statement, in the order each
 * table first appears (a request before its messages: foreign keys hold).
 */
export async function writeRowSets(
  exec: Executor,
  caps: Capabilities,
  sets: readonly RowSet[],
): Promise<void> {
  const merged = new Map<string, { set: RowSet; rows: Array<ReadonlyArray<unknown>> }>();
  for (const s of sets) {
    const key = `${s.table}|${s.columns.join(',')}|${s.tail}`;
    let m = merged.get(key);
    if (!m) {
      m = { set: s, rows: [] };
      merged.set(key, m);
    }
    for (const r of s.rows) m.rows.push(r);
  }
  for (const { set, rows } of merged.values()) {
    if (rows.length === 0) continue;
    await insertRows(exec, caps, set.table, set.columns, rows, set.tail);
  }
}
