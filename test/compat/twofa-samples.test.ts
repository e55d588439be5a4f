import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setClock } from '../features/reservation-helpers.ts';
import { type Client, inbox, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { call, phones, type Reply, strings } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * The two-factor samples replayed as written. Their answers carry the fields in `data` itself
 * (no data.data), userRef echoed, every field a string.
 */

const BASE = '/api/verify/v1/2fa';

describeEachDb('compatibility: two-factor samples', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('74');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-12-01 10:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  const post = (path: string, sample: string, values: Record<string, string> = {}) =>
    call(t, c.apiKey, 'POST', `${BASE}${path}`, S.fill(sample, values));

  /** The answer's data section after checking success: the 2FA fields sit there directly. */
  function ok(r: Reply, fields: readonly string[]): Record<string, unknown> {
    assert.equal(r.status, 200, r.raw);
    assert.equal(r.body.data.code, 'A000', r.raw);
    strings(r.body.data, ['code', 'result', 'resultMsg', 'userRef', ...fields], '2fa answer');
    return r.body.data;
  }

  test('service name: register, look up, delete', async () => {
    const reg = ok(await post('/service/regist', S.TWOFA_SERVICE_REGIST), ['serviceName']);
    assert.equal(reg.serviceName, '옴니샵');
    assert.equal(reg.userRef, 'user-ref-1');
    const seen = ok(await post('/service', S.TWOFA_SERVICE), ['serviceName', 'regDate']);
    assert.equal(seen.serviceName, '옴니샵');
    assert.equal(seen.userRef, 'user-ref-2');
    assert.equal(ok(await post('/service/delete', S.TWOFA_SERVICE_DELETE), []).userRef, 'user-ref-3');
    assert.equal(ok(await post('/service', S.TWOFA_SERVICE), ['serviceName']).serviceName, '');
  });

  test('request a code, verify it, read the logs of the day', async () => {
    const to = phone();
    const req = ok(await post('/request', S.TWOFA_REQUEST, { phone_number: to }), ['requestId']);
    assert.equal(req.userRef, 'user-ref-4');
    const requestId = String(req.requestId);
    await settle(t);
    const text = (await inbox(t, to)).at(-1)?.text ?? '';
    const code = /(\d{6})/.exec(text)?.[1];
    assert.ok(code, text);

    const logsBefore = ok(
      await post('/logs', S.TWOFA_LOGS, { request_date: '20261201', request_id: requestId }),
      [],
    );
    const pending = (logsBefore.list as Record<string, unknown>[])[0];
    strings(pending, ['requestDate', 'status', 'verifyDate', 'requestId'], '2fa log entry');
    assert.equal(pending?.status, 'PENDING');
    assert.equal(pending?.verifyDate, '');

    const verified = ok(
      await post('/verify', S.TWOFA_VERIFY, { auth_number: code, phone_number: to, request_id: requestId }),
      ['requestId'],
    );
    assert.equal(verified.requestId, requestId);
    assert.equal(verified.userRef, 'user-ref-6');

    const logs = ok(
      await post('/logs', S.TWOFA_LOGS, { request_date: '20261201', request_id: requestId }),
      [],
    );
    assert.equal(logs.userRef, 'user-ref-7');
    const entry = (logs.list as Record<string, unknown>[])[0];
    assert.equal(entry?.status, 'SUCCESS');
    assert.match(String(entry?.verifyDate), /\S/);
  });

  test('a static code (authNumber on the request) verifies with that code', async () => {
    const to = phone();
    const req = ok(await post('/request', S.TWOFA_REQUEST_STATIC, { phone_number: to }), ['requestId']);
    await settle(t);
    assert.match((await inbox(t, to)).at(-1)?.text ?? '', /123456/);
    ok(
      await post('/verify', S.TWOFA_VERIFY, {
        auth_number: '123456',
        phone_number: to,
        request_id: String(req.requestId),
      }),
      ['requestId'],
    );
  });
});
