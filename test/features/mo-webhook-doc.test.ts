import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sign, signBody } from '../../src/http/webhook-client.ts';
import { settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { moAccount, moOf, sendMo } from './mo-helpers.ts';

const SECRET = 'doc-snippet-secret-42';

/** The receiver of docs/webhooks.md, exactly as printed: the first js block of its section. */
function snippet(): string {
  const md = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'webhooks.md'), 'utf8');
  const section = md.slice(md.indexOf('## Verifying the signature'));
  const m = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(m?.[1], 'docs/webhooks.md has the receiver snippet');
  return m[1];
}

/** The snippet running as its own process; its stdout lines as they come. */
class SnippetReceiver {
  readonly lines: string[] = [];
  readonly #waiters: Array<() => void> = [];
  readonly #dir = mkdtempSync(join(tmpdir(), 'omnigate-snippet-'));
  #child: ChildProcessWithoutNullStreams | null = null;

  async start(): Promise<string> {
    const file = join(this.#dir, 'receiver.mjs');
    writeFileSync(file, snippet());
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH ?? '', SIGNING_SECRET: SECRET, PORT: '0' },
    });
    this.#child = child;
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      this.lines.push(...parts);
      for (const w of this.#waiters.splice(0)) w();
    });
    const line = await this.waitFor((l) => l.startsWith('listening on '));
    return `http://127.0.0.1:${line.slice('listening on '.length)}/mo`;
  }

  /** The first line matching, waiting for output (the child flushes after answering). */
  async waitFor(match: (line: string) => boolean): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.lines.find(match);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no such line; got ${JSON.stringify(this.lines)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): void {
    this.#child?.kill();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

describeEachDb('the receiver of docs/webhooks.md', (db) => {
  let t: TestGateway;
  const receiver = new SnippetReceiver();
  let url: string;

  before(async () => {
    url = await receiver.start();
    // A fresh manual clock starts at the real time, so the snippet's 5-minute skew check passes.
    t = await startTestGateway(db);
    await moAccount(t, 'doc', '15887777', { url, secret: SECRET });
  });
  after(async () => {
    await t.close();
    receiver.stop();
  });

  test('verifies and acknowledges real MO deliveries', async () => {
    const mo = await sendMo(t, { to: '15887777', from: '01024681357', content: 'YES' });
    await settle(t);
    const view = await moOf(t, mo.msgKey);
    assert.equal(view.status, 'DELIVERED', view.lastError ?? '');
    const printed = JSON.parse(await receiver.waitFor((l) => l.includes(mo.msgKey))) as Record<
      string,
      string
    >;
    assert.equal(printed.msgKey, mo.msgKey);
    assert.equal(printed.serviceType, 'MO');
    assert.equal(printed.content, 'YES');
  });

  test('refuses a wrong, malformed or stale signature or another body, and answers a repeat without handling it twice', async () => {
    const body = JSON.stringify({ msgKey: 'mo-doc-1', serviceType: 'MO', content: 'x' });
    const post = (
      timestamp: string,
      signature: string,
      bodySignature: string | null = signBody(SECRET, timestamp, Buffer.from(body)),
      sent = body,
    ) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'X-SVC-Timestamp': timestamp,
          'X-SVC-Signature': signature,
          ...(bodySignature === null ? {} : { 'X-Omnigate-Body-Signature': bodySignature }),
          'Content-Type': 'application/json',
        },
        body: sent,
      });
    const now = String(Date.now());
    // The headers of a genuine request replayed with another body, or without the body signature.
    const other = JSON.stringify({ msgKey: 'mo-doc-1', serviceType: 'MO', content: 'forged' });
    assert.equal((await post(now, sign(SECRET, now), undefined, other)).status, 401);
    assert.equal((await post(now, sign(SECRET, now), null)).status, 401);
    assert.equal(
      (await post(now, sign(SECRET, now), signBody('another-secret', now, Buffer.from(body)))).status,
      401,
    );
    assert.equal((await post(now, sign('another-secret', now))).status, 401);
    assert.equal((await post(now, `${sign(SECRET, now)}00`)).status, 401);
    assert.equal((await post(now, sign(SECRET, now).toUpperCase())).status, 401);
    const stale = String(Date.now() - 10 * 60 * 1000);
    assert.equal((await post(stale, sign(SECRET, stale))).status, 401);
    for (let i = 0; i < 2; i++) {
      const res = await post(now, sign(SECRET, now));
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { msgKey: 'mo-doc-1' });
    }
    await receiver.waitFor((l) => l.includes('mo-doc-1'));
    assert.equal(receiver.lines.filter((l) => l.includes('mo-doc-1')).length, 1, 'handled once');
  });
});
