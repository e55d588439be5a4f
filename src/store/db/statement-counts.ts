import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { WriteHealth } from './write-health.ts';

/** What a statement did, by its first keyword: the rows it changed are counted by that kind. */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'transaction' | 'other';
export type RowChange = 'inserted' | 'updated' | 'deleted';

export const STATEMENT_KINDS: readonly StatementKind[] = [
  'select',
  'insert',
  'update',
  'delete',
  'transaction',
  'other',
];
export const ROW_CHANGES: readonly RowChange[] = ['inserted', 'updated', 'deleted'];

/** Statements a store ran and rows they changed, since it opened (one thread's connections). */
export interface StatementCounts {
  statements: Record<StatementKind, number>;
  rows: Record<RowChange, number>;
}

export function emptyCounts(): StatementCounts {
  return {
    statements: { select: 0, insert: 0, update: 0, delete: 0, transaction: 0, other: 0 },
    rows: { inserted: 0, updated: 0, deleted: 0 },
  };
}

/** The sum of several threads' counts (the serving thread's and the engine's). */
export function addCounts(a: StatementCounts, b: StatementCounts): StatementCounts {
  const out = emptyCounts();
  for (const k of STATEMENT_KINDS) out.statements[k] = a.statements[k] + b.statements[k];
  for (const k of ROW_CHANGES) out.rows[k] = a.rows[k] + b.rows[k];
  return out;
}

const TRANSACTION_WORDS = new Set(['begin', 'commit', 'rollback', 'savepoint', 'release', 'end']);
const kinds = new Map<string, StatementKind>();

/** The kind of a statement from its SQL text; `with ... insert` counts by what it writes. */
export function statementKind(text: string): StatementKind {
  const known = kinds.get(text);
  if (known) return known;
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const first = words[0] ?? '';
  let kind: StatementKind = 'other';
  if (first === 'select' || first === 'pragma') kind = 'select';
  else if (first === 'insert' || first === 'update' || first === 'delete') kind = first;
  else if (TRANSACTION_WORDS.has(first)) kind = 'transaction';
  else if (first === 'with') {
    const write = words.find((w) => w === 'insert' || w === 'update' || w === 'delete');
    kind = write === 'insert' || write === 'update' || write === 'delete' ? write : 'select';
  }
  // The cache is for the few hundred statement texts a gateway runs; a flood of distinct ones
  // (migrations, IN lists of every length) must not grow it without bound.
  if (kinds.size < 2000) kinds.set(text, kind);
  return kind;
}

const CHANGE_OF: Partial<Record<StatementKind, RowChange>> = {
  insert: 'inserted',
  update: 'updated',
  delete: 'deleted',
};

/**
 * Counts every statement a Kysely dialect runs, transactions' own included, and the rows each
 * write changed (affected rows, or rows returned by `returning`). This is what a message costs
 * the database, counted rather than estimated: /metrics shows it, and bench/rows divides it by
 * the messages delivered. An insert that ends in `on conflict do update` counts as an insert.
 */
export function countingDialect(inner: Dialect, counts: StatementCounts, health: WriteHealth): Dialect {
  return {
    createAdapter: (): DialectAdapter => inner.createAdapter(),
    createDriver: (): Driver => new CountingDriver(inner.createDriver(), counts, health),
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => inner.createIntrospector(db),
  };
}

class CountingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    readonly counts: StatementCounts,
    readonly health: WriteHealth,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(compiledQuery);
    } catch (err) {
      // A write refused for want of space marks the store full (/readyz) until one succeeds.
      this.health.failed(err);
      throw err;
    }
    const kind = statementKind(compiledQuery.sql);
    this.counts.statements[kind]++;
    const change = CHANGE_OF[kind];
    if (change) {
      this.counts.rows[change] += Number(result.numAffectedRows ?? result.rows.length);
      if (this.health.full) this.health.wrote();
    } else if (kind === 'transaction' && this.health.full && /^\s*commit/i.test(compiledQuery.sql)) {
      this.health.wrote();
    }
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.counts.statements[statementKind(compiledQuery.sql)]++;
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/**
 * The inner driver sees the counting connection everywhere (its begin, commit and savepoints
 * run through executeQuery, so they are counted) except when it is released: PostgreSQL's
 * driver releases a connection through a symbol only its own connection has.
 */
class CountingDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, CountingConnection>();

  constructor(
    readonly inner: Driver,
    readonly counts: StatementCounts,
    readonly health: WriteHealth,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.inner.acquireConnection();
    let wrapped = this.#wrapped.get(conn);
    if (!wrapped) {
      wrapped = new CountingConnection(conn, this.counts, this.health);
      this.#wrapped.set(conn, wrapped);
    }
    return wrapped;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver');
    return this.inner.savepoint(connection, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    return this.inner.rollbackToSavepoint(connection, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    return this.inner.releaseSavepoint(connection, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(
      connection instanceof CountingConnection ? connection.inner : connection,
    );
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
