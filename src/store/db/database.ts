import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { PRIVATE_DIR, PRIVATE_FILE } from '../../data-modes.ts';
import { migrate, migrated } from '../schema/migrator.ts';
import type { DB } from '../schema/schema.ts';
import { type Capabilities, POSTGRES, SQLITE } from './capabilities.ts';
import { namingPool } from './pg-prepared.ts';
import { countingDialect, emptyCounts, type StatementCounts } from './statement-counts.ts';
import { bindWorkSignal, WorkSignal } from './work-signal.ts';
import { WriteHealth } from './write-health.ts';
import { LockWait, yieldToWaitingWriters } from './write-turn.ts';

export interface Store {
  readonly db: Kysely<DB>;
  readonly caps: Capabilities;
  /** Statements run and rows changed through this store (this thread's), for /metrics. */
  readonly counts: StatementCounts;
  /** Work committed through this store (jobs added or moved, messages made due), by kind. */
  readonly work: WorkSignal;
  /** Whether writes are refused for want of space (SQLITE_FULL, disk_full): /readyz reads it. */
  readonly health: WriteHealth;
  /** Applies every pending migration; safe to call from several instances at once. */
  migrate(): Promise<string[]>;
  /** True when the database answers and every known migration is applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL schema to work in (tests give each file its own); created when missing. */
  readonly schema?: string;
  /** PostgreSQL pool size. */
  readonly poolSize?: number;
  /**
   * PostgreSQL: statements run again are named, parsed once per connection (pg-prepared.ts); off
   * for a pooler that hands a session's statements to other connections (OMNIGATE_PG_PREPARED).
   */
  readonly preparedStatements?: boolean;
  /**
   * Open only a database a gateway made (the operator commands): a SQLite file that exists, a
   * database with the migrations table; else NoDatabaseError, and nothing is created.
   */
  readonly mustExist?: boolean;
}

/** openStore with `mustExist` found no Omnigate database at the URL. */
export class NoDatabaseError extends Error {
  constructor(readonly why: 'no file' | 'no migrations table') {
    super(
      why === 'no file'
        ? 'the database file does not exist'
        : 'the database has no omnigate_migrations table',
    );
  }
}

// int8 (bigint) columns hold epoch milliseconds, which fit a JS number exactly.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === 20) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid schema name ${name}`);
  return `"${name}"`;
}

export async function openStore(url: string, options: StoreOptions = {}): Promise<Store> {
  let store: Store;
  if (url.startsWith('sqlite:')) store = openSqlite(url.slice('sqlite:'.length), options.mustExist === true);
  else if (/^postgres(ql)?:\/\//.test(url)) store = await openPostgres(url, options);
  else throw new Error(`unsupported database URL: ${url}`);
  if (options.mustExist && !(await hasMigrationsTable(store))) {
    await store.close();
    throw new NoDatabaseError('no migrations table');
  }
  return store;
}

/** Whether a gateway made this database; a connection that fails throws, as it would anywhere. */
async function hasMigrationsTable(store: Store): Promise<boolean> {
  const found =
    store.caps.dialect === 'postgres'
      ? sql<{ t: string | null }>`select to_regclass('omnigate_migrations')::text as t`
      : sql<{
          t: string | null;
        }>`select name as t from sqlite_master where type = 'table' and name = 'omnigate_migrations'`;
  const rows = (await found.execute(store.db)).rows;
  return rows.some((r) => r.t !== null);
}

function openSqlite(path: string, mustExist: boolean): Store {
  const file = path === '' ? ':memory:' : path;
  if (file !== ':memory:' && !mustExist) {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR });
    // Made 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
    if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  }
  if (mustExist && (file === ':memory:' || !existsSync(file))) throw new NoDatabaseError('no file');
  const database = new SQLite(file, { fileMustExist: mustExist });
  // WAL lets readers run beside the single writer; NORMAL sync is durable across process
  // crashes (only an OS crash can lose the last transactions), the usual WAL trade-off.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // No wait inside SQLite: its busy handler sleeps, blocking the thread's event loop (see
  // PatientConnection, which waits for the lock without blocking).
  database.pragma('busy_timeout = 0');
  database.pragma('foreign_keys = ON');
  const counts = emptyCounts();
  const health = new WriteHealth();
  const db = new Kysely<DB>({
    dialect: countingDialect(
      new WriterSqliteDialect({ database: withStatementCache(database) }),
      counts,
      health,
    ),
  });
  return makeStore(db, SQLITE, counts, health, async () => {
    await db.destroy();
  });
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting for it up to
 * BUSY_WAIT_MS (PatientConnection). A deferred one that read first and then wrote, while another
 * connection (the engine's thread, another process) had written meanwhile, failed at once with
 * SQLITE_BUSY: its snapshot was stale, and no wait could help.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #inner: DatabaseConnection | null = null;
  #patient: DatabaseConnection | null = null;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    if (inner !== this.#inner || !this.#patient) {
      this.#inner = inner;
      this.#patient = new PatientConnection(inner);
    }
    return this.#patient;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await yieldToWaitingWriters();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL among them): the
   * rollback that follows then fails with "cannot rollback - no transaction is active", and that
   * error, thrown from Kysely's rollback, replaced the one that said what happened.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (err) {
      if (err instanceof Error && /no transaction is active/.test(err.message)) return;
      throw err;
    }
  }
}

/** How long a statement waits for another connection's write lock before it fails. */
const BUSY_WAIT_MS = 5000;

/**
 * Waits for SQLite's write lock off the event loop. SQLite's own busy handler sleeps inside the
 * call (1, 2, 5, 10, ... ms), and better-sqlite3 is synchronous: the thread's event loop stood
 * still for the whole wait. With the engine in a thread of its own both threads write, and those
 * sleeps held HTTP answers and SMPP window slots for tens of milliseconds. Here SQLite answers
 * SQLITE_BUSY at once and the statement is tried again after the event loop had its turn.
 * Only two statements can meet a busy lock: `begin immediate` and a write outside a transaction
 * (inside one, the lock is already held), and neither did anything when refused, so trying again
 * is safe. A refused statement of the serving thread is counted until it ends, and the engine's
 * thread begins no transaction meanwhile (src/store/db/write-turn.ts): SQLite's lock has no queue.
 */
class PatientConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const started = Date.now();
    const wait = new LockWait();
    try {
      for (let tries = 0; ; tries++) {
        try {
          return await this.inner.executeQuery<R>(compiledQuery);
        } catch (err) {
          if (!isBusy(err) || Date.now() - started >= BUSY_WAIT_MS) throw err;
          wait.refused();
          // A few turns of the event loop first (a lock is mostly held for well under a millisecond;
          // an engine pass holds it for a few), then a millisecond at a time.
          await new Promise((r) => (tries < 10 ? setImmediate(r) : setTimeout(r, 1)));
        }
      }
    } finally {
      wait.end();
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

function isBusy(err: unknown): boolean {
  return (
    err instanceof Error &&
    'code' in err &&
    typeof err.code === 'string' &&
    err.code.startsWith('SQLITE_BUSY')
  );
}

class WriterSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query afresh; on the send path the same few statements (a 200-row insert,
 * a claim) run thousands of times a second, and preparing them was a tenth of the CPU. Statements
 * are kept by their SQL text. Reuse is safe: Kysely runs one query at a time on the connection,
 * and each runs to completion (all/run) before the next.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(source: string) {
      let stmt = cache.get(source);
      if (!stmt) {
        stmt = database.prepare(source);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
        cache.set(source, stmt);
      }
      return stmt;
    },
  };
}

async function openPostgres(url: string, options: StoreOptions): Promise<Store> {
  const schema = options.schema;
  if (schema) {
    const boot = new pg.Client({ connectionString: url });
    await boot.connect();
    try {
      await boot.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    } finally {
      await boot.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const counts = emptyCounts();
  const dialect = new PostgresDialect({
    pool: options.preparedStatements === false ? pool : namingPool(pool),
  });
  const health = new WriteHealth();
  const db = new Kysely<DB>({ dialect: countingDialect(dialect, counts, health) });
  return makeStore(db, POSTGRES, counts, health, async () => {
    await db.destroy();
  });
}

function makeStore(
  db: Kysely<DB>,
  caps: Capabilities,
  counts: StatementCounts,
  health: WriteHealth,
  destroy: () => Promise<void>,
): Store {
  let closed = false;
  const work = new WorkSignal();
  bindWorkSignal(db, work);
  return {
    db,
    caps,
    counts,
    work,
    health,
    migrate: () => migrate(db, caps),
    async ready() {
      try {
        await sql`select 1`.execute(db);
        return await migrated(db);
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await destroy();
    },
  };
}
