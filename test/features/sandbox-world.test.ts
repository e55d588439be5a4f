import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createSandboxConnector, type SandboxConnector } from '../../src/connectors/sandbox/connector.ts';
import type { OutboundMessage } from '../../src/connectors/types.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/** 2026-03-10 12:00:00 in Korea. */
const T = Date.UTC(2026, 2, 10, 3, 0, 0);

let seq = 0;
function sms(to: string, over: Partial<OutboundMessage> = {}): OutboundMessage {
  seq += 1;
  return {
    msgKey: `W${String(seq).padStart(6, '0')}`,
    step: 0,
    accountId: 'acc',
    channel: 'sms',
    msgType: 'SM',
    to,
    international: false,
    from: '0212345678',
    title: null,
    text: `hello ${seq}`,
    payload: { from: '0212345678', text: `hello ${seq}` },
    submittedAt: T,
    ...over,
  };
}

describeEachDb('sandbox world API', (db) => {
  let t: TestGateway;
  let conn: SandboxConnector;
  const start = async () => {
    t = await startTestGateway(db);
    conn = createSandboxConnector({
      ctx: t.gw.ctx,
      sink: { async deliveryResult() {}, deliveryResults: async () => ({ held: [] }) },
    });
  };
  before(async () => {
    await start();
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-03-10 12:00:00' },
    });
  });
  after(() => t.close());

  const handset = (method: 'GET' | 'PUT' | 'DELETE', phone: string, body?: unknown) =>
    t.request({ method, url: `/sandbox/v1/handsets/${phone}`, admin: true, body });
  const inbox = (phone: string, query = '') =>
    t.request({ method: 'GET', url: `/sandbox/v1/handsets/${phone}/inbox${query}`, admin: true });

  const DEFAULTS = {
    configured: false,
    carrier: 'LGU+',
    reachable: true,
    rcs: { unified: true, android: true },
    appUser: {
      connected: true,
      lastActiveAt: '2026-03-10T12:00:00+09:00',
      signedUpAt: '2025-03-10T12:00:00+09:00',
    },
    friendOf: null,
    fail: {},
    receiptDelaySeconds: 0,
    defaults: ['carrier', 'reachable', 'rcs', 'appUser', 'friendOf', 'fail', 'receiptDelaySeconds'],
    updatedAt: null,
  };

  test('needs the admin token', async () => {
    const res = await t.request({ method: 'GET', url: '/sandbox/v1/handsets/01012345678' });
    assert.equal(res.statusCode, 401);
  });

  test('an unknown number shows the defaults, marked configured false', async () => {
    const res = await handset('GET', '01099990007');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { phone: '01099990007', ...DEFAULTS });
  });

  test('PUT sets every property and answers the full handset; GET shows the same', async () => {
    const body = {
      carrier: 'KT',
      reachable: false,
      rcs: { unified: true, android: false },
      appUser: { connected: false, lastActiveAt: '2026-03-01T00:00:00Z', signedUpAt: '2026-01-02 03:04:05' },
      friendOf: ['SK1', 'SK2', 'SK1'],
      fail: { sms: '23003', brandmessage: 'E999' },
      receiptDelaySeconds: 12.5,
    };
    const res = await handset('PUT', '01099990011', body);
    assert.equal(res.statusCode, 200, res.body);
    const expected = {
      phone: '01099990011',
      configured: true,
      carrier: 'KT',
      reachable: false,
      rcs: { unified: true, android: false },
      appUser: {
        connected: false,
        lastActiveAt: '2026-03-01T09:00:00+09:00',
        signedUpAt: '2026-01-02T03:04:05+09:00',
      },
      friendOf: ['SK1', 'SK2'],
      fail: { sms: '23003', brandmessage: 'E999' },
      receiptDelaySeconds: 12.5,
      defaults: [],
      updatedAt: '2026-03-10T12:00:00+09:00',
    };
    assert.deepEqual(res.json(), expected);
    assert.deepEqual((await handset('GET', '01099990011')).json(), expected);
  });

  test('PUT replaces: what it leaves out goes back to the default; rcs false and appUser null', async () => {
    await handset('PUT', '01099990022', { carrier: 'KT', reachable: false, friendOf: ['SK1'] });
    const res = await handset('PUT', '01099990022', { rcs: false, appUser: null });
    assert.deepEqual(res.json(), {
      ...DEFAULTS,
      phone: '01099990022',
      configured: true,
      carrier: 'SKT',
      rcs: false,
      appUser: null,
      defaults: ['carrier', 'reachable', 'friendOf', 'fail', 'receiptDelaySeconds'],
      updatedAt: '2026-03-10T12:00:00+09:00',
    });
    // A partial app user: the times left out follow the clock.
    const partial = await handset('PUT', '01099990022', {
      appUser: { signedUpAt: '2026-03-10T00:00:00+09:00' },
    });
    assert.deepEqual(partial.json().appUser, {
      connected: true,
      lastActiveAt: '2026-03-10T12:00:00+09:00',
      signedUpAt: '2026-03-10T00:00:00+09:00',
    });
    assert.deepEqual(partial.json().defaults.slice(-2), ['appUser.connected', 'appUser.lastActiveAt']);
  });

  test('DELETE resets a handset to the defaults', async () => {
    await handset('PUT', '01099990037', { reachable: false });
    const res = await handset('DELETE', '01099990037');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { phone: '01099990037', ...DEFAULTS });
    assert.equal((await handset('GET', '01099990037')).json().configured, false);
  });

  test('a malformed phone is A306 on every handset path', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/v1/handsets/0101234'],
      ['PUT', '/sandbox/v1/handsets/010-1234-5678'],
      ['DELETE', '/sandbox/v1/handsets/+821012345678'],
      ['GET', '/sandbox/v1/handsets/1234567890123456/inbox'],
      ['DELETE', '/sandbox/v1/handsets/abcdefghij/inbox'],
    ] as const) {
      const res = await t.request({ method, url, admin: true, ...(method === 'PUT' ? { body: {} } : {}) });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'A306', url);
    }
  });

  test('bad properties are A300: times, unknown fields and channels, negative delay, rcs true', async () => {
    for (const body of [
      { appUser: { connected: true, lastActiveAt: 'yesterday', signedUpAt: '2026-01-01T00:00:00Z' } },
      { appUser: { signedUpAt: '2026-02-30 00:00:00' } },
      { reachabel: false },
      { fail: { fax: '1' } },
      { fail: { sms: '' } },
      { fail: { sms: '10000' } },
      { receiptDelaySeconds: -1 },
      { rcs: true },
      { rcs: { unified: true } },
      { friendOf: [''] },
    ]) {
      const res = await handset('PUT', '01099990041', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().code, 'A300', `${JSON.stringify(body)} ${res.body}`);
    }
    assert.equal((await handset('GET', '01099990041')).json().configured, false);
  });

  test('the inbox lists what reached the handset in arrival order, pages, and empties', async () => {
    const phone = '01099990058';
    const msgs = [
      sms(phone),
      sms(phone, {
        channel: 'mms',
        msgType: 'LM',
        title: 'Title',
        submittedAt: T + 1000,
        payload: { title: 'Title', fileKey: ['F1'] },
      }),
      sms(phone, { submittedAt: T + 2000 }),
    ];
    await conn.submit(msgs);
    const res = await inbox(phone);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.phone, phone);
    assert.equal(body.hasNext, false);
    assert.deepEqual(
      body.messages.map(({ id: _id, ...m }: { id: number }) => m),
      msgs.map((m) => ({
        channel: m.channel,
        from: m.from,
        title: m.title,
        text: m.text,
        msgKey: m.msgKey,
        step: 0,
        receivedAt: new Date(m.submittedAt + 9 * 3600_000).toISOString().replace(/\.000Z$/, '+09:00'),
        payload: m.payload,
      })),
    );
    assert.equal(body.lastId, body.messages[2].id);

    const page1 = (await inbox(phone, '?limit=2')).json();
    assert.equal(page1.messages.length, 2);
    assert.equal(page1.hasNext, true);
    const page2 = (await inbox(phone, `?limit=2&since=${page1.lastId}`)).json();
    assert.deepEqual(
      page2.messages.map((m: { msgKey: string }) => m.msgKey),
      [msgs[2]!.msgKey],
    );
    assert.equal(page2.hasNext, false);
    assert.equal((await inbox(phone, '?limit=0')).json().code, 'A300');

    const cleared = await t.request({
      method: 'DELETE',
      url: `/sandbox/v1/handsets/${phone}/inbox`,
      admin: true,
    });
    assert.deepEqual(cleared.json(), { phone, deleted: 3 });
    assert.deepEqual((await inbox(phone)).json(), { phone, messages: [], lastId: null, hasNext: false });
  });

  test('handset settings set over HTTP decide what the connector does', async () => {
    const phone = '01099990069';
    await handset('PUT', phone, { fail: { sms: '23003' }, friendOf: ['SK1'] });
    const brand = sms(phone, { channel: 'brandmessage', msgType: 'FT', payload: { senderKey: 'SK2' } });
    const outs = await conn.submit([sms(phone), sms(phone, { channel: 'mms', msgType: 'LM' }), brand]);
    assert.deepEqual(
      outs.map((o) => o.kind === 'accepted' && o.result?.code),
      ['23003', '10000', '30004'],
    );
    const listed = (await inbox(phone)).json().messages;
    assert.deepEqual(
      listed.map((m: { channel: string }) => m.channel),
      ['mms'],
    );
  });

  test('a resubmitted message shows once in the inbox', async () => {
    const phone = '01099990073';
    const m = sms(phone);
    await conn.submit([m]);
    await conn.submit([m]);
    assert.equal((await inbox(phone)).json().messages.length, 1);
  });

  test('handsets and inboxes survive a restart', async () => {
    const phone = '01099990084';
    await handset('PUT', phone, { carrier: 'KT', receiptDelaySeconds: 5 });
    await conn.submit([sms(phone)]);
    const before = { handset: (await handset('GET', phone)).json(), inbox: (await inbox(phone)).json() };
    await t.close();
    await start();
    assert.deepEqual((await handset('GET', phone)).json(), before.handset);
    assert.deepEqual((await inbox(phone)).json(), before.inbox);
    // And the restarted world still refuses a second delivery of the same step.
    const m = before.inbox.messages[0];
    await conn.submit([sms(phone, { msgKey: m.msgKey, step: m.step })]);
    assert.equal((await inbox(phone)).json().messages.length, 1);
  });
});
