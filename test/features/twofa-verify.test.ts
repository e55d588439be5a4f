import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  lastCode,
  ok,
  otherCode,
  phones,
  post,
  refused,
  requestCode,
  START,
  setClock,
  tick,
} from './twofa-helpers.ts';

/*
 * POST /api/verify/v1/2fa/verify and /logs (issue 7, item 2): a code verifies once, within
 * 3 minutes (2:59 is in time, 3:00 is not), and 5 wrong codes lock its request. The logs list a
 * day's requests with PENDING or SUCCESS.
 */

describeEachDb('2fa: verify and logs', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('74');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());

  test('the right code verifies once; again it is already used', async () => {
    const to = phone();
    const requestId = await requestCode(t, c, to);
    const code = await lastCode(t, to);
    const d = ok(await post(t, c, '/verify', { to, authNumber: code, requestId, userRef: 'v1' }));
    assert.deepEqual({ requestId: d.requestId, userRef: d.userRef }, { requestId, userRef: 'v1' });
    const again = await post(t, c, '/verify', { to, authNumber: code, requestId, userRef: 'v2' });
    refused(again, 'A708', 409, `verified at ${START}`);
    assert.deepEqual([again.data.requestId, again.data.userRef], [requestId, 'v2']);
    // Without requestId too: the number's latest request is the used one.
    refused(await post(t, c, '/verify', { to, authNumber: code }), 'A708', 409);
  });

  test('a wrong code is refused with the attempts left; the right one still verifies', async () => {
    const to = phone();
    const requestId = await requestCode(t, c, to);
    const code = await lastCode(t, to);
    const wrong = await post(t, c, '/verify', { to, authNumber: otherCode(code), requestId, userRef: 'w' });
    refused(wrong, 'A706', 400, '4 attempts left');
    assert.deepEqual([wrong.data.requestId, wrong.data.userRef], [requestId, 'w']);
    refused(
      await post(t, c, '/verify', { to, authNumber: otherCode(code), requestId }),
      'A706',
      400,
      '3 attempts',
    );
    ok(await post(t, c, '/verify', { to, authNumber: code, requestId }));
  });

  test('5 wrong codes lock the request: then even the right code is refused', async () => {
    const to = phone();
    const requestId = await requestCode(t, c, to);
    const code = await lastCode(t, to);
    for (const left of ['4 attempts', '3 attempts', '2 attempts', '1 attempt left', 'now locked']) {
      refused(await post(t, c, '/verify', { to, authNumber: otherCode(code), requestId }), 'A706', 400, left);
    }
    const locked = await post(t, c, '/verify', { to, authNumber: code, requestId });
    refused(locked, 'A709', 409, '5 wrong codes');
    assert.equal(locked.data.requestId, requestId);
    refused(await post(t, c, '/verify', { to, authNumber: code }), 'A709', 409);
    // A new request gets a new code that verifies.
    const next = await requestCode(t, c, to);
    ok(await post(t, c, '/verify', { to, authNumber: await lastCode(t, to), requestId: next }));
  });

  test('a malformed authNumber is refused without using an attempt', async () => {
    const to = phone();
    const requestId = await requestCode(t, c, to);
    for (let i = 0; i < 6; i++) {
      const a = await post(t, c, '/verify', { to, authNumber: '12345', requestId });
      refused(a, 'A701', 400, '6 digits');
      assert.equal(a.data.requestId, requestId);
    }
    refused(await post(t, c, '/verify', { to, requestId }), 'A300', 400, 'authNumber is required');
    refused(await post(t, c, '/verify', { authNumber: '123456', requestId }), 'A300', 400, 'to is required');
    refused(await post(t, c, '/verify', { to: '0101', authNumber: '123456', requestId }), 'A306', 400, 'to');
    ok(await post(t, c, '/verify', { to, authNumber: await lastCode(t, to), requestId }));
  });

  test('valid for 3 minutes: at 2:59 it verifies, at 3:00 it has expired', async () => {
    const to = phone();
    const first = await requestCode(t, c, to, { authNumber: '111111' });
    await tick(t, 179);
    ok(await post(t, c, '/verify', { to, authNumber: '111111', requestId: first }));

    const second = await requestCode(t, c, to, { authNumber: '222222' });
    await tick(t, 180);
    const late = await post(t, c, '/verify', { to, authNumber: '222222', requestId: second });
    refused(late, 'A707', 409, 'expired at 2026-12-01 10:05:59');
    // An expired request takes no attempts: a wrong code is also answered as expired.
    refused(await post(t, c, '/verify', { to, authNumber: '000000', requestId: second }), 'A707', 409);
  });

  test('without requestId the latest pending request of the number is verified', async () => {
    const to = phone();
    await requestCode(t, c, to, { authNumber: '333333' });
    const latest = await requestCode(t, c, to, { authNumber: '444444' });
    // Only the latest code counts: the earlier one is a wrong code for it.
    refused(await post(t, c, '/verify', { to, authNumber: '333333' }), 'A706', 400);
    const d = ok(await post(t, c, '/verify', { to, authNumber: '444444', userRef: 'n' }));
    assert.deepEqual([d.requestId, d.userRef], [latest, 'n']);
    const none = await post(t, c, '/verify', { to: phone(), authNumber: '123456', userRef: 'none' });
    refused(none, 'A705', 404, 'no code was requested');
    assert.deepEqual([none.data.requestId, none.data.userRef], ['', 'none']);
  });

  test('another account’s requestId, or one for another number, is not found', async () => {
    const to = phone();
    const requestId = await requestCode(t, c, to, { authNumber: '555555' });
    const other = await setupClient(t, 'other');
    const a = await post(t, other, '/verify', { to, authNumber: '555555', requestId });
    refused(a, 'A705', 404, requestId);
    refused(await post(t, other, '/verify', { to, authNumber: '555555' }), 'A705', 404);
    refused(await post(t, c, '/verify', { to: phone(), authNumber: '555555', requestId }), 'A705', 404);
    refused(await post(t, c, '/verify', { to, authNumber: '555555', requestId: 'nope' }), 'A705', 404);
    // Its logs do not show it either.
    const logs = ok(await post(t, other, '/logs', { requestDate: '20261201', requestId }));
    assert.deepEqual(logs.list, []);
    ok(await post(t, c, '/verify', { to, authNumber: '555555', requestId }));
  });

  test('at once: 8 requests for one number send 5; 12 verifications of one code succeed once', async () => {
    const to = phone();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(t, c, '/request', { to })));
    assert.deepEqual(answers.map((a) => a.data.code).sort(), [
      'A000',
      'A000',
      'A000',
      'A000',
      'A000',
      'A704',
      'A704',
      'A704',
    ]);
    // More tries than attempts, in rounds: a try that finds every attempt claimed while the right
    // code is still being compared must be told "used", never "locked" (A709).
    for (let round = 0; round < 5; round++) {
      const other = phone();
      const requestId = await requestCode(t, c, other, { authNumber: '777777' });
      const tries = await Promise.all(
        Array.from({ length: 12 }, () =>
          post(t, c, '/verify', { to: other, authNumber: '777777', requestId }),
        ),
      );
      const codes = tries.map((a) => a.data.code).sort();
      assert.deepEqual(codes, ['A000', ...Array.from({ length: 11 }, () => 'A708')], `round ${round}`);
    }
    // Wrong codes at once: five are compared, the rest find the request locked, the right code too.
    const guessed = phone();
    const locked = await requestCode(t, c, guessed, { authNumber: '888888' });
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(t, c, '/verify', { to: guessed, authNumber: `00000${i}`, requestId: locked }),
      ),
    );
    const refusals = guesses.map((a) => a.data.code).sort();
    assert.deepEqual(refusals, ['A706', 'A706', 'A706', 'A706', 'A706', 'A709', 'A709', 'A709']);
    refused(
      await post(t, c, '/verify', { to: guessed, authNumber: '888888', requestId: locked }),
      'A709',
      409,
    );
  });

  test('logs: a day’s requests with PENDING or SUCCESS and verifyDate; by requestId', async () => {
    const acc = await setupClient(t, 'logs');
    await setClock(t, '2026-12-02 23:59:00');
    const [a, b] = [phone(), phone()];
    const early = await requestCode(t, acc, a, { authNumber: '121212' });
    await tick(t, 30);
    const verified = await requestCode(t, acc, b, { authNumber: '343434' });
    await tick(t, 20);
    ok(await post(t, acc, '/verify', { to: b, authNumber: '343434', requestId: verified }));
    await tick(t, 15); // 2026-12-03 00:00:05
    const nextDay = await requestCode(t, acc, a, { authNumber: '565656' });
    await tick(t, 600); // the first has expired: it stays PENDING

    const day = ok(await post(t, acc, '/logs', { requestDate: '20261202', userRef: 'day' }));
    assert.equal(day.userRef, 'day');
    assert.deepEqual(day.list, [
      { requestId: early, requestDate: '2026-12-02 23:59:00', status: 'PENDING', verifyDate: '' },
      {
        requestId: verified,
        requestDate: '2026-12-02 23:59:30',
        status: 'SUCCESS',
        verifyDate: '2026-12-02 23:59:50',
      },
    ]);
    const next = ok(await post(t, acc, '/logs', { requestDate: '20261203' }));
    assert.deepEqual(
      next.list?.map((e) => [e.requestId, e.status]),
      [[nextDay, 'PENDING']],
    );
    const one = ok(await post(t, acc, '/logs', { requestDate: '20261202', requestId: verified }));
    assert.deepEqual(
      one.list?.map((e) => e.requestId),
      [verified],
    );
    // A requestId of another day is not in this day's list.
    assert.deepEqual(ok(await post(t, acc, '/logs', { requestDate: '20261203', requestId: early })).list, []);
    assert.deepEqual(ok(await post(t, acc, '/logs', { requestDate: '20261130' })).list, []);
  });

  test('logs: requestDate is required as yyyyMMdd', async () => {
    const missing = await post(t, c, '/logs', { userRef: 'l' });
    refused(missing, 'A300', 400, 'requestDate is required');
    assert.deepEqual([missing.data.list, missing.data.userRef], [[], 'l']);
    for (const requestDate of ['2026-12-01', '202612', '20261301', '20260230', 'today']) {
      refused(await post(t, c, '/logs', { requestDate }), 'A702', 400, requestDate);
    }
  });
});
