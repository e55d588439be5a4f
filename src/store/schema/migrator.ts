import { type Kysely, sql } from 'kysely';
import { ConfigError } from '../../config.ts';
import type { Capabilities } from '../db/capabilities.ts';
import { MIGRATIONS } from './migrations/index.ts';

/**
 * Applies the numbered migrations in order, each in its own transaction with its record in
 * `omnigate_migrations`. Instances starting together take turns: PostgreSQL under an advisory lock,
 * SQLite under its single writer. (Kysely's own migrator looks its table up through the catalog of
 * every schema, which fails while another schema of the database is being dropped.)
 */
const TABLE = 'omnigate_migrations';
// Any constant shared by every Omnigate instance: the advisory lock of migrations.
const PG_LOCK = 0x0_6d_69_67;

async function applied<T>(db: Kysely<T>): Promise<Set<string>> {
  const r = await sql<{ name: string }>`select name from ${sql.table(TABLE)}`.execute(db);
  return new Set(r.rows.map((x) => x.name));
}

/**
 * The database holds migrations this release does not know: a newer release migrated it. An
 * older release must not write to a newer schema (its statements may miss what the newer one
 * relies on), so `serve`, `migrate` and the operator commands stop here. A ConfigError, so the CLI
 * prints the message alone: the operator pointed this release at that database.
 */
export class UnknownMigrationsError extends ConfigError {
  constructor(readonly unknown: readonly string[]) {
    super(
      `the database was migrated by a newer release of Omnigate: it holds ${unknown.length === 1 ? 'a migration' : 'migrations'} this release does not know (${unknown.join(', ')}); run that release or a later one (or restore the backup taken before the upgrade)`,
    );
  }
}

export async function migrate<T>(db: Kysely<T>, caps: Capabilities): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    if (caps.dialect === 'postgres') await sql`select pg_advisory_lock(${PG_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists ${sql.table(TABLE)} (name text primary key, applied_at ${sql.raw(
        caps.dialect === 'postgres' ? 'bigint' : 'integer',
      )} not null)`.execute(conn);
      const known = new Set(MIGRATIONS.map(([name]) => name));
      const unknown = [...(await applied(conn))].filter((name) => !known.has(name)).sort();
      if (unknown.length) throw new UnknownMigrationsError(unknown);
      const done: string[] = [];
      for (const [name, m] of MIGRATIONS) {
        await conn.transaction().execute(async (tx) => {
          // Read inside the transaction: on SQLite another process may have applied it meanwhile.
          if ((await applied(tx)).has(name)) return;
          await m.up(tx, caps);
          await sql`insert into ${sql.table(TABLE)} (name, applied_at) values (${name}, ${Date.now()})`.execute(
            tx,
          );
          done.push(name);
        });
      }
      return done;
    } finally {
      if (caps.dialect === 'postgres') await sql`select pg_advisory_unlock(${PG_LOCK})`.execute(conn);
    }
  });
}

/** True when every known migration is recorded as applied. */
export async function migrated<T>(db: Kysely<T>): Promise<boolean> {
  try {
    const names = await applied(db);
    return MIGRATIONS.every(([name]) => names.has(name));
  } catch {
    return false;
  }
}
