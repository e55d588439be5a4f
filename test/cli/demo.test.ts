import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { DemoAnswer } from '../../src/features/admin/demo.ts';
import { describeEachDb } from '../helpers/db.ts';
import { type Served, serveProcess } from '../helpers/process.ts';

/*
 * Issue 34, the first hour: `omnigate demo` as an operator runs it (the real process, beside a
 * gateway on a real port), and the lines it prints pasted into bash as they are, each one's
 * message then seen in the sandbox handset's inbox on its channel. The same for the lines of
 * POST /admin/v1/demo, called over that port: they name the address the call came to.
 */

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');
const hasTools = ['bash', 'curl', 'base64'].every(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>, cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { env: { ...process.env, ...env }, timeout: 120_000, ...(cwd ? { cwd } : {}) },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** What each example's send is delivered as: an LMS and an MMS are both the mms channel. */
const CHANNEL: Record<string, string> = {
  sms: 'sms',
  lms: 'mms',
  mms: 'mms',
  infomsg: 'infomsg',
  rcs: 'rcs',
  brandmessage: 'brandmessage',
};

interface InboxMessage {
  channel: string;
  msgKey: string;
  text: string;
  title: string | null;
  payload: Record<string, unknown>;
}

describeEachDb('omnigate demo', (db) => {
  let gw: Served;
  let env: Record<string, string>;
  let dataDir: string;
  let token = '';
  const work = mkdtempSync(join(tmpdir(), 'omnigate-demo-'));

  before(async () => {
    await (await db.openStore()).close(); // creates the PostgreSQL schema of this suite
    dataDir = join(db.dir, 'data');
    env = {
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: dataDir,
      OMNIGATE_SECRET_KEY: 'c3'.repeat(32),
      LOG_LEVEL: 'warn',
    };
    // No OMNIGATE_ADMIN_TOKEN: the gateway makes one in the data folder, and the lines read it there.
    gw = await serveProcess({ ...env, OMNIGATE_ADMIN_TOKEN: '' });
    token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  });
  after(async () => {
    gw?.child.kill('SIGTERM');
    await gw?.exit;
    rmSync(work, { recursive: true, force: true });
  });

  /** `omnigate demo ...` with the environment the gateway runs with, and its port. */
  const omnigate = (...args: string[]) =>
    run(process.execPath, [BIN, 'demo', ...args], {
      ...env,
      OMNIGATE_ADMIN_TOKEN: '',
      PORT: String(gw.port),
    });

  const inbox = async (phone: string): Promise<InboxMessage[]> => {
    const res = await fetch(`${gw.base}/sandbox/v1/handsets/${phone}/inbox`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { messages: InboxMessage[] }).messages;
  };

  /**
   * Runs `script` in bash as pasted lines run (each line its own command; a failed one does not
   * stop the next, as at a prompt). Answers what it printed, and the msgKey of each send's answer
   * in order.
   */
  const paste = async (name: string, script: string) => {
    const file = join(work, `${name}.sh`);
    writeFileSync(file, script);
    const out = await run('bash', [file], {}, work);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, '', 'nothing on stderr');
    const answers = out.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { out: out.stdout, answers };
  };

  /** Each send answered A000 for its one recipient; each is then delivered on its channel. */
  const delivered = async (answers: Array<Record<string, unknown>>, names: string[]) => {
    type Envelope = {
      data?: { code?: string; data?: { destinations?: Array<{ code: string; msgKey: string }> } };
    };
    const sends = answers.filter((a) => (a as Envelope).data?.data?.destinations !== undefined) as Envelope[];
    assert.equal(sends.length, names.length, JSON.stringify(answers));
    const keys = sends.map((s, i) => {
      assert.equal(s.data?.code, 'A000', `${names[i]}: ${JSON.stringify(s)}`);
      const dest = s.data?.data?.destinations?.[0];
      assert.equal(dest?.code, 'A000', `${names[i]}: ${JSON.stringify(s)}`);
      return dest?.msgKey ?? '';
    });
    // Delivery is asynchronous: up to 20 s for all of them (they arrive in well under one).
    let got: InboxMessage[] = [];
    for (let i = 0; i < 100; i += 1) {
      got = await inbox('01012345678');
      if (keys.every((k) => got.some((m) => m.msgKey === k))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    keys.forEach((k, i) => {
      const name = names[i] ?? '';
      const m = got.find((x) => x.msgKey === k);
      assert.equal(m?.channel, CHANNEL[name], `${name} (${k}) in the inbox: ${JSON.stringify(got)}`);
    });
    return keys.map((k) => got.find((m) => m.msgKey === k));
  };

  const SENDS = ['sms', 'lms', 'mms', 'infomsg', 'rcs', 'brandmessage'];

  test('--help prints its usage and runs nothing', async () => {
    const fresh = join(work, 'never-made');
    const help = await run(process.execPath, [BIN, 'demo', '--help'], {
      OMNIGATE_DATA_DIR: fresh,
      DATABASE_URL: `sqlite:${join(fresh, 'omnigate.db')}`,
    });
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^omnigate demo \[--url URL\] \[--json\]/);
    assert.ok(!existsSync(fresh), 'no data folder made');
    const bad = await omnigate('--url', 'not a url');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--url must be an http\(s\) URL/);
    const unknown = await omnigate('--nope');
    assert.equal(unknown.code, 2);
  });

  test('prints lines that, pasted into bash, deliver a first message of each channel', {
    skip: hasTools ? false : 'needs bash, curl and base64',
  }, async () => {
    const first = await omnigate();
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^The demo account demo \(acc_\w+\) was created with:/);
    const [, lines = ''] = first.stdout.split(/^Paste these lines into a shell.*\n/m);
    assert.match(first.stdout, new RegExp(`gateway runs at ${gw.base.replaceAll('.', '\\.')}:`));
    // Every line calls this gateway, and the admin token is read from its file, never printed.
    assert.ok(!first.stdout.includes(token), 'the admin token is not printed');
    assert.ok(lines.includes(`$(cat ${dataDir}/admin-token)`), lines);
    for (const l of lines.split('\n').filter((x) => x.includes('curl')))
      assert.ok(l.includes(`${gw.base}/`), l);

    const { out, answers } = await paste('cli', lines);
    const [, , mms, info, rcs] = await delivered(answers, SENDS);
    assert.deepEqual(mms?.payload.fileKey, ['omnigate-demo']);
    assert.ok(out.includes('"fileKey":"omnigate-demo"'), 'the upload answered its fileKey');
    assert.equal(info?.text, 'Hello Kim, this informational message comes from the Omnigate demo.');
    assert.equal(rcs?.text, 'Hello from the Omnigate demo');
    // The inbox line printed the inbox; the reports line a polling answer.
    const inboxAnswer = answers.find((a) => Array.isArray(a.messages));
    assert.ok(inboxAnswer, out);
    const reports = answers.find(
      (a) => (a as { data?: { data?: { reportId?: unknown } } }).data?.data?.reportId !== undefined,
    );
    assert.ok(reports, out);
  });

  test('run again, it reuses the account with a new key; --json prints the operator API answer', async () => {
    const again = await omnigate('--json');
    assert.equal(again.code, 0, again.stderr);
    const answer = JSON.parse(again.stdout) as DemoAnswer;
    assert.equal(answer.reused, true);
    assert.equal(answer.baseUrl, gw.base);
    assert.deepEqual(
      answer.examples.map((e) => e.name),
      ['sms', 'lms', 'mms', 'infomsg', 'rcs', 'brandmessage', 'inbox', 'reports'],
    );
    const text = await omnigate();
    assert.match(
      text.stdout,
      new RegExp(`^The demo account demo \\(${answer.accountId}\\), made by an earlier run`),
    );
    // Audited as the other operator commands are.
    const audit = await run(process.execPath, [BIN, 'audit', 'list', '--limit', '5'], env);
    assert.equal(audit.code, 0, audit.stderr);
    assert.ok(audit.stdout.includes('"action": "cli demo"'), audit.stdout);
  });

  test('the lines of POST /admin/v1/demo, called over the port, run too', {
    skip: hasTools ? false : 'needs bash, curl and base64',
  }, async () => {
    const res = await fetch(`${gw.base}/admin/v1/demo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    const answer = (await res.json()) as DemoAnswer;
    assert.equal(answer.reused, true);
    assert.equal(answer.baseUrl, gw.base);
    const script = answer.examples.flatMap((e) => e.lines).join('\n');
    const { answers } = await paste('http', `${script}\n`);
    await delivered(answers, SENDS);
  });

  test('without the sandbox it refuses, naming why', async () => {
    const off = await run(process.execPath, [BIN, 'demo'], { ...env, OMNIGATE_SANDBOX: 'false' });
    assert.equal(off.code, 2);
    assert.match(off.stderr, /^error: .*needs the sandbox/m);
    assert.equal(off.stdout, '');
  });

  test('the scratch folder holds only the scripts: the lines wrote no file', () => {
    assert.deepEqual(
      readdirSync(work).filter((f) => !f.endsWith('.sh')),
      [],
    );
  });
});
