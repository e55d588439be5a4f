import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { type Client, inbox, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  lastCode,
  ok,
  phones,
  post,
  refused,
  requestCode,
  START,
  setClock,
  settle,
  texts,
  tick,
} from './twofa-helpers.ts';

/*
 * POST /api/verify/v1/2fa/request (issue 7, item 2): a 6-digit code sent by SMS through the send
 * engine from the account's first sender number; at most 5 requests per number within 3 minutes.
 * The gateway's log (captured at trace level) never holds a code.
 */

describeEachDb('2fa: request', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('73');
  const lines: string[] = [];

  before(async () => {
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    t = await startTestGateway(db, { logger });
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());

  test('a random 6-digit code reaches the handset by SMS from the sender number', async () => {
    const to = phone();
    const a = await post(t, c, '/request', { to, userRef: 'login-1' });
    const d = ok(a);
    assert.equal(d.userRef, 'login-1');
    assert.match(d.requestId ?? '', /^2fa\w+$/);
    assert.deepEqual(Object.keys(d).sort(), ['code', 'requestId', 'result', 'resultMsg', 'userRef']);
    await settle(t);
    const got = await inbox(t, to);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.channel, 'sms');
    assert.equal(got[0]?.from, c.sender);
    assert.match(got[0]?.text ?? '', /^인증번호 \[\d{6}\]을 입력해주세요\.$/);
  });

  test('codes differ between requests (crypto random)', async () => {
    const to = phone();
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      await requestCode(t, c, to);
      codes.add(await lastCode(t, to));
    }
    assert.ok(codes.size >= 3, [...codes].join(','));
  });

  test('a static authNumber is sent as given; anything but 6 digits is refused, nothing sent', async () => {
    const to = phone();
    await requestCode(t, c, to, { authNumber: '012345' });
    assert.equal(await lastCode(t, to), '012345');
    const other = phone();
    for (const authNumber of ['12345', '1234567', '12a456', '１２３４５６', ' 12345']) {
      const a = await post(t, c, '/request', { to: other, authNumber, userRef: 'fixed' });
      refused(a, 'A701', 400, '6 digits');
      assert.deepEqual([a.data.requestId, a.data.userRef], ['', 'fixed']);
    }
    // null and "" count as absent: a random code.
    await requestCode(t, c, other, { authNumber: null });
    await requestCode(t, c, other, { authNumber: '' });
    assert.equal((await texts(t, other)).length, 2);
  });

  test('to is required and must be a valid number', async () => {
    refused(await post(t, c, '/request', { userRef: 'x' }), 'A300', 400, 'to is required');
    for (const to of ['', '0101234', '+821012345678', '010-1234-5678', 'abc']) {
      const a = await post(t, c, '/request', { to, userRef: 'bad-to' });
      refused(a, 'A306', 400, 'to');
      assert.equal(a.data.userRef, 'bad-to');
    }
    // A Korean number in E.164 form is the domestic number.
    const to = phone();
    await requestCode(t, c, to.replace(/^0/, '82'));
    assert.equal((await texts(t, to)).length, 1);
  });

  test('an account without a sender number is refused, nothing sent', async () => {
    const bare = await t.createAccount('bare');
    const to = phone();
    const a = await post(t, bare, '/request', { to, userRef: 'no-sender' });
    refused(a, 'A703', 409, 'sender number');
    assert.equal(a.data.userRef, 'no-sender');
    await settle(t);
    assert.deepEqual(await texts(t, to), []);
  });

  test('the 6th request within 3 minutes is refused and sends nothing; allowed again after', async () => {
    const to = phone();
    for (const wait of [0, 10, 10, 10, 10]) {
      await tick(t, wait);
      ok(await post(t, c, '/request', { to }));
    }
    // 40 s after the first: the window holds 5 requests.
    await tick(t, 139); // 2:59 after the first
    const sixth = await post(t, c, '/request', { to, userRef: 'sixth' });
    refused(sixth, 'A704', 429, 'in the last 3 minutes');
    assert.deepEqual([sixth.data.requestId, sixth.data.userRef], ['', 'sixth']);
    // Another number and another account are counted apart.
    ok(await post(t, c, '/request', { to: phone() }));
    const other = await setupClient(t, 'other');
    ok(await post(t, other, '/request', { to }));
    await settle(t);
    assert.equal((await texts(t, to)).length, 6, 'five of this account, one of the other');

    await tick(t, 1); // 3:00 after the first: it has left the window
    ok(await post(t, c, '/request', { to }));
    await tick(t, 1); // the one at 0:10 is still inside, so the window is full again
    refused(await post(t, c, '/request', { to }), 'A704', 429);
    await tick(t, 9); // 3:00 after the second
    ok(await post(t, c, '/request', { to }));
    await settle(t);
    assert.equal((await texts(t, to)).length, 8);
  });

  test('the SMS reports carry the requestId as ref', async () => {
    const to = phone();
    const requestId = await requestCode(t, c, to);
    const res = await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: c.apiKey });
    const reports =
      res.json<{ data: { data: { report: { ref: string }[] | null } } }>().data.data.report ?? [];
    assert.ok(
      reports.some((r) => r.ref === requestId),
      res.body,
    );
  });

  test('no code and no phone number ever appears in the log, even at trace level', async () => {
    const to = phone();
    ok(await post(t, c, '/service/regist', { serviceName: 'Logged' }));
    const requestId = await requestCode(t, c, to, { authNumber: '987123' });
    refused(await post(t, c, '/verify', { to, authNumber: '987124', requestId }), 'A706', 400);
    ok(await post(t, c, '/verify', { to, authNumber: '987123', requestId }));
    await post(t, c, '/request', { to, authNumber: '98712' });
    await settle(t);
    const log = lines.join('');
    // The requests are logged (by id), so the log was captured.
    assert.ok(log.includes(requestId), 'the request is logged by its id');
    assert.ok(log.includes('2fa wrong code') && log.includes('2fa verified'));
    for (const secret of ['987123', '987124', to])
      assert.ok(!log.includes(secret), `${secret} is in the log`);
    const sent = await texts(t, to);
    assert.equal(sent.length, 1);
    assert.ok(!log.includes(sent[0] ?? ''), 'nor the text of the SMS');
  });
});
