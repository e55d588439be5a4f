import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { clientOf, type Served, serveGateway } from './helpers.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const CLIENT = join(ROOT, 'clients', 'typescript');
const SECRET = 'whsec-readme-0123456789';

/** The README's quick start: the first js block of its "Quick start" section, exactly as written. */
function quickStart(): string {
  const readme = readFileSync(join(CLIENT, 'README.md'), 'utf8');
  const section = readme.split('\n## Quick start\n')[1];
  const block = section?.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(block, 'README.md has no js block under "## Quick start"');
  return block;
}

/*
 * Runs the README's quick start as a user would: a script importing '@omnigate/client' (the built
 * dist/, through a node_modules link), against a gateway on a real port, with its URL, API key
 * and webhook secret (and the headers and raw body of a real webhook) in the environment it reads.
 */
describeEachDb('client: the README quick start', (db) => {
  let s: Served;
  let dir: string;
  before(async () => {
    s = await serveGateway(db);
    dir = mkdtempSync(join(tmpdir(), 'omnigate-readme-'));
  });
  after(async () => {
    await s.t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('runs as written: a send, 10,000 in bulk, a webhook signature, every report read', async () => {
    assert.ok(quickStart().split('\n').length < 20, 'the quick start is under 20 lines');
    const { c } = await clientOf(s, 'readme');
    // A real webhook's headers and raw body: an MO to the account's number, posted to a capturing receiver.
    let headers: IncomingHttpHeaders | undefined;
    let body: string | undefined;
    const receiver = createServer((req, res) => {
      headers = req.headers;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        body = Buffer.concat(chunks).toString('utf8');
        const { msgKey } = JSON.parse(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msgKey }));
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    try {
      const admin = async (url: string, body: unknown, method: 'PUT' | 'POST' = 'POST') =>
        assert.equal((await s.t.request({ method, url, admin: true, body })).statusCode, 200);
      await admin(`/admin/v1/accounts/${c.accountId}/senders`, { number: '15889999' });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await admin(`/admin/v1/accounts/${c.accountId}/webhook`, { url, secret: SECRET }, 'PUT');
      await admin('/sandbox/v1/mo', { to: '15889999', from: '01055550000', content: 'YES' });
      await settle(s.t);
    } finally {
      receiver.close();
    }
    assert.ok(headers && body !== undefined, 'the gateway posted the MO');
    assert.ok(headers['x-omnigate-body-signature'], 'the body is signed');

    const built = await run(process.execPath, [join(ROOT, 'scripts', 'build-client.mjs')]);
    assert.equal(built.stderr, '');
    mkdirSync(join(dir, 'node_modules', '@omnigate'), { recursive: true });
    symlinkSync(CLIENT, join(dir, 'node_modules', '@omnigate', 'client'), 'dir');
    writeFileSync(join(dir, 'example.mjs'), quickStart());
    const out = await run(process.execPath, ['example.mjs'], {
      cwd: dir,
      timeout: 150_000,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        PATH: process.env.PATH ?? '',
        OMNIGATE_URL: s.baseUrl,
        OMNIGATE_API_KEY: c.apiKey,
        OMNIGATE_WEBHOOK_SECRET: SECRET,
        WEBHOOK_HEADERS: JSON.stringify(headers),
        WEBHOOK_BODY: body,
      },
    });
    const lines = out.stdout.trim().split('\n');
    assert.match(lines[0] ?? '', /^sent \S+ A000$/);
    assert.equal(lines[1], 'accepted 10000');
    assert.equal(lines[2], 'signature valid true');
    const reports = lines.slice(3);
    assert.ok(
      reports.every((l) => /^report \S+ 10000$/.test(l)),
      'every report is a delivery',
    );
    const keys = new Set(reports.map((l) => l.split(' ')[1]));
    assert.equal(keys.size, 10_001, 'one report per message, each read once');
    assert.ok(keys.has(lines[0]?.split(' ')[1]));
    // Every batch was acknowledged before the loop stopped.
    const poll = await s.t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: c.apiKey });
    assert.deepEqual(poll.json<{ data: { data: unknown } }>().data.data, { reportId: '', report: null });
  });
});
