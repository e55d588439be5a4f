import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { describeEachDb } from '../helpers/db.ts';
import { type CliRun, runOmnigate } from '../helpers/process.ts';

/*
 * Issue 34: `--help` on every command and subcommand prints its usage and runs nothing (no data
 * folder made, no database opened: `migrate --help` migrates nothing), `omnigate help <command>`
 * prints the same, and an unknown option exits 2 naming it and pointing at the command's help.
 * The commands are the ones `omnigate --help` lists, so that a command added there is checked here.
 */

function omnigate(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runOmnigate(args, env, 60_000);
}

/** Runs at most `n` at once: the machine has two cores and other test files run beside this one. */
async function pooled<T, R>(items: readonly T[], n: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await run(items[i] as T);
      }
    }),
  );
  return out;
}

/** `accounts create`, `serve`, ...: each command line of the overview, by its words. */
function commandsOf(overview: string): string[][] {
  const out: string[][] = [];
  for (const line of overview.split('\n')) {
    const m = /^ {2}([a-z][a-z-]*)(?: ([a-z][a-z-]*))?(?: |$)/.exec(line);
    if (m?.[1]) out.push(m[2] ? [m[1], m[2]] : [m[1]]);
  }
  return out;
}

const work = mkdtempSync(join(tmpdir(), 'omnigate-help-'));
const never = join(work, 'never-made');
const env = { OMNIGATE_DATA_DIR: never, DATABASE_URL: `sqlite:${join(never, 'omnigate.db')}` };
let commands: string[][] = [];
let overview = '';

before(async () => {
  const run = await omnigate(['--help'], env);
  assert.equal(run.code, 0, run.stderr);
  overview = run.stdout;
  commands = commandsOf(overview);
});
after(() => rmSync(work, { recursive: true, force: true }));

test('the overview lists every command, and `help` alone prints it', async () => {
  const names = commands.map((c) => c.join(' '));
  for (const c of [
    'serve',
    'migrate',
    'backup',
    'restore',
    'purge',
    'demo',
    'accounts create',
    'audit list',
    'messages list',
    'messages show',
    'secrets rotate',
  ]) {
    assert.ok(names.includes(c), `${c} in ${names.join(', ')}`);
  }
  assert.equal(new Set(names).size, names.length, 'each once');
  const help = await omnigate(['help'], env);
  assert.equal(help.code, 0);
  assert.equal(help.stdout, overview);
  const none = await omnigate([], env);
  assert.equal(none.code, 2, 'no command at all is a mistake');
  assert.equal(none.stdout, overview);
});

test('<command> --help prints its usage, options and an example, exits 0, and runs nothing', async () => {
  const runs = await pooled(commands, 4, (c) => omnigate([...c, '--help'], env));
  runs.forEach((run, i) => {
    const c = (commands[i] ?? []).join(' ');
    assert.equal(run.code, 0, `${c}: ${run.stderr}`);
    assert.ok(run.stdout.startsWith(`omnigate ${c}`), `${c}: ${run.stdout.slice(0, 80)}`);
    assert.doesNotMatch(run.stderr, /error/, c);
    // The demo command's help is its own (src/cli/demo-command.ts).
    if (c === 'demo') return;
    assert.match(run.stdout, /\nOptions:\n(.*\n)*? {2}-h, --help +this help\n/, c);
    assert.match(run.stdout, new RegExp(`\\nExamples?:\\n {2}(\\S+=\\S+ )?omnigate ${c}`), c);
  });
  assert.ok(!existsSync(never), 'no data folder was made');
});

test('-h and `omnigate help <command>` print the same', async () => {
  const sample = commands.filter((c) =>
    ['serve', 'migrate', 'backup', 'messages', 'audit', 'purge'].includes(c[0] ?? ''),
  );
  assert.ok(sample.length >= 7);
  const [long, short, viaHelp] = await Promise.all([
    pooled(sample, 2, (c) => omnigate([...c, '--help'], env)),
    pooled(sample, 1, (c) => omnigate([...c, '-h'], env)),
    pooled(sample, 1, (c) => omnigate(['help', ...c], env)),
  ]);
  sample.forEach((c, i) => {
    assert.equal(short[i]?.code, 0, c.join(' '));
    assert.equal(short[i]?.stdout, long[i]?.stdout, `${c.join(' ')} -h`);
    assert.equal(viaHelp[i]?.code, 0, c.join(' '));
    assert.equal(viaHelp[i]?.stdout, long[i]?.stdout, `help ${c.join(' ')}`);
  });
  // Help wins over a mistake beside it, and over the arguments: nothing is run.
  const beside = await omnigate(['accounts', 'create', '--bogus', '--help'], env);
  assert.equal(beside.code, 0, beside.stderr);
  assert.ok(beside.stdout.startsWith('omnigate accounts create --name NAME'));
  const group = await omnigate(['help', 'messages'], env);
  assert.equal(group.code, 0);
  assert.match(group.stdout, /^omnigate messages <subcommand>/);
  assert.match(group.stdout, /\n {2}messages list .*\n(.*\n)* {2}messages show MSG_KEY/);
  const unknown = await omnigate(['help', 'nosuch'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command: nosuch/);
  assert.ok(!existsSync(never), 'no data folder was made');
});

test('an unknown option exits 2, naming it and the command’s --help', async () => {
  const runs = await pooled(commands, 4, (c) => omnigate([...c, '--bogus-option'], env));
  runs.forEach((run, i) => {
    const c = (commands[i] ?? []).join(' ');
    assert.equal(run.code, 2, `${c}: ${run.stderr}`);
    assert.equal(run.stdout, '', c);
    assert.match(run.stderr, /--bogus-option/, c);
    assert.match(run.stderr, new RegExp(`\\(omnigate ${c} --help`), c);
  });
  const migrate = await omnigate(['migrate', 'now'], env);
  assert.equal(migrate.code, 2);
  assert.match(migrate.stderr, /omnigate migrate takes no argument \(omnigate migrate --help\)/);
  assert.ok(!existsSync(never), 'no data folder was made');
});

describeEachDb('migrate --help', (db) => {
  test('opens no database: nothing is made in it', async () => {
    let tables: () => Promise<string[]>;
    let url: string;
    if (db.dialect === 'postgres') {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query(`create schema "${db.schema}"`);
      await client.end();
      url = db.processUrl;
      tables = async () => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          const r = await c.query<{ table_name: string }>(
            'select table_name from information_schema.tables where table_schema = $1',
            [db.schema],
          );
          return r.rows.map((x) => x.table_name);
        } finally {
          await c.end();
        }
      };
    } else {
      url = `sqlite:${join(db.dir, 'data', 'omnigate.db')}`;
      tables = async () => (existsSync(join(db.dir, 'data')) ? ['(the data folder)'] : []);
    }
    const dbEnv = { OMNIGATE_DATA_DIR: join(db.dir, 'data'), DATABASE_URL: url };
    for (const args of [
      ['migrate', '--help'],
      ['migrate', '-h'],
      ['help', 'migrate'],
      ['serve', '--help'],
    ]) {
      const run = await omnigate(args, dbEnv);
      assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stdout, /^omnigate (migrate|serve)/);
    }
    assert.deepEqual(await tables(), []);
    // The command itself does migrate: the check above could have seen it.
    const real = await omnigate(['migrate'], dbEnv);
    assert.equal(real.code, 0, real.stderr);
    assert.match(real.stdout, /^applied: 0001_foundation/);
    assert.ok((await tables()).length > 0);
  });
});
