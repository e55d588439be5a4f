import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setClock } from '../features/reservation-helpers.ts';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { brandTemplate } from '../helpers/templates.ts';
import { call, envelopeOf, type Method, ok, phones } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * Clients parse every answer as the envelope before they look at anything else: DELETEs,
 * refusals, unknown paths, wrong methods, bodies that are empty or not JSON. Each of them must
 * answer application/json with `common` and `data` (never an empty 204, never HTML or text).
 */

describeEachDb('compatibility: every answer is the envelope', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('72');

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t);
    await setClock(t, '2026-12-01 10:00:00');
  });
  after(() => t.close());

  const v = (more: Record<string, string> = {}) => ({
    phone_number: phone(),
    sender_number: c.sender,
    sender_key: c.senderKey,
    brand_key: c.brandKey,
    ...more,
  });

  test('DELETE of a polled report batch, of an informational and a brand template, of a group tag', async () => {
    // A report to acknowledge.
    ok(await call(t, c.apiKey, 'POST', '/api/comm/v1/send/omni', S.fill(S.SEND_BRAND_FREE_CONTENT, v())));
    await settle(t);
    const poll = ok<{ reportId: string }>(await call(t, c.apiKey, 'GET', '/api/comm/v1/report/polling'));
    assert.match(poll.reportId, /\S/);
    ok(await call(t, c.apiKey, 'DELETE', `/api/comm/v1/report/polling/${poll.reportId}`));
    // Twice is still an answer a client can read.
    ok(await call(t, c.apiKey, 'DELETE', `/api/comm/v1/report/polling/${poll.reportId}`));
    const unknown = await call(t, c.apiKey, 'DELETE', '/api/comm/v1/report/polling/no-such-batch');
    assert.equal(unknown.body.data.code, 'A820', unknown.raw);

    const info = '/api/comm/v1/center/infomsg/template';
    ok(
      await call(
        t,
        c.apiKey,
        'POST',
        info,
        S.fill(S.INFOMSG_TEMPLATE_REGISTER, v({ template_code: 'DEL-1' })),
      ),
    );
    const delInfo = await call(t, c.apiKey, 'DELETE', `${info}/senderKey/${c.senderKey}/templateCode/DEL-1`);
    assert.equal(ok(delInfo), undefined, 'only code and result');
    const again = await call(t, c.apiKey, 'DELETE', `${info}/senderKey/${c.senderKey}/templateCode/DEL-1`);
    assert.notEqual(again.body.data.code, 'A000', again.raw);

    const brand = '/api/comm/v1/center/brandmessage/template';
    await brandTemplate(t, c, { templateCode: 'DEL-2', templateName: 'x', msgType: 'TEXT', text: '안내' });
    ok(await call(t, c.apiKey, 'DELETE', `${brand}/senderKey/${c.senderKey}/templateCode/DEL-2`));

    const tags = '/api/comm/v1/center/brandmessage/groupTag';
    ok(await call(t, c.apiKey, 'POST', tags, S.fill(S.GROUP_TAG, v())));
    ok(await call(t, c.apiKey, 'DELETE', `${tags}/senderKey/${c.senderKey}/groupTagKey/vip`));
  });

  test('DELETE of an opt-out and of a reservation destination', async () => {
    const number = phone();
    ok(await call(t, c.apiKey, 'POST', '/api/comm/v1/optout', JSON.stringify({ phones: [number] })));
    ok(await call(t, c.apiKey, 'DELETE', `/api/comm/v1/optout/${number}`));

    const resv = await call(
      t,
      c.apiKey,
      'POST',
      '/api/comm/v1/reservation',
      S.fill(S.RESERVATION, v({ phone_number_2: phone(), resv_send_time: '2026-12-01 11:00:00' })),
    );
    const payload = ok<{ destinations: { msgKey: string }[] }>(resv);
    const resvKey = resv.body.data.resvKey;
    assert.equal(typeof resvKey, 'string', resv.raw);
    const msgKey = payload.destinations[0]?.msgKey;
    assert.ok(msgKey);
    ok(
      await call(
        t,
        c.apiKey,
        'DELETE',
        `/api/comm/v1/reservation/resvKey/${resvKey}/destinations/msgKey/${msgKey}`,
      ),
    );
  });

  test('unknown paths and methods a path does not take', async () => {
    const cases: Array<[Method, string]> = [
      ['GET', '/api/comm/v1/no/such/path'],
      ['POST', '/api/comm/v1/send/omni/extra'],
      ['DELETE', '/api/comm/v1/center/infomsg/template'],
      ['GET', '/api/comm/v1/send/omni'],
      ['PUT', '/api/comm/v1/send/omni'],
      ['DELETE', '/api/comm/v1/send/omni'],
      ['PATCH', '/api/comm/v1/report/polling'],
      ['GET', '/api/verify/v1/2fa/request'],
      ['GET', '/api'],
    ];
    for (const [method, url] of cases) {
      const r = await call(t, c.apiKey, method, url);
      assert.ok(r.status === 404 || r.status === 405, `${method} ${url}: HTTP ${r.status}`);
      // The gateway stage refuses it, as the hosted service does: common.authCode, no data.
      assert.equal(r.body.common.authCode, 'A404', r.raw);
      assert.match(r.body.common.authResult, /^No such path: /, r.raw);
      assert.equal(r.body.data, undefined, r.raw);
    }
  });

  test('empty bodies, malformed JSON and bodies that are not objects, labelled application/json', async () => {
    const posts = [
      '/api/comm/v1/send/omni',
      '/api/comm/v1/reservation',
      '/api/comm/v1/center/infomsg/template',
      '/api/comm/v1/center/brandmessage/template',
      '/api/comm/v1/center/brandmessage/groupMessage',
      '/api/verify/v1/2fa/request',
    ];
    for (const url of posts) {
      for (const body of ['', '{', '[]', 'null', '"text"']) {
        const r = await call(t, c.apiKey, 'POST', url, body);
        assert.ok(r.status >= 400 && r.status < 500, `${url} ${JSON.stringify(body)}: HTTP ${r.status}`);
        assert.notEqual(r.body.data.code, 'A000', r.raw);
      }
    }
    // A DELETE labelled JSON with no body is still the DELETE.
    const r = await t.gw.app.inject({
      method: 'DELETE',
      url: '/api/comm/v1/report/polling/no-such-batch',
      headers: { authorization: c.apiKey, 'content-type': 'application/json' },
    });
    assert.equal(envelopeOf(r).body.data.code, 'A820', r.body);
  });

  test('the Content-Type spellings of common HTTP clients are JSON', async () => {
    for (const type of [
      'application/json;charset=UTF-8',
      'application/json; charset=utf-8',
      'Application/JSON',
    ]) {
      const res = await t.gw.app.inject({
        method: 'POST',
        url: '/api/comm/v1/send/omni',
        headers: { authorization: c.apiKey, 'content-type': type },
        payload: S.fill(S.SEND_BRAND_FREE_CONTENT, v()),
      });
      const [d] = ok<{ destinations: { code: string }[] }>(envelopeOf(res)).destinations;
      assert.equal(d?.code, 'A000', type);
    }
  });

  test('no key, an unknown key: A401 in the envelope', async () => {
    for (const authorization of [undefined, 'not-a-key']) {
      const res = await t.gw.app.inject({
        method: 'POST',
        url: '/api/comm/v1/send/omni',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: S.fill(S.SEND_BRAND_FREE_CONTENT, v()),
      });
      const r = envelopeOf(res);
      assert.equal(r.status, 401);
      assert.equal(r.body.common.authCode, 'A401', r.raw);
    }
  });
});
