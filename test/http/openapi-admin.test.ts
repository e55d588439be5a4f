import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { api, completedGroup, numbers, plainTemplate } from '../features/broadcast-helpers.ts';
import { Receiver } from '../features/mo-helpers.ts';
import { reserve, settle } from '../features/reservation-helpers.ts';
import { type Client, send } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { type Conformance, loadConformance } from '../helpers/openapi-conformance.ts';

/*
 * The operator API (/admin/v1) answers what the OpenAPI document says: every operation is called
 * at least once with success, and a few are refused, and each body is checked against the
 * document's schema for its status (closed objects: a field the document does not name fails).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Json = Record<string, unknown>;

const SECRET = 'receiver-secret-0123';

describeEachDb('OpenAPI: the operator API answers what the document says', (db) => {
  let t: TestGateway;
  let conformance: Conformance;
  let receiver: Receiver;
  const called = new Set<string>();

  before(async () => {
    receiver = new Receiver(SECRET);
    receiver.mode = 'status500';
    await receiver.start();
    t = await startTestGateway(db, { clock: 'manual' });
    await clock('2026-11-25 10:00:00');
    conformance = await loadConformance(t);
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  async function clock(set: string): Promise<void> {
    const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set } });
    assert.equal(res.statusCode, 200, res.body);
    await settle(t);
  }

  /** Checks a response against the document; answers its body. */
  function conforms(method: Method, path: string, res: LightMyRequestResponse): Json {
    const body = res.json<Json>();
    assert.deepEqual(conformance.check(method, path, res.statusCode, body), [], res.body);
    if (res.statusCode === 200) called.add(`${method} ${path}`);
    return body;
  }

  /** An operator call (admin token) at `url`, documented as `path`; asserts its status. */
  async function op(method: Method, path: string, url: string, body?: unknown, status = 200): Promise<Json> {
    const res = await t.request({ method, url, admin: true, ...(body === undefined ? {} : { body }) });
    assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
    return conforms(method, path, res);
  }

  /** A refused operator call: its status and code, and a body the document describes. */
  async function refused(
    method: Method,
    path: string,
    url: string,
    code: string,
    status: number,
    body?: unknown,
  ): Promise<void> {
    const answer = await op(method, path, url, body, status);
    assert.equal(answer.code, code, JSON.stringify(answer));
  }

  let acme: Client;
  let other: { accountId: string };

  test('console session: sign in, read, sign out', async () => {
    const signIn = (token: string) =>
      t.gw.app.inject({
        method: 'POST',
        url: '/admin/v1/session',
        payload: { token },
        remoteAddress: '10.9.0.1',
      });
    const wrong = await signIn('not-the-token');
    assert.equal(wrong.statusCode, 401);
    conforms('POST', '/admin/v1/session', wrong);
    const res = await signIn(ADMIN_TOKEN);
    assert.equal(res.statusCode, 200, res.body);
    const { csrfToken } = conforms('POST', '/admin/v1/session', res);
    const cookie = /omnigate_session=[^;]+/.exec(String(res.headers['set-cookie']))?.[0] ?? '';
    const read = await t.gw.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { cookie } });
    assert.equal(read.statusCode, 200, read.body);
    conforms('GET', '/admin/v1/session', read);
    // The Bearer token alone has no session.
    await refused('GET', '/admin/v1/session', '/admin/v1/session', 'A401', 401);
    const out = await t.gw.app.inject({
      method: 'DELETE',
      url: '/admin/v1/session',
      headers: { cookie, 'x-csrf-token': String(csrfToken) },
    });
    assert.equal(out.statusCode, 200, out.body);
    conforms('DELETE', '/admin/v1/session', out);
  });

  test('accounts, keys, settings, senders, profiles, brands', async () => {
    const A = '/admin/v1/accounts';
    const created = await op('POST', A, A, { name: 'Acme Shop' });
    const accountId = String(created.accountId);
    other = { accountId: String((await op('POST', A, A, { name: 'Other' })).accountId) };
    const acc = `${A}/${accountId}`;
    await op('POST', `${A}/{accountId}/senders`, `${acc}/senders`, { number: '0212345678' });
    await op('POST', `${A}/{accountId}/senders`, `${acc}/senders`, { number: '15881234' });
    await refused('POST', `${A}/{accountId}/senders`, `${acc}/senders`, 'A302', 400, { number: '02-1234' });
    await op('GET', `${A}/{accountId}/senders`, `${acc}/senders`);
    await op('DELETE', `${A}/{accountId}/senders/{number}`, `${acc}/senders/15881234`);

    const senderKey = 'sk-acme-shop';
    const profiles = `${A}/{accountId}/sender-profiles`;
    await op('POST', profiles, `${acc}/sender-profiles`, {
      senderKey,
      channelId: '@acmeshop',
      name: 'Acme Shop',
      businessVerified: true,
      channelPhoneNumber: '0212345678',
    });
    await op('POST', profiles, `${acc}/sender-profiles`, { senderKey: 'sk-acme-old' });
    await op('GET', profiles, `${acc}/sender-profiles`);
    await op('PATCH', `${profiles}/{senderKey}`, `${acc}/sender-profiles/${senderKey}`, {
      friendCount: 1200,
    });
    await op('GET', `${profiles}/{senderKey}`, `${acc}/sender-profiles/${senderKey}`);
    await op('DELETE', `${profiles}/{senderKey}`, `${acc}/sender-profiles/sk-acme-old`);
    await refused('GET', `${profiles}/{senderKey}`, `${acc}/sender-profiles/sk-acme-old`, 'A820', 404);
    await refused('POST', profiles, `${A}/${other.accountId}/sender-profiles`, 'A824', 409, { senderKey });

    const brands = `${A}/{accountId}/rcs-brands`;
    const brandKey = 'BK-ACME-0001';
    await op('POST', brands, `${acc}/rcs-brands`, { brandId: 'acme-brand', brandKey, name: 'Acme' });
    await op('POST', brands, `${acc}/rcs-brands`, { brandId: 'acme-old', brandKey: 'BK-OLD', name: 'Old' });
    await op('GET', brands, `${acc}/rcs-brands`);
    await op('GET', `${brands}/{brandId}`, `${acc}/rcs-brands/acme-brand`);
    await op('DELETE', `${brands}/{brandId}`, `${acc}/rcs-brands/acme-old`);

    const key = await op('POST', `${A}/{accountId}/keys`, `${acc}/keys`);
    await op('PATCH', '/admin/v1/keys/{keyId}', `/admin/v1/keys/${created.keyId}`, { dlr: true });
    await op('DELETE', '/admin/v1/keys/{keyId}', `/admin/v1/keys/${key.keyId}`);
    await refused('PATCH', '/admin/v1/keys/{keyId}', `/admin/v1/keys/${key.keyId}`, 'A824', 409, {
      dlr: false,
    });
    await op('GET', `${A}/{accountId}/keys`, `${acc}/keys`);

    const hook = `${A}/{accountId}/webhook`;
    await op('PUT', hook, `${A}/${other.accountId}/webhook`, { url: 'https://hooks.example.com/omnigate' });
    await op('DELETE', hook, `${A}/${other.accountId}/webhook`);
    await op('PUT', hook, `${acc}/webhook`, { url: receiver.url, secret: SECRET });
    await op('PUT', `${A}/{accountId}/report-mode`, `${acc}/report-mode`, { mode: 'webhook' });
    await refused('DELETE', hook, `${acc}/webhook`, 'A824', 409);
    await refused('PUT', `${A}/{accountId}/report-mode`, `${A}/${other.accountId}/report-mode`, 'A824', 409, {
      mode: 'webhook',
    });
    await op('PUT', `${A}/{accountId}/limits`, `${acc}/limits`, {
      sendPerSecond: 200,
      requestsPerSecond: null,
    });

    await op('GET', A, A);
    await op('GET', `${A}/{accountId}`, acc);
    await refused('GET', `${A}/{accountId}`, `${A}/acc_unknown`, 'A820', 404);
    await refused('POST', A, A, 'A300', 400, { name: 'x', plan: 'gold' });

    acme = {
      accountId,
      apiKey: String(created.apiKey),
      keyId: String(created.keyId),
      sender: '0212345678',
      senderKey,
      brandKey,
    };
  });

  test('messages, their reports and MO messages, webhook deliveries', async () => {
    receiver.mode = 'status500';
    const sent = await send(t, acme, {
      destinations: [{ to: '01051000010' }],
      messageFlow: [{ sms: { from: acme.sender, text: '주문하신 상품이 출발했습니다' } }],
    });
    assert.equal(sent.json().data.code, 'A000', sent.body);
    const msgKey: string = sent.json().data.data.destinations[0].msgKey;
    await settle(t);
    await op('GET', '/admin/v1/messages', `/admin/v1/messages?accountId=${acme.accountId}`);
    const detail = await op('GET', '/admin/v1/messages/{msgKey}', `/admin/v1/messages/${msgKey}`);
    await refused('GET', '/admin/v1/messages/{msgKey}', '/admin/v1/messages/unknown-key', 'A820', 404);
    // The stored request and its answer: a second send with a refused recipient.
    const two = await send(t, acme, {
      destinations: [{ to: '01051000010' }, { to: '0105' }],
      messageFlow: [{ sms: { from: acme.sender, text: '주문하신 상품이 출발했습니다' } }],
    });
    const twoKey: string = two.json().data.data.destinations[0].msgKey;
    const MR = '/admin/v1/messages/{msgKey}/request';
    await op('GET', MR, `/admin/v1/messages/${twoKey}/request`);
    await refused('GET', MR, '/admin/v1/messages/unknown-key/request', 'A820', 404);
    await refused('GET', '/admin/v1/messages', '/admin/v1/messages?from=yesterday', 'A300', 400);
    const ME = '/admin/v1/messages/export';
    const file = await op(
      'GET',
      ME,
      `${ME}?format=json&accountId=${acme.accountId}&text=${encodeURIComponent('출발')}`,
    );
    assert.ok(Array.isArray(file) && file.length > 0, JSON.stringify(file));
    await refused('GET', ME, `${ME}?format=xml`, 'A300', 400);

    const reports = detail.reports as { reportId: number }[];
    const reportId = reports[0]?.reportId;
    assert.ok(reportId, JSON.stringify(detail));
    await op(
      'GET',
      '/admin/v1/webhook-deliveries',
      `/admin/v1/webhook-deliveries?kind=report&state=failed&accountId=${acme.accountId}`,
    );
    const R = '/admin/v1/reports/{reportId}/redeliver';
    await op('POST', R, `/admin/v1/reports/${reportId}/redeliver`);
    await refused('POST', R, '/admin/v1/reports/999999/redeliver', 'A820', 404);
    await settle(t);

    const mo = await t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: acme.sender, from: '01051000001', content: '배송 언제 오나요?' },
    });
    assert.equal(mo.statusCode, 200, mo.body);
    const moKey: string = mo.json().msgKey;
    await settle(t);
    await op('GET', '/admin/v1/accounts/{accountId}/mo', `/admin/v1/accounts/${acme.accountId}/mo`);
    await refused(
      'GET',
      '/admin/v1/accounts/{accountId}/mo',
      `/admin/v1/accounts/${acme.accountId}/mo?date=2026-11-25`,
      'A734',
      400,
    );
    await op('GET', '/admin/v1/webhook-deliveries', `/admin/v1/webhook-deliveries?kind=mo`);
    await op('GET', '/admin/v1/mo/{msgKey}', `/admin/v1/mo/${moKey}`);
    await op('POST', '/admin/v1/mo/{msgKey}/redeliver', `/admin/v1/mo/${moKey}/redeliver`);
    await refused('GET', '/admin/v1/mo/{msgKey}', '/admin/v1/mo/unknown-mo', 'A732', 404);
    await settle(t);
  });

  test('reservations and broadcasts of every account, and their actions', async () => {
    const r = await reserve(t, acme, { to: ['01041000001', '01041000002'], name: '주말 특가' });
    const RS = '/admin/v1/reservations';
    await op('GET', RS, `${RS}?accountId=${acme.accountId}`);
    await op('POST', `${RS}/{resvKey}/stop`, `${RS}/${r.resvKey}/stop`);
    await op('POST', `${RS}/{resvKey}/resume`, `${RS}/${r.resvKey}/resume`);
    await op('POST', `${RS}/{resvKey}/cancel`, `${RS}/${r.resvKey}/cancel`);
    await refused('POST', `${RS}/{resvKey}/resume`, `${RS}/${r.resvKey}/resume`, 'A824', 409);
    await refused('GET', RS, `${RS}?cursor=abc`, 'A300', 400);

    await plainTemplate(t, acme, 'PLAIN');
    await completedGroup(t, acme, 'vip', numbers('71', 20));
    const b = api(t, acme);
    const { requestId } = b.record(
      await b.create({
        templateCode: 'PLAIN',
        friendGroupKey: 'vip',
        sendStartAt: '2026-11-25 10:10:00',
        tpsLimit: 4,
      }),
    );
    const BS = '/admin/v1/broadcasts';
    await refused('POST', `${BS}/{requestId}/pause`, `${BS}/${requestId}/pause`, 'A824', 409);
    await clock('2026-11-25 10:10:00');
    await op('GET', BS, `${BS}?accountId=${acme.accountId}`);
    await op('POST', `${BS}/{requestId}/pause`, `${BS}/${requestId}/pause`);
    await op('POST', `${BS}/{requestId}/resume`, `${BS}/${requestId}/resume`);
    await op('POST', `${BS}/{requestId}/terminate`, `${BS}/${requestId}/terminate`);
    await refused('POST', `${BS}/{requestId}/terminate`, `${BS}/999999/terminate`, 'A820', 404);
  });

  test('spam-filter rules and opt-out lists', async () => {
    const P = '/admin/v1/policy/rules';
    await op('POST', P, P, { kind: 'text', pattern: '무담보대출', note: 'loan spam' });
    const rule = await op('POST', P, P, {
      accountId: acme.accountId,
      kind: 'recipient',
      match: 'prefix',
      pattern: '0109999',
    });
    await refused('POST', P, P, 'A300', 400, { kind: 'text', match: 'prefix', pattern: '대출' });
    await op('GET', P, P);
    await op('DELETE', `${P}/{ruleId}`, `${P}/${rule.ruleId}`);
    await refused('DELETE', `${P}/{ruleId}`, `${P}/${rule.ruleId}`, 'A820', 404);

    const O = '/admin/v1/accounts/{accountId}/opt-outs';
    const url = `/admin/v1/accounts/${acme.accountId}/opt-outs`;
    await op('POST', O, url, { phones: ['01012345678', '01087654321'], from: acme.sender });
    await refused('POST', O, url, 'A327', 400, { phones: ['01012345678'], from: '0299999999' });
    await op('GET', O, url);
    await op('DELETE', `${O}/{phone}`, `${url}/01087654321?from=${acme.sender}`);
    await refused('DELETE', `${O}/{phone}`, `${url}/01087654321?from=${acme.sender}`, 'A820', 404);
  });

  test('audit log and live overview', async () => {
    await op('GET', '/admin/v1/audit', '/admin/v1/audit?limit=2');
    await refused('GET', '/admin/v1/audit', '/admin/v1/audit?cursor=next', 'A300', 400);
    await op('GET', '/admin/v1/overview', '/admin/v1/overview');
  });

  test('the demo account', async () => {
    await op('POST', '/admin/v1/demo', '/admin/v1/demo');
  });

  test('refused client requests: the list and one whole', async () => {
    // A send whose recipients were all refused, and one refused outright (A318).
    const all = await send(t, acme, {
      destinations: [{ to: '0105' }],
      messageFlow: [{ sms: { from: acme.sender, text: '주문하신 상품이 출발했습니다' } }],
    });
    assert.equal(all.statusCode, 200, all.body);
    await t.gw.app.refusedRequests.flush();
    const R = '/admin/v1/refused-requests';
    const page = await op('GET', R, `${R}?accountId=${acme.accountId}&limit=1`);
    const [first] = page.requests as { id: number }[];
    await op('GET', `${R}/{id}`, `${R}/${first?.id}`);
    await refused('GET', `${R}/{id}`, `${R}/999999`, 'A820', 404);
    await refused('GET', R, `${R}?cursor=next`, 'A300', 400);
  });

  test('every operation of the operator API was called with success', async () => {
    const doc: Json = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const operations: string[] = [];
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
      if (!path.startsWith('/admin/v1/')) continue;
      for (const method of Object.keys(item)) operations.push(`${method.toUpperCase()} ${path}`);
    }
    assert.equal(operations.length, 54);
    assert.deepEqual(
      operations.filter((o) => !called.has(o)),
      [],
    );
  });
});
