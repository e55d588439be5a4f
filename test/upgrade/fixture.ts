import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { FixtureDialect, Manifest } from '../../scripts/upgrade-fixture/manifest.ts';

/*
 * A fixture of an earlier release (scripts/upgrade-fixture.ts) laid out as an operator's machine
 * holds it: its data directory copied to a folder of its own and, on PostgreSQL, its dump restored
 * into a database of its own, as a restore of a backup would.
 */

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'upgrade');
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');

export function readManifest(release: string, dialect: FixtureDialect): Manifest {
  return JSON.parse(readFileSync(join(FIXTURES, release, `manifest-${dialect}.json`), 'utf8')) as Manifest;
}

export interface Installed {
  dataDir: string;
  /** The environment every process of the new release gets. */
  env: Record<string, string>;
  /** The names in omnigate_migrations. */
  migrations(): Promise<string[]>;
  /** Records a migration as applied, as a newer release would. */
  recordMigration(name: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Git keeps no modes: the data directory as the gateway made it, private. */
function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) makePrivate(p);
    else chmodSync(p, 0o600);
  }
}

function psql(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-X', '-d', url, '-f', file], (err, _out, stderr) =>
      err ? reject(new Error(`psql: ${stderr}`)) : resolve(),
    );
  });
}

export async function install(
  release: string,
  dialect: FixtureDialect,
  manifest: Manifest,
): Promise<Installed> {
  const dataDir = mkdtempSync(join(tmpdir(), `omnigate-upgrade-${dialect}-`));
  cpSync(join(FIXTURES, release, dialect), dataDir, { recursive: true });
  makePrivate(dataDir);
  const env: Record<string, string> = {
    OMNIGATE_DATA_DIR: dataDir,
    OMNIGATE_ADMIN_TOKEN: manifest.adminToken,
    OMNIGATE_CLOCK: 'manual',
    // The audit log ages on real time (docs/security.md#retention): the fixture's rows must not go
    // the year after it was written.
    OMNIGATE_RETENTION_AUDIT_DAYS: '0',
  };
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'omnigate.db');
    env.DATABASE_URL = `sqlite:${file}`;
    const open = () => new Database(file);
    return {
      dataDir,
      env,
      async migrations() {
        const db = open();
        try {
          return db
            .prepare<[], { name: string }>('select name from omnigate_migrations order by name')
            .all()
            .map((r) => r.name);
        } finally {
          db.close();
        }
      },
      async recordMigration(name) {
        const db = open();
        try {
          db.prepare('insert into omnigate_migrations (name, applied_at) values (?, ?)').run(
            name,
            Date.now(),
          );
        } finally {
          db.close();
        }
      },
      async cleanup() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const server = new URL(process.env.TEST_DATABASE_URL ?? '');
  const name = `upgrade_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.OMNIGATE_SECRET_KEY = manifest.secretKey;
  await psql(env.DATABASE_URL, join(FIXTURES, release, 'postgres.sql'));
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    try {
      return (await c.query<R>(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    dataDir,
    env,
    async migrations() {
      return (await query<{ name: string }>('select name from omnigate_migrations order by name')).map(
        (r) => r.name,
      );
    },
    async recordMigration(migration) {
      await query('insert into omnigate_migrations (name, applied_at) values ($1, $2)', [
        migration,
        Date.now(),
      ]);
    },
    async cleanup() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `omnigate <args>` of this checkout, as an operator runs it. */
export function omnigate(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, LOG_LEVEL: 'info', ...env }, timeout: 90_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
