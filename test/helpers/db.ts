import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/database.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * One database per test suite: a SQLite file in a temporary folder, or a PostgreSQL schema of
 * its own in TEST_DATABASE_URL. Dropped when the suite ends.
 */
export interface TestDb {
  readonly dialect: Dialect;
  /** The DATABASE_URL a gateway (or a child process) should use. */
  readonly url: string;
  /** The PostgreSQL schema (undefined on SQLite). */
  readonly schema: string | undefined;
  /** A folder of this suite's own (data dir, uploads). */
  readonly dir: string;
  /** Opens (and migrates) a store on this database; closed with the suite. */
  openStore(): Promise<Store>;
}

const PG_URL = process.env.TEST_DATABASE_URL;

function makeTestDb(dialect: Dialect): TestDb {
  const dir = mkdtempSync(join(tmpdir(), `omnigate-${dialect}-`));
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const url = dialect === 'postgres' ? (PG_URL ?? '') : `sqlite:${join(dir, 'omnigate.db')}`;
  const stores: Store[] = [];
  after(async () => {
    for (const s of stores) await s.close();
    if (schema && PG_URL) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dialect,
    url,
    schema,
    dir,
    async openStore() {
      const s = await openStore(url, schema ? { schema } : {});
      stores.push(s);
      await s.migrate();
      return s;
    },
  };
}

/**
 * Runs the same suite on SQLite and on PostgreSQL. Without TEST_DATABASE_URL (a laptop with no
 * PostgreSQL) the PostgreSQL half is reported as skipped, never as failed. The `[postgres]` in
 * the suite name is what scripts/pg-count-reporter.mjs counts for the CI log.
 */
export function describeEachDb(name: string, body: (db: TestDb) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !PG_URL ? 'TEST_DATABASE_URL is not set' : false;
    describe(`${name} [${dialect}]`, { skip }, () => {
      body(makeTestDb(dialect));
    });
  }
}
