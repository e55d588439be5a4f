/**
 * Writes the upgrade fixture of a release: a database that release filled with data in every
 * state, as it left it after a clean stop, for test/upgrade/upgrade.test.ts to upgrade.
 *
 *   node --import tsx scripts/upgrade-fixture.ts --omnigate <checkout of the release>/bin/omnigate.mjs
 *     [--out test/fixtures/upgrade/<version>] [--pg postgres://postgres@127.0.0.1:5432] [--only sqlite|postgres]
 *
 * For each database it starts that release's `omnigate serve` (manual clock), fills it through
 * HTTP alone (scripts/upgrade-fixture/fill.ts), stops it with SIGTERM, starts it again with
 * `--role api` to leave messages accepted and never submitted, stops it, and keeps: SQLite, the
 * data directory (the database file, the secret key, the uploads); PostgreSQL, a plain `pg_dump`
 * and the instance's data directory (its uploads). Beside each, the manifest of what is there.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fill, fillQueued } from './upgrade-fixture/fill.ts';
import { Gateway } from './upgrade-fixture/http.ts';
import type { FixtureDialect, Manifest } from './upgrade-fixture/manifest.ts';

/** Known to the test, so that both databases open under the same key. Never a production key. */
export const FIXTURE_SECRET_KEY = '6f6d6e6967617465207570677261646520666978747572652073656372657421';
export const FIXTURE_ADMIN_TOKEN = 'upgrade-fixture-admin-token';

const { values } = parseArgs({
  options: {
    omnigate: { type: 'string' },
    out: { type: 'string' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    only: { type: 'string' },
  },
});
const bin = resolve(values.omnigate ?? join(import.meta.dirname, '..', 'bin', 'omnigate.mjs'));
const pkg: unknown = JSON.parse(readFileSync(join(dirname(bin), '..', 'package.json'), 'utf8'));
const release =
  pkg !== null && typeof pkg === 'object' && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : '';
if (!release) throw new Error(`no version in the package.json beside ${bin}`);
const out = resolve(values.out ?? join(import.meta.dirname, '..', 'test', 'fixtures', 'upgrade', release));

interface Running {
  child: ChildProcess;
  base: string;
  exit: Promise<number | null>;
  output: () => string;
}

async function serve(env: Record<string, string>, role: 'all' | 'api'): Promise<Running> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--role', role], {
    cwd: dirname(dirname(bin)),
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      OMNIGATE_CLOCK: 'manual',
      OMNIGATE_ADMIN_TOKEN: FIXTURE_ADMIN_TOKEN,
      OMNIGATE_WEBHOOK_ALLOW: '127.0.0.0/8',
      OMNIGATE_ENGINE_NICE: '0',
      // The engine in the serving thread: a release checkout whose node_modules is a link into
      // another checkout (as the fixture of 0.1.0 was made) bundles the engine's thread from the
      // sources beside that node_modules (0.1.0's src/root.ts walks up from the bundle), which
      // would be the other checkout's engine.
      OMNIGATE_ENGINE_THREAD: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const base = await new Promise<string>((resolveBase, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"listening"/.exec(text);
      if (m?.[1]) resolveBase(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then((code) => reject(new Error(`omnigate serve exited (${code}):\n${text}`)));
  });
  return { child, base, exit, output: () => text };
}

/** A graceful stop (SIGTERM), as an operator stops it before copying its data. */
async function stop(r: Running): Promise<void> {
  r.child.kill('SIGTERM');
  const code = await r.exit;
  if (code !== 0) throw new Error(`omnigate serve stopped with ${code}:\n${r.output()}`);
}

async function run(dialect: FixtureDialect, env: Record<string, string>): Promise<Manifest> {
  const opts = { release, dialect, adminToken: FIXTURE_ADMIN_TOKEN, secretKey: FIXTURE_SECRET_KEY };
  const all = await serve(env, 'all');
  let manifest: Manifest;
  try {
    manifest = await fill(new Gateway(all.base, FIXTURE_ADMIN_TOKEN), opts);
  } finally {
    await stop(all);
  }
  const api = await serve(env, 'api');
  try {
    await fillQueued(new Gateway(api.base, FIXTURE_ADMIN_TOKEN), manifest);
  } finally {
    await stop(api);
  }
  return manifest;
}

function writeManifest(m: Manifest): void {
  const file = join(out, `manifest-${m.dialect}.json`);
  writeFileSync(file, `${JSON.stringify(m, null, 2)}\n`);
  // In the repository, as Biome (the lint of `npm test`) formats it; elsewhere (a trial run) as is.
  const repo = join(import.meta.dirname, '..');
  if (file.startsWith(`${repo}/`))
    execFileSync('npx', ['biome', 'format', '--write', file], { cwd: repo, stdio: 'ignore' });
}

/** The data directory as the release left it, but for the admin token (the test gives its own). */
function keepDataDir(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith('/admin-token') });
  for (const leftover of ['omnigate.db-wal', 'omnigate.db-shm']) {
    if (existsSync(join(to, leftover))) throw new Error(`${leftover} left after a clean stop`);
  }
}

async function sqlite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'omnigate-fixture-sqlite-'));
  try {
    // The key as a one-machine install keeps it: a file of the data directory.
    writeFileSync(join(dataDir, 'secret-key'), `${FIXTURE_SECRET_KEY}\n`, { mode: 0o600 });
    const m = await run('sqlite', { OMNIGATE_DATA_DIR: dataDir });
    keepDataDir(dataDir, join(out, 'sqlite'));
    writeManifest(m);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres(server: string): Promise<void> {
  const name = `upgrade_fixture_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  const dataDir = mkdtempSync(join(tmpdir(), 'omnigate-fixture-pg-'));
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = `${server}/${name}`;
    // Several instances of one PostgreSQL share the key through the environment.
    const m = await run('postgres', {
      OMNIGATE_DATA_DIR: dataDir,
      DATABASE_URL: url,
      OMNIGATE_SECRET_KEY: FIXTURE_SECRET_KEY,
    });
    const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', url], {
      maxBuffer: 64 << 20,
    }).toString();
    // pg_dump 15.14 and later fence the script with \restrict: psql before those refuses it.
    const kept = dump
      .split('\n')
      .filter((l) => !/^\\(un)?restrict /.test(l))
      .join('\n');
    writeFileSync(join(out, 'postgres.sql'), kept);
    keepDataDir(dataDir, join(out, 'postgres'));
    writeManifest(m);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

mkdirSync(out, { recursive: true });
if (values.only !== 'postgres') await sqlite();
if (values.only !== 'sqlite') await postgres(values.pg);
process.stdout.write(`upgrade fixture of ${release} written to ${out}\n`);
