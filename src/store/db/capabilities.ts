import type { ColumnDataType } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL, in one place. Code elsewhere asks a
 * capability ("can I skip locked rows?"), never "am I on PostgreSQL?".
 */
export interface Capabilities {
  readonly dialect: 'sqlite' | 'postgres';
  /** 64-bit integer column type (epoch milliseconds, counters). */
  readonly bigint: ColumnDataType;
  /** Column type of raw bytes (uploaded files' chunks): SQLite's blob, PostgreSQL's bytea. */
  readonly bytes: ColumnDataType;
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
   * Dispatch jobs run at once by one process. A pass to an SMSC waits for its answers (and a
   * slow SMSC for up to its response timeout): a few lanes would leave single-recipient sends
   * at lanes/latency per second and hold the sandbox's passes behind it. The jobs claimed
   * together run as merged passes (src/engine/dispatch.ts), so 32 one-recipient jobs make one or
   * two passes; with 8, an SMPP window of 10 stayed mostly empty (docs/performance-log.md).
   */
  readonly dispatchConcurrency: number;
  /**
   * Rows become visible in the order of their serial ids. SQLite has one writer, so a reader that
   * saw id N will never see a new row below N; PostgreSQL hands out ids at insert and rows commit
   * in any order, so a reader following ids must look back a little (the console's live inbox).
   */
  readonly idsVisibleInOrder: boolean;
  /**
   * Each statement is a round trip to a server, with the server's own cost a statement
   * (PostgreSQL): many rows' changes are better one statement over a list of values. SQLite runs
   * a prepared one-row statement in-process in microseconds, and one over a list of values (its
   * ephemeral table) cost ten times a one-row update (docs/performance-log.md).
   */
  readonly statementRoundTrips: boolean;
}

export const SQLITE: Capabilities = Object.freeze({
  dialect: 'sqlite',
  bigint: 'integer',
  bytes: 'blob',
  serial: 'integer',
  serialNeedsAutoIncrement: true,
  skipLocked: false,
  maxParams: 32_766,
  dispatchConcurrency: 32,
  idsVisibleInOrder: true,
  statementRoundTrips: false,
});

export const POSTGRES: Capabilities = Object.freeze({
  dialect: 'postgres',
  bigint: 'bigint',
  bytes: 'bytea',
  serial: 'bigserial',
  serialNeedsAutoIncrement: false,
  skipLocked: true,
  maxParams: 65_535,
  dispatchConcurrency: 32,
  idsVisibleInOrder: false,
  statementRoundTrips: true,
});
