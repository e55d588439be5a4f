import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { purge } from '../../src/engine/purge.ts';
import { insertWebhookFailures } from '../../src/store/messages/webhook-attempts.ts';
import { purgeWebhookAttempts } from '../../src/store/purge/records.ts';
import { advance, type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { moAccount, Receiver, sendMo, setWebhook } from './mo-helpers.ts';

/*
 * The debugger's webhook attempts (issue 33): every post of a report or an MO, in order, with its
 * request and the receiver's status or the error. A failure is a row of webhook_attempts; the
 * success is only its status, written with the acknowledgement; the purge takes the rows with
 * the message or MO they belong to.
 */

const SECRET = 'debug-receiver-secret';
const MO_NUMBER = '15886000';

interface Header {
  name: string;
  value: string | null;
  masked: boolean;
}
interface Attempt {
  at: string;
  acknowledged: boolean;
  request: { method: string; url: string | null; headers: Header[] };
  status: number | null;
  error: string | null;
}

const header = (a: Attempt | undefined, name: string) => a?.request.headers.find((h) => h.name === name);

/** An attempt as [acknowledged, status, error], a wrong msgKey echoed written short. */
const outline = (a: Attempt) => [
  a.acknowledged,
  a.status,
  a.error?.startsWith('webhook answered msgKey "') ? 'another msgKey' : a.error,
];

describeEachDb('debugger: webhook attempts', (db) => {
  let t: TestGateway;
  let receiver: Receiver;
  let shop: Client;

  before(async () => {
    receiver = new Receiver(SECRET);
    await receiver.start();
    t = await startTestGateway(db, {
      env: { OMNIGATE_RETENTION_MESSAGES_DAYS: '1', OMNIGATE_RETENTION_MO_DAYS: '1' },
    });
    shop = await setupClient(t, 'Hooked Shop');
    await setWebhook(t, shop.accountId, { url: receiver.url, secret: SECRET });
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${shop.accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  async function sendOne(to: string): Promise<string> {
    const res = await send(t, shop, {
      destinations: [{ to }],
      messageFlow: [{ sms: { from: shop.sender, text: 'your parcel' } }],
    });
    assert.equal(res.json().data.code, 'A000', res.body);
    return res.json().data.data.destinations[0].msgKey;
  }

  async function detail(msgKey: string) {
    const res = await t.request({ method: 'GET', url: `/admin/v1/messages/${msgKey}`, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{
      webhookUrl: string | null;
      reports: Array<{
        reportId: number;
        acknowledged: boolean;
        body: Record<string, string>;
        webhookAttempts: Attempt[];
        earlierAttemptsOmitted: boolean;
      }>;
    }>();
  }

  const failureRows = (msgKey: string) =>
    t.gw.ctx.store.db.selectFrom('webhook_attempts').selectAll().where('msg_key', '=', msgKey).execute();

  test('a report acknowledged at its first post adds no row: one attempt, its status on the report', async () => {
    receiver.mode = 'ok';
    const msgKey = await sendOne('01073000001');
    await settle(t);
    assert.equal(receiver.of(msgKey).acked, 1);
    assert.deepEqual(await failureRows(msgKey), []);
    const [report] = (await detail(msgKey)).reports;
    assert.equal(report?.acknowledged, true);
    assert.deepEqual(
      report?.webhookAttempts.map((a) => [a.acknowledged, a.status, a.error]),
      [[true, 200, null]],
    );
    const status = await t.gw.ctx.store.db
      .selectFrom('reports')
      .select('webhook_status')
      .where('msg_key', '=', msgKey)
      .executeTakeFirstOrThrow();
    assert.equal(status.webhook_status, 200);
  });

  test('a receiver that fails twice then answers: two failure rows, then the success, in order', async () => {
    receiver.mode = 'status500';
    const msgKey = await sendOne('01073000002');
    await settle(t);
    receiver.mode = 'wrongKey';
    await advance(t, 1);
    receiver.mode = 'ok';
    await advance(t, 2);
    const got = receiver.of(msgKey).all;
    assert.equal(got.length, 3);
    assert.equal(receiver.of(msgKey).acked, 1);

    const rows = await failureRows(msgKey);
    assert.deepEqual(
      rows.map((r) => [r.kind, r.status, r.error]),
      [
        ['report', 500, 'webhook: HTTP 500'],
        ['report', 200, `webhook answered msgKey "${msgKey}-other", expected "${msgKey}"`],
      ],
    );
    const view = await detail(msgKey);
    const [report] = view.reports;
    const attempts = report?.webhookAttempts ?? [];
    assert.deepEqual(attempts.map(outline), [
      [false, 500, 'webhook: HTTP 500'],
      [false, 200, 'another msgKey'],
      [true, 200, null],
    ]);
    // Each failure's request as the receiver got it: the URL, the timestamp header, the signatures masked.
    for (const [i, a] of attempts.slice(0, 2).entries()) {
      assert.equal(a.request.method, 'POST');
      assert.equal(a.request.url, receiver.url);
      const sent = got[i]?.headers;
      assert.equal(header(a, 'X-SVC-Timestamp')?.value, sent?.['x-svc-timestamp']);
      assert.equal(a.at, isoKst(Number(sent?.['x-svc-timestamp'])));
      for (const name of ['X-SVC-Signature', 'X-IB-Signature', 'X-Omnigate-Body-Signature']) {
        const h = header(a, name);
        assert.equal(h?.masked, true, name);
        assert.ok(sent?.[name.toLowerCase()], `${name} was sent`);
        assert.notEqual(h?.value, sent?.[name.toLowerCase()], `${name} is not shown`);
      }
      // Every header the receiver got is listed by name.
      const listed = new Set(a.request.headers.map((h) => h.name.toLowerCase()));
      for (const name of ['x-svc-timestamp', 'x-ib-timestamp', 'accept', 'content-type'])
        assert.ok(listed.has(name));
    }
    // The body posted is the report body the page shows.
    assert.deepEqual(got[2]?.body, report?.body);
    assert.equal(view.webhookUrl, receiver.url);
  });

  test('a receiver that is down: the network error, no status', async () => {
    receiver.mode = 'ok';
    await receiver.stop();
    const msgKey = await sendOne('01073000003');
    await settle(t);
    await receiver.start();
    await advance(t, 1);
    const attempts = (await detail(msgKey)).reports[0]?.webhookAttempts ?? [];
    assert.equal(attempts.length, 2);
    assert.equal(attempts[0]?.status, null);
    assert.match(attempts[0]?.error ?? '', /^webhook: network error: ECONNREFUSED/);
    assert.equal(attempts[1]?.acknowledged, true);
  });

  test('an MO: each failed post, then the delivering one; credentials in the URL are masked', async () => {
    const withUser = receiver.url.replace('http://', 'http://hook:pass-9f2@');
    const { accountId } = await moAccount(t, 'MO Desk', MO_NUMBER, { url: withUser, secret: SECRET });
    receiver.mode = 'status500';
    const mo = await sendMo(t, { to: MO_NUMBER, from: '01073000010', content: 'STOP' });
    assert.equal(mo.accountId, accountId);
    await settle(t);
    receiver.mode = 'wrongKey';
    await advance(t, 10);
    receiver.mode = 'ok';
    await advance(t, 30);
    assert.equal(receiver.of(mo.msgKey).acked, 1);

    const rows = await failureRows(mo.msgKey);
    assert.deepEqual(
      rows.map((r) => [r.kind, r.report_id, r.status]),
      [
        ['mo', null, 500],
        ['mo', null, 200],
      ],
    );
    assert.ok(
      rows.every((r) => !r.url.includes('pass-9f2')),
      'the password is not kept',
    );
    const res = await t.request({ method: 'GET', url: `/admin/v1/mo/${mo.msgKey}`, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.doesNotMatch(res.body, /pass-9f2/);
    const view = res.json<{
      status: string;
      webhookConfigured: boolean;
      webhookUrl: string;
      webhookBody: Record<string, string>;
      webhookAttempts: Attempt[];
    }>();
    assert.equal(view.status, 'DELIVERED');
    assert.equal(view.webhookConfigured, true);
    assert.equal(view.webhookUrl, receiver.url.replace('http://', 'http://hook:***@'));
    assert.deepEqual(view.webhookAttempts.map(outline), [
      [false, 500, 'webhook: HTTP 500'],
      [false, 200, 'another msgKey'],
      [true, 200, null],
    ]);
    const first = view.webhookAttempts[0];
    assert.equal(first?.request.url, view.webhookUrl);
    assert.equal(header(first, 'Authorization')?.masked, true);
    assert.equal(
      header(first, 'X-SVC-Timestamp')?.value,
      receiver.of(mo.msgKey).all[0]?.headers['x-svc-timestamp'],
    );
    assert.deepEqual(view.webhookBody, receiver.of(mo.msgKey).all[2]?.body);
  });

  test('an MO of an account without a webhook posts nothing and records nothing', async () => {
    await moAccount(t, 'No Hook', '15886001');
    const mo = await sendMo(t, { to: '15886001', from: '01073000011', content: 'hello?' });
    await settle(t);
    await advance(t, 10);
    const res = await t.request({ method: 'GET', url: `/admin/v1/mo/${mo.msgKey}`, admin: true });
    const view = res.json<{ webhookConfigured: boolean; webhookAttempts: Attempt[]; lastError: string }>();
    assert.equal(view.webhookConfigured, false);
    assert.deepEqual(view.webhookAttempts, []);
    assert.match(view.lastError, /no webhook URL/);
    assert.deepEqual(await failureRows(mo.msgKey), []);
  });

  test('failed attempts also go by their own age, under the webhooks retention', async () => {
    const { store } = t.gw.ctx;
    const now = t.gw.ctx.clock.now();
    await insertWebhookFailures(store, [
      {
        kind: 'report',
        msgKey: 'gone-long-ago',
        reportId: 1,
        at: now - 40 * 86_400_000,
        signedAt: now,
        url: 'http://x/',
        status: 500,
        error: 'old',
      },
      {
        kind: 'report',
        msgKey: 'gone-long-ago',
        reportId: 1,
        at: now - 1000,
        signedAt: now,
        url: 'http://x/',
        status: 500,
        error: 'new',
      },
    ]);
    const errors = async () =>
      (
        await store.db
          .selectFrom('webhook_attempts')
          .select('error')
          .where('msg_key', '=', 'gone-long-ago')
          .execute()
      ).map((r) => r.error);
    const cut = purgeWebhookAttempts(store, now - 30 * 86_400_000, false);
    while ((await cut(100)).more);
    assert.deepEqual(await errors(), ['new']);
    await store.db.deleteFrom('webhook_attempts').where('msg_key', '=', 'gone-long-ago').execute();
  });

  test('the purge takes the failed attempts with their message and their MO, not before', async () => {
    const rows = () => t.gw.ctx.store.db.selectFrom('webhook_attempts').select(['kind', 'msg_key']).execute();
    const before = await rows();
    assert.deepEqual([...new Set(before.map((r) => r.kind))].sort(), ['mo', 'report']);
    // Within the retention (1 day here) the hourly purge leaves them.
    await advance(t, 12 * 3600);
    await purge(t.gw.ctx);
    assert.equal((await rows()).length, before.length);
    // Past it, they go with the messages and the MOs (the purge job runs as the clock moves).
    await advance(t, 3 * 86_400);
    await purge(t.gw.ctx);
    assert.deepEqual(await rows(), []);
    const left = await t.gw.ctx.store.db.selectFrom('messages').select('msg_key').execute();
    assert.deepEqual(left, []);
  });
});
