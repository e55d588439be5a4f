import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readableDump, tablesHolding } from '../features/secrets-helpers.ts';
import { lastCode, otherCode, post, settle } from '../features/twofa-helpers.ts';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { listRefused, refusedOf, trIdOf } from './refused-helpers.ts';

/*
 * Refused client requests are recorded with their code, route and masked body (issue 33, the
 * debugger): a 4xx answer of the client API, and a send answered 200 whose every recipient was
 * refused. Accepted requests record nothing. The per-second bound is high here (its own test is
 * refused-bound.test.ts); the body limit low enough to refuse a body with A413.
 */
describeEachDb('refused requests: what is recorded', (db) => {
  let t: TestGateway;
  let c: Client;
  const sms = (from: string) => [{ sms: { from, text: '안녕하세요' } }];

  before(async () => {
    t = await startTestGateway(db, {
      env: { OMNIGATE_REFUSED_PER_SECOND: '1000', OMNIGATE_BODY_LIMIT: '65536' },
    });
    c = await setupClient(t, 'Debug Shop');
  });
  after(() => t.close());

  test('a send whose every recipient was refused (A306) is recorded with the recipients’ codes', async () => {
    const res = await send(t, c, {
      destinations: [{ to: '0101234' }, { to: 'not-a-number' }],
      messageFlow: sms(c.sender),
    });
    assert.equal(res.statusCode, 200, res.body);
    const r = await refusedOf(t, trIdOf(res.body), c.accountId);
    assert.equal(r.status, 200);
    assert.equal(r.code, 'A306');
    assert.match(r.result, /^every recipient was refused: 2 × A306; first: .*0101234/);
    assert.equal(r.route, '/api/comm/v1/send/omni');
    assert.equal(r.method, 'POST');
    assert.equal(r.accountId, c.accountId);
    assert.equal(r.keyId, c.keyId);
    assert.equal(r.keyPrefix, c.apiKey.slice(0, 10));
    assert.equal(r.clientAddress, '127.0.0.1');
    assert.equal(r.bodyFormat, 'json');
    assert.deepEqual(JSON.parse(r.body ?? ''), {
      destinations: [{ to: '0101234' }, { to: 'not-a-number' }],
      messageFlow: sms(c.sender),
    });
    assert.equal(r.answer, res.body, 'the answer as sent');
    assert.equal(
      r.bodySize,
      Buffer.byteLength(
        JSON.stringify({
          destinations: [{ to: '0101234' }, { to: 'not-a-number' }],
          messageFlow: sms(c.sender),
        }),
      ),
    );
  });

  test('a send that accepted one recipient is not a refusal; nor is any accepted request', async () => {
    const before = (await listRefused(t, { accountId: c.accountId, limit: 200 })).requests.length;
    const partial = await send(t, c, {
      destinations: [{ to: '01012345678' }, { to: '0101234' }],
      messageFlow: sms(c.sender),
    });
    assert.equal(partial.statusCode, 200, partial.body);
    const whole = await send(t, c, { destinations: [{ to: '01012345679' }], messageFlow: sms(c.sender) });
    assert.equal(whole.statusCode, 200, whole.body);
    const poll = await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: c.apiKey });
    assert.equal(poll.statusCode, 200, poll.body);
    // Operator calls are not the client API's, refused or not.
    const admin = await t.request({ method: 'GET', url: '/admin/v1/accounts/nope', admin: true });
    assert.equal(admin.statusCode, 404, admin.body);
    assert.equal((await listRefused(t, { accountId: c.accountId, limit: 200 })).requests.length, before);
    assert.equal(
      (await listRefused(t, { limit: 200 })).requests.filter((r) => !r.path.startsWith('/api')).length,
      0,
    );
  });

  test('A318 (over 200 recipients): its code, and a body over 16 KB kept truncated', async () => {
    const destinations = Array.from({ length: 201 }, (_, i) => ({
      to: `0109${String(i).padStart(7, '0')}`,
      replaceWords: { name: `고객${'님'.repeat(40)}` },
    }));
    const body = { destinations, messageFlow: sms(c.sender) };
    const res = await send(t, c, body);
    assert.equal(res.statusCode, 400, res.body);
    const r = await refusedOf(t, trIdOf(res.body), c.accountId);
    assert.equal(r.code, 'A318');
    assert.match(r.result, /201 given/);
    assert.equal(r.status, 400);
    assert.equal(r.bodyTruncated, true);
    assert.equal(r.body?.length, 16 * 1024);
    assert.ok(
      r.body?.startsWith('{"destinations":[{"to":"01090000000","replaceWords":{"name":"고객'),
      r.body?.slice(0, 80),
    );
    assert.equal(r.bodySize, Buffer.byteLength(JSON.stringify(body)));
    assert.ok((r.bodySize ?? 0) > 16 * 1024);
  });

  test('A401: an unknown key keeps its first characters and no body; a revoked key names its account', async () => {
    const wrong = 'og_ThisIsNotAKeyOfAnyoneAtAll0123456789abcdef';
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey: wrong,
      body: { destinations: [{ to: '01012345678' }], messageFlow: sms(c.sender) },
    });
    assert.equal(res.statusCode, 401, res.body);
    const r = await refusedOf(t, trIdOf(res.body));
    assert.equal(r.code, 'A401');
    assert.equal(r.result, 'Unauthorized: unknown API key');
    assert.equal(r.route, '/api/comm/v1/send/omni');
    assert.equal(r.accountId, null);
    assert.equal(r.keyPrefix, 'og_ThisIsN');
    assert.equal(r.body, null);
    assert.equal(r.bodyNote, 'not kept: no API key was accepted for it');
    const stored = await t.gw.ctx.store.db.selectFrom('refused_requests').selectAll().execute();
    assert.ok(!JSON.stringify(stored).includes(wrong), 'the key itself is never kept');

    const other = await t.createAccount('Old Key Shop');
    const revoke = await t.request({ method: 'DELETE', url: `/admin/v1/keys/${other.keyId}`, admin: true });
    assert.equal(revoke.statusCode, 200, revoke.body);
    const late = await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: other.apiKey });
    assert.equal(late.statusCode, 401, late.body);
    const rr = await refusedOf(t, trIdOf(late.body), other.accountId);
    assert.equal(rr.result, 'Unauthorized: API key revoked');
    assert.equal(rr.keyId, other.keyId);
    assert.equal(rr.method, 'GET');
    assert.equal(rr.route, '/api/comm/v1/report/polling');
  });

  test('A010 (bad JSON) keeps the text sent; A413 (too large) says it was not read', async () => {
    const bad = '{"destinations": [{"to": "01012345678"}], "messageFlow": [{"sms": {';
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey: c.apiKey,
      body: bad,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 400, res.body);
    const r = await refusedOf(t, trIdOf(res.body), c.accountId);
    assert.equal(r.code, 'A010');
    assert.equal(r.bodyFormat, 'text');
    assert.equal(r.body, bad);
    assert.equal(r.accountId, c.accountId);

    const huge = JSON.stringify({
      destinations: [{ to: '01012345678' }],
      messageFlow: sms('x'.repeat(70_000)),
    });
    const big = await send(t, c, JSON.parse(huge));
    assert.equal(big.statusCode, 413, big.body);
    const rb = await refusedOf(t, trIdOf(big.body), c.accountId);
    assert.equal(rb.code, 'A413', 'the gateway stage’s code (common.authCode)');
    assert.match(rb.result, /at most 65536 bytes/);
    assert.equal(rb.body, null);
    assert.equal(rb.bodyNote, 'not read: larger than the body limit');
    assert.equal(rb.bodySize, Buffer.byteLength(huge));
  });

  test('A404 (no such path) keeps the path (a key in its query masked), with no route', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omnii?x=1&apiKey=og_leakedInTheQuery',
      apiKey: c.apiKey,
      body: {},
    });
    assert.equal(res.statusCode, 404, res.body);
    const r = await refusedOf(t, trIdOf(res.body), c.accountId);
    assert.equal(r.code, 'A404');
    assert.equal(r.route, null);
    assert.equal(r.path, '/api/comm/v1/send/omnii?x=1&apiKey=******', 'a key put in the query is masked');
    assert.equal(r.keyId, c.keyId, 'the key is known though no route checked it');
  });

  test('a refused 2FA verification keeps no code in clear', async () => {
    const to = '01077001234';
    const asked = await post(t, c, '/request', { to });
    assert.equal(asked.status, 200, asked.raw);
    await settle(t);
    const code = await lastCode(t, to);
    const requestId = asked.data.requestId ?? '';
    const wrong = await post(t, c, '/verify', { to, authNumber: otherCode(code), requestId });
    assert.equal(wrong.data.code, 'A706', wrong.raw);
    const right = await post(t, c, '/verify', { to, authNumber: code, requestId });
    assert.equal(right.data.code, 'A000', right.raw);
    const again = await post(t, c, '/verify', { to, authNumber: code, requestId });
    assert.equal(again.data.code, 'A708', again.raw);
    const broken = await post(t, c, '/verify', `{"to":"${to}","authNumber":"${code}",`);
    assert.equal(broken.data.code, 'A010', broken.raw);

    const w = await refusedOf(t, trIdOf(wrong.raw), c.accountId);
    assert.equal(w.code, 'A706');
    assert.equal(w.route, '/api/verify/v1/2fa/verify');
    assert.deepEqual(JSON.parse(w.body ?? ''), { to, authNumber: '******', requestId });
    const a = await refusedOf(t, trIdOf(again.raw), c.accountId);
    assert.equal(a.code, 'A708');
    assert.deepEqual(JSON.parse(a.body ?? ''), { to, authNumber: '******', requestId });
    const b = await refusedOf(t, trIdOf(broken.raw), c.accountId);
    assert.equal(b.body, null);
    assert.match(b.bodyNote ?? '', /2FA body that is not JSON/);
    // Nothing the database holds shows the code or the wrong one, but the simulated phone.
    const dump = await readableDump(t.gw.ctx.store);
    assert.deepEqual(tablesHolding(dump, code), ['sandbox_inbox']);
    assert.deepEqual(tablesHolding(dump, otherCode(code)), []);
  });
});
