import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, describe } from 'node:test';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/db/database.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * One database per test suite: a SQLite file in a temporary folder, or a PostgreSQL schema of
 * its own in TEST_DATABASE_URL. Dropped when the suite ends.
 */
export interface TestDb {
  readonly dialect: Dialect;
  /** The DATABASE_URL a gateway (or a child process) should use. */
  readonly url: string;
  /**
   * A DATABASE_URL for a child process (`omnigate serve`): on PostgreSQL it selects the suite's
   * schema through the connection's search_path. Call openStore() first so the schema exists.
   */
  readonly processUrl: string;
  /** The PostgreSQL schema (undefined on SQLite). */
  readonly schema: string | undefined;
  /** A folder of this suite's own (data dir, uploads). */
  readonly dir: string;
  /** Opens (and migrates) a store on this database; closed with the suite. */
  openStore(): Promise<Store>;
}

const PG_URL = process.env.TEST_DATABASE_URL;

export function makeTestDb(dialect: Dialect): { db: TestDb; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), `omnigate-${dialect}-`));
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const url = dialect === 'postgres' ? (PG_URL ?? '') : `sqlite:${join(dir, 'omnigate.db')}`;
  const stores: Store[] = [];
  const cleanup = async () => {
    for (const s of stores) await s.close();
    if (schema && PG_URL) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const processUrl = schema
    ? `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
    : url;
  const db: TestDb = {
    dialect,
    url,
    processUrl,
    schema,
    dir,
    async openStore() {
      const s = await openStore(url, schema ? { schema } : {});
      stores.push(s);
      await s.migrate();
      return s;
    },
  };
  return { db, cleanup };
}

/**
 * Where each test that ran on PostgreSQL leaves a line, so that scripts/run-tests.mjs can print
 * the PostgreSQL count in the CI log (set by that script; unset when a file is run by hand).
 */
const PG_COUNT_DIR = process.env.OMNIGATE_PG_COUNT_DIR;

/**
 * Runs the same suite on SQLite and on PostgreSQL. Without TEST_DATABASE_URL (a laptop with no
 * PostgreSQL) the PostgreSQL half is reported as skipped, never as failed.
 */
export function describeEachDb(name: string, body: (db: TestDb) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !PG_URL ? 'TEST_DATABASE_URL is not set' : false;
    describe(`${name} [${dialect}]`, { skip }, () => {
      if (dialect === 'postgres' && PG_COUNT_DIR) {
        afterEach(() => {
          mkdirSync(PG_COUNT_DIR, { recursive: true });
          appendFileSync(join(PG_COUNT_DIR, `${process.pid}.txt`), `${name}\n`);
        });
      }
      const { db, cleanup } = makeTestDb(dialect);
      body(db);
      // Registered after the suite's own hooks, so it runs after them: the suite closes its
      // gateways (and their workers) before the schema is dropped under them.
      after(cleanup);
    });
  }
}
