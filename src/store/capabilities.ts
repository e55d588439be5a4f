import type { ColumnDataType } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL, in one place. Code elsewhere asks a
 * capability ("can I skip locked rows?"), never "am I on PostgreSQL?".
 */
export interface Capabilities {
  readonly dialect: 'sqlite' | 'postgres';
  /** 64-bit integer column type (epoch milliseconds, counters). */
  readonly bigint: ColumnDataType;
  /** Auto-incrementing 64-bit primary key column type. */
  readonly serial: ColumnDataType;
  /** Whether `serial` needs Kysely's autoIncrement() modifier (SQLite) or is implicit (bigserial). */
  readonly serialNeedsAutoIncrement: boolean;
  /**
   * Row locks that other transactions skip (FOR UPDATE SKIP LOCKED). SQLite has a single writer,
   * so a claim is one UPDATE ... RETURNING statement and needs no row lock at all.
   */
  readonly skipLocked: boolean;
  /** Largest number of bound parameters in one statement (SQLite's SQLITE_MAX_VARIABLE_NUMBER). */
  readonly maxParams: number;
  /**
   * Engine passes run at once by one process. SQLite works on one connection in-process: two
   * passes overlap JavaScript with the database, more only queue (measured with bench/send).
   * PostgreSQL passes wait on the network and the server works on several at once.
   */
  readonly dispatchConcurrency: number;
}

export const SQLITE: Capabilities = Object.freeze({
  dialect: 'sqlite',
  bigint: 'integer',
  serial: 'integer',
  serialNeedsAutoIncrement: true,
  skipLocked: false,
  maxParams: 32_766,
  dispatchConcurrency: 2,
});

export const POSTGRES: Capabilities = Object.freeze({
  dialect: 'postgres',
  bigint: 'bigint',
  serial: 'bigserial',
  serialNeedsAutoIncrement: false,
  skipLocked: true,
  maxParams: 65_535,
  dispatchConcurrency: 8,
});
