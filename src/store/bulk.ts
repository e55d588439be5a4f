import { CompiledQuery } from 'kysely';
import type { Capabilities } from './capabilities.ts';
import type { Executor } from './jobs.ts';
import type { DB } from './schema.ts';

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
  const out: R[] = [];
  const perChunk = Math.min(1000, Math.floor(caps.maxParams / columns.length));
  for (let i = 0; i < rows.length; i += perChunk) {
    const chunk = rows.slice(i, i + perChunk);
    const params: unknown[] = [];
    for (const r of chunk) for (const v of r) params.push(v);
    const res = await exec.executeQuery<R>(
      CompiledQuery.raw(insertText(caps, table, columns, chunk.length, tail), params),
    );
    for (const r of res.rows) out.push(r);
  }
  return out;
}
