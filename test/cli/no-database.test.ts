import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { describeEachDb } from '../helpers/db.ts';

/*
 * Issue 34: run where no gateway ever ran (the wrong folder, a mistyped OMNIGATE_DATA_DIR, an
 * empty PostgreSQL database), an operator command used to make an empty ./data and answer as if
 * there were no accounts. Every command but `serve` and `migrate` now exits 2 naming where it
 * looked, and makes nothing there.
 */

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function omnigate(args: string[], env: Record<string, string>, cwd?: string): Promise<Run> {
  const base = { ...process.env };
  delete base.OMNIGATE_DATA_DIR;
  delete base.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...base, ...env }, timeout: 60_000, ...(cwd ? { cwd } : {}) },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** The commands that read or change what a gateway keeps. */
const COMMANDS = [
  ['accounts', 'list'],
  ['accounts', 'create', '--name', 'acme'],
  ['audit', 'list'],
  ['messages', 'list'],
  ['messages', 'show', '0mkqz9a1b0000a1b2c3d4'],
  ['purge', '--dry-run'],
  ['secrets', 'rotate'],
  ['demo'],
];

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeEachDb('no database', (db) => {
  if (db.dialect === 'sqlite') {
    test('a data folder that does not exist: exit 2 naming the file and the variables; nothing made', async () => {
      const missing = join(db.dir, 'missing');
      const runs = await Promise.all(COMMANDS.map((c) => omnigate(c, { OMNIGATE_DATA_DIR: missing })));
      const file = join(missing, 'omnigate.db');
      runs.forEach((run, i) => {
        const c = (COMMANDS[i] ?? []).join(' ');
        assert.equal(run.code, 2, `${c}: ${run.stderr}`);
        assert.equal(run.stdout, '', c);
        assert.match(
          run.stderr,
          new RegExp(
            `^error: no Omnigate database at ${reEscape(file)} \\(OMNIGATE_DATA_DIR=${reEscape(missing)}; DATABASE_URL unset\\); ` +
              'start the gateway once with `omnigate serve`',
            'm',
          ),
          c,
        );
      });
      const backup = await omnigate(['backup', join(db.dir, 'copy.db')], { OMNIGATE_DATA_DIR: missing });
      assert.equal(backup.code, 2);
      assert.match(backup.stderr, /^error: no Omnigate database at /m);
      assert.ok(!existsSync(missing), 'no data folder made');
      assert.ok(!existsSync(join(db.dir, 'copy.db')));
    });

    test('run in a folder with no ./data: it says so, and ./data is not made', async () => {
      const elsewhere = join(db.dir, 'elsewhere');
      mkdirSync(elsewhere);
      const run = await omnigate(['accounts', 'list'], {}, elsewhere);
      assert.equal(run.code, 2, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `no Omnigate database at ${reEscape(join(elsewhere, 'data', 'omnigate.db'))} \\(OMNIGATE_DATA_DIR unset: \\./data; DATABASE_URL unset\\)`,
        ),
      );
      assert.deepEqual(readdirSync(elsewhere), []);
    });

    test('a file that is no gateway’s database: refused the same way; migrate then makes it', async () => {
      const dir = join(db.dir, 'empty-file');
      mkdirSync(dir);
      writeFileSync(join(dir, 'omnigate.db'), '');
      const env = { OMNIGATE_DATA_DIR: dir };
      const run = await omnigate(['accounts', 'list'], env);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /no Omnigate database at .*\(it has no omnigate_migrations table\)/);
      const migrated = await omnigate(['migrate'], env);
      assert.equal(migrated.code, 0, migrated.stderr);
      const listed = await omnigate(['accounts', 'list'], env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.deepEqual(JSON.parse(listed.stdout), { accounts: [] });
    });
  } else {
    test('a database with no omnigate_migrations table: exit 2, the password masked; nothing made in it', async () => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const tables = async () =>
        (
          await client.query<{ table_name: string }>(
            'select table_name from information_schema.tables where table_schema = $1',
            [db.schema],
          )
        ).rows.map((r) => r.table_name);
      try {
        await client.query(`create schema "${db.schema}"`);
        // Trust authentication takes any password: the one in the URL must not be printed.
        const url = new URL(db.processUrl);
        url.password = 'hunter2-not-shown';
        const env = { DATABASE_URL: url.toString(), OMNIGATE_DATA_DIR: join(db.dir, 'data') };
        const runs = await Promise.all(COMMANDS.map((c) => omnigate(c, env)));
        runs.forEach((run, i) => {
          const c = (COMMANDS[i] ?? []).join(' ');
          assert.equal(run.code, 2, `${c}: ${run.stderr}`);
          assert.match(
            run.stderr,
            /^error: no Omnigate database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:5432\/test\?options=.* \(OMNIGATE_DATA_DIR=.*; DATABASE_URL=postgres:\/\/postgres:\*\*\*@.*\) \(it has no omnigate_migrations table\); start the gateway once with `omnigate serve`/m,
            c,
          );
          assert.doesNotMatch(run.stderr, /hunter2/, c);
        });
        assert.deepEqual(await tables(), []);
        assert.ok(!existsSync(join(db.dir, 'data')), 'no data folder made');

        const migrated = await omnigate(['migrate'], env);
        assert.equal(migrated.code, 0, migrated.stderr);
        const listed = await omnigate(['accounts', 'list'], env);
        assert.equal(listed.code, 0, listed.stderr);
        assert.deepEqual(JSON.parse(listed.stdout), { accounts: [] });
        assert.ok((await tables()).includes('omnigate_migrations'));
      } finally {
        await client.end();
      }
    });

    test('a PostgreSQL database that cannot be reached is that error, not "no database"', async () => {
      const run = await omnigate(['accounts', 'list'], {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test',
        OMNIGATE_DATA_DIR: join(db.dir, 'data'),
      });
      assert.equal(run.code, 1);
      assert.match(run.stderr, /ECONNREFUSED/);
      assert.doesNotMatch(run.stderr, /no Omnigate database/);
    });
  }
});
