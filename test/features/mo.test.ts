import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isoKst, kstDate } from '../../src/clock.ts';
import { GatewayError } from '../../src/errors.ts';
import { receiveMo, receiveNetworkMo } from '../../src/features/mo/receive.ts';
import { MO_GIVE_UP_AFTER_MS, moRetryDelayMs, nextMoAttempt } from '../../src/features/mo/schedule.ts';
import { MO_DELIVERY_JOB } from '../../src/store/mo/mo.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { history, moAccount, moOf, sendMo } from './mo-helpers.ts';

describe('MO retry schedule', () => {
  test('10 s, 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map((n) => moRetryDelayMs(n) / 1000),
      [10, 30, 60, 120, 300, 600, 1800, 3600, 3600, 3600],
    );
  });

  test('given up when the next attempt would fall past 24 h: 31 attempts, the last at 23:48:40', () => {
    let now = 0;
    const times = [now];
    for (let n = 1; ; n++) {
      const next = nextMoAttempt(0, n, now);
      if (next === null) break;
      now = next;
      times.push(now);
    }
    assert.equal(times.length, 31);
    assert.equal(times.at(-1), (23 * 3600 + 48 * 60 + 40) * 1000);
    assert.ok((times.at(-1) ?? 0) <= MO_GIVE_UP_AFTER_MS);
  });
});

describeEachDb('MO intake and visibility', (db) => {
  let t: TestGateway;
  let acme: { accountId: string; apiKey: string };
  let other: { accountId: string; apiKey: string };

  before(async () => {
    // Workers off: MOs stay as they arrive (PENDING, with their job), so the stored state shows.
    t = await startTestGateway(db, { start: false });
    acme = await moAccount(t, 'acme', '15881111');
    other = await moAccount(t, 'other', '15882222');
  });
  after(() => t.close());

  async function jobsOf(msgKey: string) {
    const rows = await t.gw.ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', MO_DELIVERY_JOB)
      .execute();
    return rows.filter((j) => (JSON.parse(j.payload) as { msgKey: string }).msgKey === msgKey);
  }

  async function count(): Promise<number> {
    const r = await t.gw.ctx.store.db
      .selectFrom('mo_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  test('an MO is stored for the account owning `to`, with its delivery job', async () => {
    const mo = await sendMo(t, { to: '15881111', from: '01012345678', content: 'YES' });
    assert.equal(mo.accountId, acme.accountId);
    assert.equal(mo.created, true);
    assert.match(mo.msgKey, /^mo[0-9a-z]+$/);
    const view = await moOf(t, mo.msgKey);
    assert.equal(view.accountId, acme.accountId);
    assert.equal(view.status, 'PENDING');
    assert.equal(view.attempts, 0);
    assert.equal(view.receivedAt, isoKst(t.gw.ctx.clock.now()));
    assert.equal(view.nextAttemptAt, isoKst(t.gw.ctx.clock.now()));
    assert.equal(view.originator, '01012345678');
    const handset = await t.request({ method: 'GET', url: '/sandbox/v1/handsets/01012345678', admin: true });
    assert.equal(view.carrier, handset.json<{ carrier: string }>().carrier, 'the sandbox handset’s carrier');
    assert.notEqual(view.carrier, '');
    const jobs = await jobsOf(mo.msgKey);
    assert.equal(jobs.length, 1);
    assert.equal(Number(jobs[0]?.run_at), t.gw.ctx.clock.now());
  });

  test('an MO to a number no account registered is refused with A730 and not stored', async () => {
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: '15889999', from: '01012345678', content: 'hi' },
    });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), {
      code: 'A730',
      result: 'No account has registered the MO number (to): to 15889999',
    });
    assert.equal(await count(), before);
  });

  test('a network connector drops an MO nobody can receive (null), and rethrows nothing else', async () => {
    const out = await receiveNetworkMo(t.gw.ctx, {
      to: '15889999',
      from: '01012345678',
      content: 'x',
      connector: 'smpp-test',
      networkId: 'n-1',
    });
    assert.equal(out, null);
  });

  test('malformed fields are A731 naming the field; a missing one is A300 naming it', async () => {
    const post = (body: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/sandbox/v1/mo', admin: true, body });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to: '15881111', from: '01x', content: 'a' }, 'from must be 3 to 20 digits'],
      [{ to: '1', from: '01012345678', content: 'a' }, 'to must be 3 to 20 digits'],
      [
        { to: '15881111', from: '01012345678', originator: '+8210', content: 'a' },
        'originator must be 3 to 20 digits',
      ],
      [
        { to: '15881111', from: '01012345678', content: 'a'.repeat(4001) },
        'content must be at most 4000 characters',
      ],
      [
        { to: '15881111', from: '01012345678', content: 'a', carrier: 'c'.repeat(21) },
        'carrier must be at most 20 characters',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await post(body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), { code: 'A731', result: `Invalid MO message field: ${detail}` });
    }
    const missing = await post({ to: '15881111', from: '01012345678' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json<{ code: string }>().code, 'A300');
    assert.match(missing.json<{ result: string }>().result, /content/);
    await assert.rejects(
      receiveMo(t.gw.ctx, { to: '15881111', from: '01012345678', content: 'a', connector: '' }),
      (e: unknown) => e instanceof GatewayError && e.code === 'A731',
    );
  });

  test('the same networkId from the same connector is one MO; another connector’s is another', async () => {
    const before = await count();
    const body = { to: '15881111', from: '01012345678', content: 'vote 3', networkId: 'net-42' };
    const first = await sendMo(t, body);
    const again = await sendMo(t, body);
    assert.equal(first.created, true);
    assert.deepEqual(again, { msgKey: first.msgKey, accountId: acme.accountId, created: false });
    assert.equal(await count(), before + 1);
    assert.equal((await jobsOf(first.msgKey)).length, 1);
    const elsewhere = await receiveMo(t.gw.ctx, { ...body, connector: 'smpp-test' });
    assert.equal(elsewhere.created, true);
    assert.notEqual(elsewhere.msgKey, first.msgKey);
    const plain1 = await sendMo(t, { to: '15881111', from: '01012345678', content: 'no id' });
    const plain2 = await sendMo(t, { to: '15881111', from: '01012345678', content: 'no id' });
    assert.notEqual(plain1.msgKey, plain2.msgKey, 'without a networkId every MO is new');
  });

  test('a number registered by two accounts goes to the earliest registration', async () => {
    const late = await moAccount(t, 'late', '15881111');
    const mo = await sendMo(t, { to: '15881111', from: '01012345678', content: 'who' });
    assert.equal(mo.accountId, acme.accountId);
    assert.notEqual(mo.accountId, late.accountId);
  });

  test('the client lists its own MOs, newest first, by day and status, with paging', async () => {
    const own = await sendMo(t, { to: '15882222', from: '01077778888', content: 'mine' });
    // Workers are off here, so the clock is moved without waiting for them (advance() would).
    const moved = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: 1 },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const own2 = await sendMo(t, { to: '15882222', from: '01077778888', content: 'mine too' });
    const page = await history(t, other.apiKey);
    assert.deepEqual(
      page.messages.map((m) => m.msgKey),
      [own2.msgKey, own.msgKey],
      'only the account’s own, newest first',
    );
    const [newest] = page.messages;
    assert.deepEqual(Object.keys(newest ?? {}).sort(), [
      'attempts',
      'carrier',
      'content',
      'deliveredAt',
      'from',
      'lastAttemptAt',
      'lastError',
      'msgKey',
      'msgType',
      'nextAttemptAt',
      'occurredTime',
      'originator',
      'receivedAt',
      'serviceType',
      'status',
      'to',
    ]);
    assert.equal(newest?.serviceType, 'MO');
    assert.equal(newest?.msgType, 'SM');
    assert.equal(newest?.content, 'mine too');
    assert.equal(page.hasNext, false);

    const first = await history(t, other.apiKey, '?limit=1');
    assert.deepEqual(
      first.messages.map((m) => m.msgKey),
      [own2.msgKey],
    );
    assert.equal(first.hasNext, true);
    const second = await history(t, other.apiKey, '?limit=1&offset=1');
    assert.deepEqual(
      second.messages.map((m) => m.msgKey),
      [own.msgKey],
    );
    assert.equal(second.hasNext, false);

    const today = kstDate(t.gw.ctx.clock.now());
    assert.equal((await history(t, other.apiKey, `?date=${today}`)).messages.length, 2);
    assert.equal((await history(t, other.apiKey, '?date=20000101')).messages.length, 0);
    assert.equal((await history(t, other.apiKey, '?status=PENDING')).messages.length, 2);
    assert.equal((await history(t, other.apiKey, '?status=DELIVERED')).messages.length, 0);
  });

  test('bad filters are A734 naming the filter; no API key is 401', async () => {
    for (const [query, field] of [
      ['?date=2026-01-01', 'date'],
      ['?date=20261340', 'date'],
      ['?status=DONE', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?offset=-1', 'offset'],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: `/api/comm/v1/message/history/mo${query}`,
        apiKey: acme.apiKey,
      });
      assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      const body = res.json<{ common: { authCode: string }; data: { code: string; result: string } }>();
      assert.equal(body.common.authCode, 'A000');
      assert.equal(body.data.code, 'A734');
      assert.match(body.data.result, new RegExp(`^Invalid MO list filter: ${field} `));
    }
    const anon = await t.request({ method: 'GET', url: '/api/comm/v1/message/history/mo' });
    assert.equal(anon.statusCode, 401);
  });

  test('the operator lists an account’s MOs; unknown accounts and keys are refused', async () => {
    const list = await t.request({
      method: 'GET',
      url: `/admin/v1/accounts/${other.accountId}/mo`,
      admin: true,
    });
    assert.equal(list.statusCode, 200, list.body);
    const body = list.json<{ accountId: string; messages: Array<{ to: string }>; hasNext: boolean }>();
    assert.equal(body.accountId, other.accountId);
    assert.equal(body.messages.length, 2);
    assert.ok(body.messages.every((m) => m.to === '15882222'));

    const filtered = await t.request({
      method: 'GET',
      url: `/admin/v1/accounts/${other.accountId}/mo?status=GIVEN_UP`,
      admin: true,
    });
    assert.equal(filtered.json<{ messages: unknown[] }>().messages.length, 0);

    const unknownAccount = await t.request({ method: 'GET', url: '/admin/v1/accounts/nope/mo', admin: true });
    assert.equal(unknownAccount.statusCode, 404);
    assert.equal(unknownAccount.json<{ code: string }>().code, 'A820');
    for (const [method, url] of [
      ['GET', '/admin/v1/mo/mo-unknown'],
      ['POST', '/admin/v1/mo/mo-unknown/redeliver'],
    ] as const) {
      const res = await t.request({ method, url, admin: true });
      assert.equal(res.statusCode, 404, res.body);
      assert.deepEqual(res.json(), { code: 'A732', result: 'No such MO message: msgKey mo-unknown' });
    }
    const noToken = await t.request({ method: 'GET', url: `/admin/v1/accounts/${other.accountId}/mo` });
    assert.equal(noToken.statusCode, 401);
  });
});
