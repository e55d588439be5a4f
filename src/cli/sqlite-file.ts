import { closeSync, fsyncSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import type SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { keyIdOf } from '../crypto/secret-box.ts';
import { MIGRATIONS } from '../store/schema/migrations/index.ts';
import { UsageError } from './args.ts';

/*
 * The SQLite database as one file, for backup and restore: what a copy holds (its migrations, its
 * tables' rows, the master keys its secrets are sealed under), read straight through
 * better-sqlite3 on a copy that no gateway has open.
 */

/** The SQLite file of the configuration; refused on PostgreSQL with the line that does the job there. */
export function sqliteFileOf(config: Config, command: 'backup' | 'restore'): string {
  if (!config.databaseUrl.startsWith('sqlite:')) {
    const line =
      command === 'backup'
        ? 'pg_dump --format=custom --file=omnigate.dump "$DATABASE_URL"'
        : 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" omnigate.dump';
    throw new UsageError(
      `omnigate ${command} works on a SQLite database; this gateway's is PostgreSQL (DATABASE_URL): ` +
        `use ${line} (docs/operations.md, "Backups")`,
    );
  }
  const file = config.databaseUrl.slice('sqlite:'.length);
  if (file === '' || file.startsWith(':memory:')) {
    throw new UsageError(`omnigate ${command}: an in-memory database (DATABASE_URL=sqlite:) has no file`);
  }
  return file;
}

/** What a database file holds, as backup prints it and restore checks it. */
export interface DatabaseFacts {
  /** The applied migrations, in order. */
  migrations: string[];
  /** Rows per table. */
  tables: Record<string, number>;
  /** The master keys its data keys are sealed under (src/crypto/keyring.ts): a restore needs them. */
  masterKeys: string[];
}

const SQLITE_MAGIC = 'SQLite format 3\0';

/** True when the file begins as every SQLite database does. */
export function looksLikeSqlite(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === SQLITE_MAGIC;
  } finally {
    closeSync(fd);
  }
}

function hasTable(db: SQLite.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
}

/** The applied migrations of an open database, or null when it has no migrations table. */
export function appliedMigrations(db: SQLite.Database): string[] | null {
  if (!hasTable(db, 'omnigate_migrations')) return null;
  const rows = db.prepare('select name from omnigate_migrations order by name').all() as Array<{
    name: string;
  }>;
  return rows.map((r) => r.name);
}

/**
 * Why a database's migrations cannot be run by this release, or null when they are the first of
 * this release's (the rest are applied at the next start): a database written by a newer release
 * holds migrations this one does not know, which forward-only migrations cannot undo.
 */
export function migrationMisfit(applied: readonly string[]): string | null {
  const known = MIGRATIONS.map(([name]) => name);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    return (
      `it was written by a newer release of Omnigate (migrations ${unknown.join(', ')}, which this ` +
      `release, at ${known[known.length - 1] ?? 'none'}, does not know): install that release or a later one, then restore`
    );
  }
  const gap = known.slice(0, applied.length).find((name, i) => applied[i] !== name);
  if (gap !== undefined) return `its migrations skip ${gap}: it is not a database this release wrote`;
  return null;
}

/** The facts of an open database (its tables counted: a copy, not the serving file). */
export function databaseFacts(db: SQLite.Database): DatabaseFacts {
  const names = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as Array<{ name: string }>;
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const row = db.prepare(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get() as {
      n: number;
    };
    tables[name] = row.n;
  }
  const masterKeys = new Set<string>();
  if (hasTable(db, 'secret_keys')) {
    for (const r of db.prepare('select wrapped from secret_keys').all() as Array<{ wrapped: string }>) {
      masterKeys.add(keyIdOf(r.wrapped));
    }
  }
  return { migrations: appliedMigrations(db) ?? [], tables, masterKeys: [...masterKeys].sort() };
}

/**
 * A database file made whole on its own: its journal mode set back to DELETE, so that the file is
 * all there is (no -wal or -shm beside it, readable anywhere), after the check SQLite gives.
 */
export function settleCopy(db: SQLite.Database, check: 'quick_check' | 'integrity_check'): string | null {
  const result = db.pragma(check) as Array<Record<string, string>>;
  const problems = result.map((r) => Object.values(r)[0] ?? '').filter((v) => v !== 'ok');
  if (problems.length > 0) return problems.slice(0, 5).join('; ');
  db.pragma('journal_mode = DELETE');
  return null;
}

/** Writes a file's bytes and its folder's entry to the disk (a rename is durable only then). */
export function fsyncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function fsyncDir(file: string): void {
  fsyncFile(dirname(file));
}

/** The time as a file name may hold it: ISO 8601's basic form, UTC (20261202T110000.123Z). */
export function fileStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '');
}
