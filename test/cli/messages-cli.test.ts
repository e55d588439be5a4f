import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Receiver, setWebhook } from '../features/mo-helpers.ts';
import type { Message, Messages } from '../features/ops-helpers.ts';
import { advance, type Client, send, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Issue 34: `omnigate messages list` and `omnigate messages show` answer what the console's
 * Messages and message pages read (GET /admin/v1/messages, /messages/{msgKey} and its /request),
 * through the same use cases: the command's JSON is compared with the operator API's answer on
 * the same database, beside a gateway that keeps serving.
 */

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');
const SECRET = 'cli-receiver-secret';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Page {
  message: Message;
  request: Record<string, unknown> | null;
  requestNote: string | null;
}

describeEachDb('omnigate messages', (db) => {
  let t: TestGateway;
  let c: Client;
  let hooked: Client;
  let receiver: Receiver;
  let early: string[];
  let failover: string;
  let posted: string;

  const omnigate = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const env = {
        ...process.env,
        DATABASE_URL: db.processUrl,
        OMNIGATE_DATA_DIR: db.dir,
        OMNIGATE_CLOCK: 'manual',
      };
      execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      });
    });

  async function http<T>(url: string): Promise<T> {
    const res = await t.request({ method: 'GET', url, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<T>();
  }

  async function cli<T>(...args: string[]): Promise<T> {
    const run = await omnigate(...args);
    assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
    return JSON.parse(run.stdout) as T;
  }

  async function sms(client: Client, to: string[], text: string): Promise<string[]> {
    const res = await send(t, client, {
      destinations: to.map((n) => ({ to: n })),
      messageFlow: [{ sms: { from: client.sender, text } }],
    });
    assert.equal(res.statusCode, 200, res.body);
    await settle(t);
    return res.json().data.data.destinations.map((d: { msgKey: string }) => d.msgKey);
  }

  async function setClock(kst: string): Promise<void> {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: kst },
    });
    assert.equal(res.statusCode, 200, res.body);
  }

  before(async () => {
    receiver = new Receiver(SECRET);
    await receiver.start();
    t = await startTestGateway(db);
    await setClock('2026-11-25 10:00:00');
    c = await setupClient(t, 'acme');
    hooked = await setupClient(t, 'hooked');
    early = await sms(c, ['01031000001', '01031000002'], 'first parcel');
    await setClock('2026-11-25 11:00:00');
    // The informational message fails at the handset; its SMS step delivers it.
    await setHandset(t, '01031000009', { fail: { infomsg: '30100' } });
    const res = await send(t, c, {
      destinations: [{ to: '01031000009', ref: 'order-9' }],
      messageFlow: [
        { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '안내' } },
        { sms: { from: c.sender, text: '안내 (SMS)' } },
      ],
      idempotencyKey: 'order-9-first',
    });
    assert.equal(res.statusCode, 200, res.body);
    failover = res.json().data.data.destinations[0].msgKey;
    await settle(t);
    // A report posted to a webhook that fails once, then takes it: two attempts on the page.
    await setWebhook(t, hooked.accountId, { url: receiver.url, secret: SECRET });
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${hooked.accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
    receiver.mode = 'status500';
    [posted = ''] = await sms(hooked, ['01031000005'], 'hooked parcel');
    receiver.mode = 'ok';
    await advance(t, 2);
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  test('messages list answers what GET /admin/v1/messages answers, filter by filter', async () => {
    const cases: Array<[string[], string]> = [
      [[], ''],
      [['--to', '010-3100-0001'], '?to=01031000001'],
      [['--account', c.accountId, '--status', 'delivered'], `?accountId=${c.accountId}&status=delivered`],
      [['--text', 'PARCEL'], '?text=PARCEL'],
      [['--sender', c.sender], `?sender=${c.sender}`],
      [['--from', '2026-11-25 10:30:00'], `?from=${encodeURIComponent('2026-11-25 10:30:00')}`],
      [
        ['--account', c.accountId, '--until', '2026-11-25T10:30:00+09:00'],
        `?accountId=${c.accountId}&until=${encodeURIComponent('2026-11-25T10:30:00+09:00')}`,
      ],
      [['--msg-key', failover], `?msgKey=${failover}`],
      [['--account', c.accountId, '--limit', '1'], `?accountId=${c.accountId}&limit=1`],
    ];
    for (const [args, query] of cases) {
      const [mine, api] = await Promise.all([
        cli<Messages>('messages', 'list', ...args),
        http<Messages>(`/admin/v1/messages${query}`),
      ]);
      assert.deepEqual(mine, api, args.join(' '));
    }
    const all = await cli<Messages>('messages', 'list');
    assert.deepEqual(
      all.messages.map((m) => m.msgKey),
      [posted, failover, early[1], early[0]],
    );
    assert.match(all.messages[0]?.createdAt ?? '', /^2026-11-25T11:00:0\d\+09:00$/);
    const text = await cli<Messages>('messages', 'list', '--text', 'parcel');
    assert.deepEqual(text.messages.map((m) => m.msgKey).sort(), [posted, ...early].sort());

    // Paging: the next of one page is the cursor of the following, as over HTTP.
    const first = await cli<Messages>('messages', 'list', '--account', c.accountId, '--limit', '1');
    assert.ok(first.next);
    const [second, api] = await Promise.all([
      cli<Messages>('messages', 'list', '--account', c.accountId, '--limit', '1', '--cursor', first.next),
      http<Messages>(
        `/admin/v1/messages?accountId=${c.accountId}&limit=1&cursor=${encodeURIComponent(first.next)}`,
      ),
    ]);
    assert.deepEqual(second, api);
    assert.deepEqual(
      second.messages.map((m) => m.msgKey),
      [early[1]],
    );
  });

  test('messages show: the message page (attempts, reports, webhook posts) and the stored request', async () => {
    const page = await cli<Page>('messages', 'show', failover);
    assert.deepEqual(page.message, await http<Message>(`/admin/v1/messages/${failover}`));
    assert.deepEqual(page.request, await http(`/admin/v1/messages/${failover}/request`));
    assert.equal(page.requestNote, null);
    assert.deepEqual(
      page.message.attempts.map((a) => [a.channel, a.status, a.fallback]),
      [
        ['infomsg', 'failed', false],
        ['sms', 'delivered', true],
      ],
    );
    assert.equal(page.message.status, 'delivered');
    assert.equal(page.message.ref, 'order-9');
    const request = page.request as { body: { idempotencyKey?: string; destinations: unknown[] } };
    assert.equal(request.body.idempotencyKey, 'order-9-first');
    assert.deepEqual(request.body.destinations, [{ to: '01031000009', ref: 'order-9' }]);

    const hookedPage = await cli<Page>('messages', 'show', posted);
    assert.deepEqual(hookedPage.message, await http<Message>(`/admin/v1/messages/${posted}`));
    const [report] = hookedPage.message.reports;
    assert.equal(report?.way, 'webhook');
    assert.deepEqual(
      report?.webhookAttempts.map((a) => [a.acknowledged, a.status]),
      [
        [false, 500],
        [true, 200],
      ],
    );
  });

  test('a message whose request is no longer kept: the page says so; refusals exit 2', async () => {
    const [gone = ''] = await sms(c, ['01031000007'], 'soon gone');
    const { request_id } = await t.gw.ctx.store.db
      .selectFrom('messages')
      .select('request_id')
      .where('msg_key', '=', gone)
      .executeTakeFirstOrThrow();
    await t.gw.ctx.store.db.deleteFrom('send_requests').where('id', '=', request_id).execute();
    const page = await cli<Page>('messages', 'show', gone);
    assert.equal(page.message.msgKey, gone);
    assert.equal(page.request, null);
    assert.match(page.requestNote ?? '', /^Not found: the request of .* is no longer kept$/);

    const cases: Array<[string[], RegExp]> = [
      [['messages', 'show', 'nosuchkey'], /^error: Not found: msgKey nosuchkey$/m],
      [['messages', 'show'], /takes 1 argument/],
      [['messages', 'list', '--status', 'lost'], /--status must be one of queued, waiting, held, delivered/],
      [['messages', 'list', '--limit', '0'], /--limit must be 1 to 200, got "0"/],
      [['messages', 'list', '--to', 'abc'], /--to must be 1 to 20 digits, got "abc"/],
      [['messages', 'list', '--from', 'yesterday'], /from must be ISO 8601 .* got "yesterday"/],
      [
        ['messages', 'list', '--from', '2026-11-25 12:00:00', '--until', '2026-11-25 11:00:00'],
        /from must be before until/,
      ],
      [['messages', 'list', '--account', c.accountId, '--cursor', 'k.zzz'], /cursor "k.zzz" is not a next/],
    ];
    for (const [args, pattern] of cases) {
      const run = await omnigate(...args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, pattern, args.join(' '));
      assert.equal(run.stdout, '');
    }
    // Reading is not an operator action: nothing of it in the audit log (as GET /admin/v1 is not).
    const audited = await t.gw.ctx.store.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'cli messages%')
      .execute();
    assert.deepEqual(audited, []);
  });
});
