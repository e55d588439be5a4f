import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  BASE,
  ok,
  phones,
  post,
  refused,
  requestCode,
  START,
  setClock,
  texts,
  tick,
} from './twofa-helpers.ts';

/*
 * Two-factor service names (issue 7, item 1): POST /api/verify/v1/2fa/service/regist, /service and
 * /service/delete. The name is at most 20 bytes (Korean counts 2) and prefixes the verification
 * texts while it is registered.
 */

describeEachDb('2fa: service name', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('72');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());

  test('none registered: serviceName and regDate are empty, userRef echoed', async () => {
    const other = await setupClient(t, 'empty');
    const d = ok(await post(t, other, '/service', { userRef: 'u-1' }));
    assert.deepEqual(
      { serviceName: d.serviceName, regDate: d.regDate, userRef: d.userRef },
      { serviceName: '', regDate: '', userRef: 'u-1' },
    );
    // userRef is optional (and null counts as absent): echoed as "".
    assert.equal(ok(await post(t, other, '/service', {})).userRef, '');
    assert.equal(ok(await post(t, other, '/service', { userRef: null })).userRef, '');
  });

  test('20 bytes are accepted, Korean counting 2; the lookup shows the name and its time', async () => {
    const korean = '가나다라마바사아자차'; // 10 syllables, 20 bytes
    const d = ok(await post(t, c, '/service/regist', { serviceName: korean, userRef: 'r1' }));
    assert.deepEqual(
      { code: d.code, serviceName: d.serviceName, userRef: d.userRef },
      { code: 'A000', serviceName: korean, userRef: 'r1' },
    );
    const seen = ok(await post(t, c, '/service', { userRef: 'r2' }));
    assert.deepEqual(
      { serviceName: seen.serviceName, regDate: seen.regDate, userRef: seen.userRef },
      { serviceName: korean, regDate: START, userRef: 'r2' },
    );
    ok(await post(t, c, '/service/regist', { serviceName: 'A'.repeat(20) }));
    ok(await post(t, c, '/service/regist', { serviceName: '한글 Shop-1_2.&B' })); // 4 + 1 + 13 = 18 bytes
  });

  test('21 bytes are refused: 10 Korean syllables and a letter, or 21 letters', async () => {
    for (const serviceName of ['가나다라마바사아자차A', 'A'.repeat(21), '가나다라마바사아자 AB']) {
      const a = await post(t, c, '/service/regist', { serviceName, userRef: 'too-long' });
      refused(a, 'A700', 400, '21 bytes, at most 20');
      assert.equal(a.data.userRef, 'too-long');
      assert.equal(a.data.serviceName, serviceName);
    }
  });

  test('characters other than Korean, letters, digits, spaces and - _ . & are refused', async () => {
    for (const serviceName of ['Shop!', '<b>Shop', 'Shop😀', 'ㄱㄴ', 'Café', 'A\tB', '[Shop]']) {
      refused(await post(t, c, '/service/regist', { serviceName }), 'A700', 400, 'may hold only');
    }
    refused(await post(t, c, '/service/regist', { serviceName: '' }), 'A700', 400, 'empty');
    refused(await post(t, c, '/service/regist', { serviceName: '   ' }), 'A700', 400, 'empty');
    refused(await post(t, c, '/service/regist', { serviceName: ' Shop' }), 'A700', 400, 'begin or end');
    refused(await post(t, c, '/service/regist', { serviceName: 'Shop ' }), 'A700', 400, 'begin or end');
  });

  test('a missing serviceName, a bad userRef or bad JSON are refused in the same shape', async () => {
    const missing = await post(t, c, '/service/regist', { userRef: 'm' });
    refused(missing, 'A300', 400, 'serviceName is required');
    assert.equal(missing.data.userRef, 'm');
    refused(
      await post(t, c, '/service/regist', { serviceName: 'Shop', userRef: 'x'.repeat(201) }),
      'A300',
      400,
      'userRef',
    );
    const bad = await post(t, c, '/service', '{"userRef": ');
    refused(bad, 'A010', 400);
    assert.deepEqual(
      { serviceName: bad.data.serviceName, regDate: bad.data.regDate, userRef: bad.data.userRef },
      { serviceName: '', regDate: '', userRef: '' },
    );
    const plain = await t.request({
      method: 'POST',
      url: `${BASE}/service/delete`,
      apiKey: c.apiKey,
      headers: { 'content-type': 'text/plain' },
      body: 'userRef=1',
    });
    assert.equal(plain.statusCode, 415, plain.body);
    // The gateway stage's refusal: common.authCode, no data section (as an unknown key's A401).
    assert.deepEqual(plain.json<{ common: unknown; data?: unknown }>(), {
      common: {
        authCode: 'A415',
        authResult: 'Unsupported content type: got text/plain; expected application/json',
        providerTrId: plain.json<{ common: { providerTrId: string } }>().common.providerTrId,
      },
    });
    const noKey = await t.request({ method: 'POST', url: `${BASE}/service`, body: {} });
    assert.equal(noKey.statusCode, 401);
    assert.equal(noKey.json<{ common: { authCode: string } }>().common.authCode, 'A401');
  });

  test('registering again replaces the name and its time; each account has its own', async () => {
    ok(await post(t, c, '/service/regist', { serviceName: 'First' }));
    await tick(t, 65);
    ok(await post(t, c, '/service/regist', { serviceName: 'Second' }));
    const seen = ok(await post(t, c, '/service', {}));
    assert.equal(seen.serviceName, 'Second');
    assert.equal(seen.regDate, '2026-12-01 10:01:05');
    const other = await setupClient(t, 'other');
    assert.equal(ok(await post(t, other, '/service', {})).serviceName, '');
  });

  test('the name prefixes verification texts; after delete the texts omit it', async () => {
    ok(await post(t, c, '/service/regist', { serviceName: '옴니 Bank' }));
    const to = phone();
    await requestCode(t, c, to);
    const [withName] = await texts(t, to);
    assert.match(withName ?? '', /^\[옴니 Bank\] 인증번호 \[\d{6}\]을 입력해주세요\.$/);

    const del = ok(await post(t, c, '/service/delete', { userRef: 'del' }));
    assert.equal(del.userRef, 'del');
    const seen = ok(await post(t, c, '/service', {}));
    assert.deepEqual([seen.serviceName, seen.regDate], ['', '']);
    // Deleting again is not an error (a retried delete).
    ok(await post(t, c, '/service/delete', {}));

    await requestCode(t, c, to);
    const [, without] = await texts(t, to);
    assert.match(without ?? '', /^인증번호 \[\d{6}\]을 입력해주세요\.$/);
  });
});
