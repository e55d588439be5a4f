import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT } from '../../src/root.ts';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';
import { unitService } from './systemd-unit.ts';

// The package as an operator gets it: packed from this checkout, installed with `npm install -g`
// into an empty prefix, run from a folder that is not the project's. The build is the test
// runner's (scripts/run-tests.mjs builds first); `--ignore-scripts` keeps `prepare` from building
// dist/ again under the other test files' feet.

const TOKEN = 'install-test-admin-token-0123456789';
// One database, two data folders (the unit's): as for any two instances, the same secret key.
const SECRET_KEY = 'a1'.repeat(32);
const work = mkdtempSync(join(tmpdir(), 'omnigate-install-'));
const prefix = join(work, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', 'omnigate');
const omnigate = join(prefix, 'bin', 'omnigate');
let packed: string[] = [];

interface PackResult {
  filename: string;
  files: { path: string }[];
}

function filesUnder(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), statSync(p).mtimeMs);
    }
  };
  walk(dir);
  return out;
}

before(() => {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [pack] = JSON.parse(out) as PackResult[];
  assert.ok(pack);
  packed = pack.files.map((f) => f.path);
  // No compiler on the install host: better-sqlite3's addon comes as a prebuilt binary, the one this
  // checkout's `npm ci` built (prebuild-install's --local-prebuilds, as on a host without GitHub).
  const sqlite = JSON.parse(
    readFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8'),
  );
  const prebuilds = join(work, 'prebuilds');
  mkdirSync(prebuilds);
  execFileSync('tar', [
    '-czf',
    join(
      prebuilds,
      `better-sqlite3-v${sqlite.version}-node-v${process.versions.modules}-linux-${process.arch}.tar.gz`,
    ),
    '-C',
    join(ROOT, 'node_modules', 'better-sqlite3'),
    'build/Release/better_sqlite3.node',
  ]);
  execFileSync(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      prefix,
      join(work, pack.filename),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    {
      cwd: work,
      env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
});
after(() => rmSync(work, { recursive: true, force: true }));

test('the package holds the build and the deploy files, not the sources, and installs without dev tools', () => {
  for (const f of [
    'bin/omnigate.mjs',
    'dist/cli.mjs',
    'dist/engine-thread.mjs',
    'dist/console/manifest.json',
  ]) {
    assert.ok(packed.includes(f), `${f} is packed`);
  }
  for (const f of [
    'LICENSE',
    'README.md',
    'deploy/Dockerfile',
    'deploy/compose.yaml',
    'deploy/omnigate.service',
  ]) {
    assert.ok(packed.includes(f), `${f} is packed`);
  }
  assert.deepEqual(
    packed.filter((f) => /^(src|test|console|scripts|bench)\//.test(f)),
    [],
  );
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(pkg.license, 'Apache-2.0');
  assert.match(readFileSync(join(installed, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
  // The run needs neither a loader nor a bundler: they are not even installed.
  for (const dev of ['tsx', 'esbuild', 'typescript']) {
    assert.equal(existsSync(join(installed, 'node_modules', dev)), false, `${dev} is not installed`);
  }
});

test('a command outside any data folder says so, and --help runs nothing', () => {
  const empty = mkdtempSync(join(work, 'empty-'));
  const help = execFileSync(omnigate, ['--help'], { cwd: empty, encoding: 'utf8' });
  assert.match(help, /serve/);
  assert.deepEqual(readdirSync(empty), []);
});

describeEachDb('the installed package serves from any folder', (db) => {
  const cwd = join(db.dir, 'elsewhere');
  const state = join(db.dir, 'state');
  let before: Map<string, number>;

  test('omnigate serve: data in OMNIGATE_DATA_DIR, a first message delivered, the console served', async () => {
    mkdirSync(cwd, { recursive: true });
    if (db.dialect === 'postgres') await db.openStore();
    before = filesUnder(installed);
    const s = await serveProcess(
      {
        OMNIGATE_DATA_DIR: state,
        OMNIGATE_ADMIN_TOKEN: TOKEN,
        OMNIGATE_SECRET_KEY: SECRET_KEY,
        ...(db.dialect === 'postgres' ? { DATABASE_URL: db.processUrl } : { DATABASE_URL: '' }),
      },
      { command: [omnigate, 'serve'], cwd },
    );
    try {
      const admin = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
      const acct = await fetch(`${s.base}/admin/v1/accounts`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name: 'installed' }),
      });
      assert.ok(acct.ok, `account: ${acct.status}`);
      const { accountId, apiKey } = (await acct.json()) as { accountId: string; apiKey: string };
      const sender = await fetch(`${s.base}/admin/v1/accounts/${accountId}/senders`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ number: '0212345678' }),
      });
      assert.ok(sender.ok, `sender: ${sender.status}`);
      const sent = await fetch(`${s.base}/api/comm/v1/send/omni`, {
        method: 'POST',
        headers: { authorization: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          destinations: [{ to: '01055550001' }],
          messageFlow: [{ sms: { from: '0212345678', text: 'from the package' } }],
        }),
      });
      const answer = (await sent.json()) as { data: { code: string } };
      assert.equal(answer.data.code, 'A000', JSON.stringify(answer));
      let texts: string[] = [];
      for (let i = 0; i < 100 && !texts.includes('from the package'); i++) {
        const inbox = await fetch(`${s.base}/sandbox/v1/handsets/01055550001/inbox`, { headers: admin });
        const body = (await inbox.json()) as { messages: { text: string }[] };
        texts = body.messages.map((m) => m.text);
        if (!texts.includes('from the package')) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(texts.includes('from the package'), `delivered: ${texts.join(', ')}`);
      const page = await fetch(`${s.base}/console/`);
      assert.equal(page.status, 200);
      const script = /\/console\/assets\/(app-[0-9a-f]{12}\.js)/.exec(await page.text())?.[1];
      assert.ok(script, 'the console names its script');
      assert.equal((await fetch(`${s.base}/console/assets/${script}`)).status, 200);
      assert.doesNotMatch(s.output(), /"level":50/);
      // No bundler beside it (the previous shape left an `esbuild --service` running).
      // (ps exits 1 when it lists none.)
      const kids = spawnSync('ps', ['--ppid', String(s.child.pid), '-o', 'comm='], { encoding: 'utf8' });
      assert.equal(kids.stdout.trim(), '');
    } finally {
      s.child.kill('SIGTERM');
      assert.equal(await s.exit, 0);
    }
    // Its data went where it was told, nothing into the folder it ran from, nothing into the package.
    assert.deepEqual(readdirSync(cwd), []);
    if (db.dialect === 'sqlite') assert.ok(existsSync(join(state, 'omnigate.db')));
    assert.deepEqual(filesUnder(installed), before);
    // A CLI command from another folder reads the same data.
    const list = execFileSync(omnigate, ['accounts', 'list'], {
      cwd: work,
      encoding: 'utf8',
      env: {
        ...process.env,
        OMNIGATE_DATA_DIR: state,
        OMNIGATE_SECRET_KEY: SECRET_KEY,
        ...(db.dialect === 'postgres' ? { DATABASE_URL: db.processUrl } : { DATABASE_URL: '' }),
      },
    });
    assert.match(list, /"installed"/);
  });

  test("the systemd unit's ExecStart runs the installed package with the unit's environment", async () => {
    const unit = unitService(readFileSync(join(installed, 'deploy', 'omnigate.service'), 'utf8'));
    assert.equal(unit.execStart[0], '/usr/local/bin/omnigate');
    assert.equal(unit.environment.OMNIGATE_DATA_DIR, `/var/lib/${unit.stateDirectory}`);
    // As systemd would run it, but from this prefix and with the state directory in the suite's folder.
    const stateDir = join(db.dir, 'var-lib', unit.stateDirectory);
    const s = await serveProcess(
      {
        ...unit.environment,
        OMNIGATE_DATA_DIR: stateDir,
        OMNIGATE_ADMIN_TOKEN: TOKEN,
        OMNIGATE_SECRET_KEY: SECRET_KEY,
        ...(db.dialect === 'postgres' ? { DATABASE_URL: db.processUrl } : { DATABASE_URL: '' }),
      },
      { command: [omnigate, ...unit.execStart.slice(1)], cwd: '/' },
    );
    try {
      assert.equal((await fetch(`${s.base}/healthz`)).status, 200);
      assert.ok(s.output().includes(`"url":"http://${unit.environment.HOST}:`));
    } finally {
      // KillSignal=SIGTERM: a graceful stop, exit 0.
      assert.equal(unit.killSignal, 'SIGTERM');
      s.child.kill('SIGTERM');
      assert.equal(await s.exit, 0);
    }
  });
});
