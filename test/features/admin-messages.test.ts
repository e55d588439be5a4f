import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SCAN_WINDOW } from '../../src/features/admin/ops-doc.ts';
import { upsertAttempts } from '../../src/store/messages/attempts.ts';
import { insertSendRequest } from '../../src/store/messages/messages.ts';
import { type Client, send, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { adminOk, adminRefused, type Message, type Messages, needsAuth } from './ops-helpers.ts';

/*
 * The operator's message search and message page (GET /admin/v1/messages, /messages/{msgKey}):
 * filters, paging, the bounded walk, a failover message's steps and its reports.
 */

async function setClock(t: TestGateway, kst: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set: kst } });
  assert.equal(res.statusCode, 200, res.body);
}

/** Sends one SMS per number; answers the msgKeys in order. */
async function sms(t: TestGateway, c: Client, to: string[], text = 'hello'): Promise<string[]> {
  const res = await send(t, c, {
    destinations: to.map((n) => ({ to: n })),
    messageFlow: [{ sms: { from: c.sender, text } }],
  });
  assert.equal(res.statusCode, 200, res.body);
  const keys = res.json().data.data.destinations.map((d: { msgKey: string }) => d.msgKey);
  await settle(t);
  return keys;
}

const search = (t: TestGateway, query: string) => adminOk<Messages>(t, 'GET', `/admin/v1/messages${query}`);
const keys = (p: Messages) => p.messages.map((m) => m.msgKey);

describeEachDb('admin: message search and page', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let early: string[];
  let late: string[];
  let failover: string;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-11-25 10:00:00');
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
    early = await sms(t, c, ['01031000001', '01031000002']);
    await setClock(t, '2026-11-25 11:00:00');
    late = [...(await sms(t, c, ['01031000003'])), ...(await sms(t, other, ['01031000001']))];
    // The informational message fails at the handset; the SMS step delivers it.
    await setHandset(t, '01031000009', { fail: { infomsg: '30100' } });
    const res = await send(t, c, {
      destinations: [{ to: '01031000009', ref: 'order-9' }],
      messageFlow: [
        { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '안내' } },
        { sms: { from: c.sender, text: '안내 (SMS)' } },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    failover = res.json().data.data.destinations[0].msgKey;
    await settle(t);
  });
  after(() => t.close());

  test('the operator token (or a console session) is required', async () => {
    await needsAuth(t, 'GET', '/admin/v1/messages');
    await needsAuth(t, 'GET', `/admin/v1/messages/${failover}`);
  });

  test('newest first over every account; by recipient, account, status, msgKey', async () => {
    assert.deepEqual(keys(await search(t, '')), [failover, late[1], late[0], early[1], early[0]]);
    const byTo = await search(t, '?to=01031000001');
    assert.deepEqual(keys(byTo), [late[1], early[0]]);
    assert.equal(byTo.next, null, 'the walk reached the oldest message');
    assert.equal(byTo.searchedUntil, null);
    assert.deepEqual(keys(await search(t, `?to=01031000001&accountId=${other.accountId}`)), [late[1]]);
    assert.deepEqual(keys(await search(t, `?accountId=${c.accountId}&status=delivered`)), [
      failover,
      late[0],
      early[1],
      early[0],
    ]);
    assert.deepEqual(keys(await search(t, '?status=failed')), []);
    const one = await search(t, `?msgKey=${early[1]}`);
    assert.equal(one.messages[0]?.to, '01031000002');
    assert.equal(one.messages[0]?.accountId, c.accountId);
    assert.equal(one.messages[0]?.createdAt, '2026-11-25T10:00:00+09:00');
    assert.deepEqual(keys(await search(t, `?msgKey=${early[1]}&accountId=${other.accountId}`)), []);
    assert.deepEqual(keys(await search(t, '?msgKey=nope')), []);
  });

  test('a time range, with and without an account', async () => {
    const from = encodeURIComponent('2026-11-25 10:30:00');
    assert.deepEqual(keys(await search(t, `?from=${from}&accountId=${c.accountId}`)), [failover, late[0]]);
    assert.deepEqual(keys(await search(t, `?until=${from}&accountId=${c.accountId}`)), [early[1], early[0]]);
    assert.deepEqual(keys(await search(t, `?until=${from}`)), [early[1], early[0]]);
    const iso = encodeURIComponent('2026-11-25T11:00:00+09:00');
    assert.deepEqual(keys(await search(t, `?from=${iso}&to=01031000001`)), [late[1]]);
  });

  test('pages: limit and next, along the account index and along the msgKeys', async () => {
    for (const scope of [`&accountId=${c.accountId}`, '']) {
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const page = await search(t, `?limit=2${scope}${cursor}`);
        seen.push(...keys(page));
        if (page.next === null) break;
        cursor = `&cursor=${encodeURIComponent(page.next)}`;
      }
      const all = keys(await search(t, `?limit=200${scope}`));
      assert.deepEqual(seen, all);
      assert.equal(new Set(seen).size, scope ? 4 : 5);
    }
  });

  test('bad filters are A300 naming the field', async () => {
    await adminRefused(t, 'GET', '/admin/v1/messages?limit=201', 'A300', 'limit');
    await adminRefused(t, 'GET', '/admin/v1/messages?limit=0', 'A300', 'limit');
    await adminRefused(t, 'GET', '/admin/v1/messages?status=lost', 'A300', 'status');
    await adminRefused(t, 'GET', '/admin/v1/messages?to=010-1234', 'A300', 'to');
    await adminRefused(t, 'GET', '/admin/v1/messages?from=yesterday', 'A300', 'from');
    await adminRefused(t, 'GET', '/admin/v1/messages?until=2026-13-01%2000:00:00', 'A300', 'until');
    await adminRefused(
      t,
      'GET',
      '/admin/v1/messages?from=2026-11-25%2011:00:00&until=2026-11-25%2010:00:00',
      'A300',
      'from must be before until',
    );
    const page = await search(t, '?limit=1');
    assert.ok(page.next);
    // A cursor of the msgKey walk does not fit the account's walk.
    await adminRefused(
      t,
      'GET',
      `/admin/v1/messages?accountId=${c.accountId}&cursor=${encodeURIComponent(page.next)}`,
      'A300',
      'cursor',
    );
  });

  test("a message's page: its flow, every failover step, its reports and their acknowledgement", async () => {
    const m = await adminOk<Message>(t, 'GET', `/admin/v1/messages/${failover}`);
    assert.equal(m.accountId, c.accountId);
    assert.equal(m.accountName, 'acme');
    assert.equal(m.to, '01031000009');
    assert.equal(m.status, 'delivered');
    assert.equal(m.step, 1);
    assert.equal(m.ref, 'order-9');
    assert.deepEqual(
      m.request?.flow.map((s) => [s.step, s.channel]),
      [
        [0, 'infomsg'],
        [1, 'sms'],
      ],
    );
    assert.deepEqual(
      m.attempts.map((a) => [a.step, a.channel, a.status, a.reportCode, a.fallback, a.connector]),
      [
        [0, 'infomsg', 'failed', '30100', false, 'sandbox'],
        [1, 'sms', 'delivered', '10000', true, 'sandbox'],
      ],
    );
    assert.equal(m.attempts[0]?.submittedAt, '2026-11-25T11:00:00+09:00');
    // The network's own id of each attempt: the sandbox's is the msgKey and the step.
    assert.deepEqual(
      m.attempts.map((a) => a.networkId),
      [`${failover}-0`, `${failover}-1`],
    );
    assert.equal(m.reports.length, 1);
    const [r] = m.reports;
    assert.equal(r?.way, 'polling');
    assert.equal(r?.acknowledged, false);
    assert.equal(r?.body.reportCode, '10000');
    assert.equal(r?.body.msgKey, failover);

    // The client polls and acknowledges: the page says so.
    const poll = await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: c.apiKey });
    const batch = poll.json().data.data.reportId;
    const del = await t.request({
      method: 'DELETE',
      url: `/api/comm/v1/report/polling/${batch}`,
      apiKey: c.apiKey,
    });
    assert.equal(del.statusCode, 200, del.body);
    const acked = await adminOk<Message>(t, 'GET', `/admin/v1/messages/${failover}`);
    assert.equal(acked.reports[0]?.acknowledged, true);
    assert.equal(acked.reports[0]?.acknowledgedAt, '2026-11-25T11:00:00+09:00');
  });

  test('the operator views are in the OpenAPI document, tagged admin, with a summary', async () => {
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }>();
    const expected: Array<[string, string]> = [
      ['/admin/v1/messages', 'get'],
      ['/admin/v1/messages/{msgKey}', 'get'],
      ['/admin/v1/reservations', 'get'],
      ['/admin/v1/reservations/{resvKey}/stop', 'post'],
      ['/admin/v1/reservations/{resvKey}/resume', 'post'],
      ['/admin/v1/reservations/{resvKey}/cancel', 'post'],
      ['/admin/v1/broadcasts', 'get'],
      ['/admin/v1/broadcasts/{requestId}/pause', 'post'],
      ['/admin/v1/broadcasts/{requestId}/resume', 'post'],
      ['/admin/v1/broadcasts/{requestId}/terminate', 'post'],
      ['/admin/v1/webhook-deliveries', 'get'],
      ['/admin/v1/reports/{reportId}/redeliver', 'post'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      assert.deepEqual(op?.tags, ['admin'], `${method} ${path}`);
      assert.ok(op?.summary, `${method} ${path} has a summary`);
    }
  });

  test('an unknown message is A820', async () => {
    await adminRefused(t, 'GET', '/admin/v1/messages/0000nope', 'A820', '0000nope');
  });

  test("an attempt's network id: an upstream gateway's msgKey, null when no network took it", async () => {
    // Written straight into the tables (as the engine would): an upstream gateway took the first
    // step under its own msgKey; the second found no connector, so no network ever saw it.
    const store = t.gw.ctx.store;
    const now = Date.parse('2026-11-25T03:00:00Z');
    const req = {
      id: 'req_netid',
      accountId: c.accountId,
      keyId: 'k',
      flow: JSON.stringify([
        { channel: 'sms', serviceType: 'SMS', msgType: 'SM' },
        { channel: 'rcs', serviceType: 'RCS', msgType: 'SMS' },
      ]),
      paymentCode: null,
      groupKey: null,
      ref: null,
      dlr: false,
      resvKey: null,
    };
    await insertSendRequest(store.db, store.caps, req, now);
    await store.db
      .insertInto('messages')
      .values({
        msg_key: 'zznetid0001',
        account_id: c.accountId,
        request_id: req.id,
        to_number: '01031000077',
        dest_ref: null,
        vars: null,
        step: 1,
        status: 'failed',
        next_at: null,
        report_code: '60001',
        report_text: 'x',
        created_at: now,
        updated_at: now,
        done_at: now,
      })
      .execute();
    const attempt = (step: number, connector: string, networkId: string | null) => ({
      msg_key: 'zznetid0001',
      step,
      channel: step === 0 ? 'sms' : 'rcs',
      service_type: step === 0 ? 'SMS' : 'RCS',
      msg_type: step === 0 ? 'SM' : 'SMS',
      connector,
      network_id: networkId,
      status: 'failed',
      report_code: step === 0 ? '30001' : '60001',
      report_text: 'x',
      carrier: null,
      submitted_at: now,
      done_at: now,
    });
    await upsertAttempts(store.db, store.caps, [
      attempt(0, 'upstream-a', '0nx9upstream00001'),
      attempt(1, 'none', null),
    ]);
    const m = await adminOk<Message>(t, 'GET', '/admin/v1/messages/zznetid0001');
    assert.deepEqual(
      m.attempts.map((a) => [a.step, a.connector, a.networkId]),
      [
        [0, 'upstream-a', '0nx9upstream00001'],
        [1, 'none', null],
      ],
    );
  });
});

describeEachDb('admin: message search is bounded', (db) => {
  let t: TestGateway;
  let c: Client;
  let target: string;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-11-25 09:00:00');
    c = await setupClient(t, 'busy');
    target = (await sms(t, c, ['01032000001']))[0] ?? '';
    // More newer messages than one call looks at, straight into the table (as a busy day would).
    const now = Date.parse('2026-11-25T01:00:00Z');
    const rows = Array.from({ length: SCAN_WINDOW + 10 }, (_, i) => ({
      msg_key: `zz${String(i).padStart(6, '0')}`,
      account_id: c.accountId,
      request_id: 'req_filler',
      to_number: '01032999999',
      dest_ref: null,
      vars: null,
      step: 0,
      status: 'delivered',
      next_at: null,
      report_code: '10000',
      report_text: 'delivered',
      created_at: now + i,
      updated_at: now + i,
      done_at: now + i,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.gw.ctx.store.db
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
  after(() => t.close());

  test(`a recipient is looked for in ${SCAN_WINDOW} messages a call; next goes on`, async () => {
    for (const scope of ['', `&accountId=${c.accountId}`]) {
      const first = await search(t, `?to=01032000001${scope}`);
      assert.deepEqual(first.messages, [], scope);
      assert.ok(first.next, 'more to look at');
      assert.ok(first.searchedUntil, 'says how far it looked');
      assert.ok(first.searchedUntil.startsWith('2026-11-25T10:'), first.searchedUntil);
      const second = await search(t, `?to=01032000001${scope}&cursor=${encodeURIComponent(first.next)}`);
      assert.deepEqual(keys(second), [target]);
      assert.equal(second.next, null);
    }
  });

  test('a full page stops at the page, not at the window', async () => {
    const page = await search(t, '?to=01032999999&limit=3');
    assert.equal(page.messages.length, 3);
    assert.equal(page.searchedUntil, null);
    assert.equal(page.next, `k.${page.messages[2]?.msgKey}`);
  });
});
