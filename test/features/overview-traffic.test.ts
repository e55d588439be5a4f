import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Static } from '@sinclair/typebox';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import type { Overview } from '../../src/features/admin/overview-schemas.ts';
import { createGateway, type Gateway } from '../../src/gateway.ts';
import { describeEachDb, type TestDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, LOOPBACK_ALLOWED } from '../helpers/gateway.ts';

type View = Static<typeof Overview>;
type Traffic = View['traffic'];

/**
 * The gateway as test/helpers/gateway.ts builds it, but with its monotonic clock in the test's
 * hand: the traffic series counts seconds on it, so a test moves a second on without sleeping.
 */
async function startGateway(db: TestDb, now: () => number): Promise<Gateway> {
  const config = loadConfig({
    DATABASE_URL: db.url,
    OMNIGATE_DATA_DIR: db.dir,
    OMNIGATE_ADMIN_TOKEN: ADMIN_TOKEN,
    OMNIGATE_CLOCK: 'manual',
    OMNIGATE_JOB_POLL_MS: '50',
    OMNIGATE_SHUTDOWN_GRACE_MS: '2000',
    OMNIGATE_WEBHOOK_ALLOW: LOOPBACK_ALLOWED,
  });
  const gw = await createGateway(config, {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    monotonicNow: now,
    ...(db.schema ? { schema: db.schema } : {}),
  });
  await gw.app.ready();
  gw.start();
  return gw;
}

describeEachDb('admin overview: the last 15 minutes per second', (db) => {
  let gw: Gateway;
  /** The instance's monotonic clock: only the test moves it. */
  let ms = 7_000_123;
  let apiKey = '';
  const sender = '0212345678';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, key?: string) =>
    gw.app.inject({
      method,
      url,
      headers: {
        authorization: key ?? `Bearer ${ADMIN_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const ok = (res: LightMyRequestResponse) => {
    assert.equal(res.statusCode, 200, res.body);
    return res;
  };
  const read = async (since?: number): Promise<View> =>
    ok(
      await call('GET', `/admin/v1/overview${since === undefined ? '' : `?trafficSince=${since}`}`),
    ).json<View>();
  const traffic = async (since?: number): Promise<Traffic> => (await read(since)).traffic;
  /** Sends one SMS to each number and lets the engine deliver them (within the current second). */
  const send = async (to: string[]) => {
    const res = ok(
      await call(
        'POST',
        '/api/comm/v1/send/omni',
        {
          destinations: to.map((n) => ({ to: n })),
          messageFlow: [{ sms: { from: sender, text: 'traffic' } }],
        },
        apiKey,
      ),
    );
    const codes = res.json<{ data: { data: { destinations: Array<{ code: string }> } } }>().data.data
      .destinations;
    assert.deepEqual(
      codes.map((d) => d.code),
      to.map(() => 'A000'),
    );
    await gw.runner?.whenIdle();
  };
  const tick = (seconds = 1) => {
    ms += seconds * 1000;
  };
  const sum = (xs: ReadonlyArray<number | null>) => xs.reduce<number>((n, x) => n + (x ?? 0), 0);

  before(async () => {
    gw = await startGateway(db, () => ms);
    const acc = ok(await call('POST', '/admin/v1/accounts', { name: 'traffic' })).json<{
      accountId: string;
      apiKey: string;
    }>();
    apiKey = acc.apiKey;
    ok(await call('POST', `/admin/v1/accounts/${acc.accountId}/senders`, { number: sender }));
    ok(await call('PUT', '/sandbox/v1/handsets/01030000009', { fail: { sms: '23003' } }));
  });
  after(() => gw.stop());

  /** The second the instance started in: the `until` of its first reading plus one. */
  let first = 0;

  test('seconds before the instance started are null, not zeros; the second being counted is not answered', async () => {
    const t = await traffic();
    first = t.until + 1;
    assert.equal(t.from, t.until - 899);
    for (const series of [t.accepted, t.delivered, t.failed]) {
      assert.equal(series.length, 900);
      assert.ok(
        series.every((v) => v === null),
        'nothing counted yet: the instance was not running',
      );
    }
    tick();
    const next = await traffic();
    assert.equal(next.until, first, 'the first second is whole now');
    assert.equal(next.accepted.length, 900);
    assert.equal(next.accepted.at(-1), 0, 'a quiet second of a running instance is 0');
    assert.equal(next.accepted.at(-2), null);
    assert.equal(next.accepted.filter((v) => v === null).length, 899);
    // The uptime is counted on the same clock.
    assert.equal((await read()).instance.uptimeSeconds, 1);
  });

  test('accepted, delivered and failed messages land in the second they happened in', async () => {
    const s = first + 1; // the second being counted
    await send(['01030000001', '01030000002', '01030000003']);
    // Still second s: not answered until it is whole.
    assert.equal((await traffic(first)).accepted.length, 0);
    tick();
    await send(['01030000004', '01030000009']);
    tick();
    const t = await traffic(first);
    assert.deepEqual(t, {
      from: s,
      until: s + 1,
      accepted: [3, 2],
      delivered: [3, 1],
      failed: [0, 1],
    });
    // The whole window says the same at its end.
    const whole = await traffic();
    assert.equal(whole.until, s + 1);
    assert.deepEqual(whole.accepted.slice(-3), [0, 3, 2]);
    assert.deepEqual(whole.failed.slice(-3), [0, 0, 1]);
    // The totals agree with the counters of /metrics.
    const o = await read();
    assert.equal(sum(whole.accepted), o.messages.accepted);
    assert.equal(sum(whole.delivered), o.messages.final.delivered);
    assert.equal(sum(whole.failed), o.messages.final.failed);
  });

  test('with trafficSince, only the seconds after it; outside the window, the whole window', async () => {
    const before = await traffic();
    tick(5);
    const after = await traffic(before.until);
    assert.equal(after.from, before.until + 1);
    assert.equal(after.until, before.until + 5);
    assert.deepEqual(after.accepted, [0, 0, 0, 0, 0]);
    // Asked again at the same second: nothing new.
    const none = await traffic(after.until);
    assert.deepEqual(none, {
      from: after.until + 1,
      until: after.until,
      accepted: [],
      delivered: [],
      failed: [],
    });
    // Too old (before the window), ahead of this instance (another's, or an instance that restarted).
    for (const since of [after.until - 900 - 1, after.until + 1, 0]) {
      const whole = await traffic(since);
      assert.equal(whole.from, after.until - 899, `since ${since}`);
      assert.equal(whole.accepted.length, 900);
    }
    // The window's first second minus one is still "the seconds after it": the whole window.
    assert.equal((await traffic(after.until - 900)).from, after.until - 899);
  });

  test('a trafficSince that is not a second is refused with A300, naming it', async () => {
    for (const bad of ['-1', '1.5', 'soon', '', '1e3', '0x10', '100000000000000000000']) {
      const res = await call('GET', `/admin/v1/overview?trafficSince=${bad}`);
      assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
      const body = res.json<{ code: string; result: string }>();
      assert.equal(body.code, 'A300');
      assert.match(body.result, /trafficSince/);
    }
  });

  test('the window stays 15 minutes: older seconds fall out and their slots count anew', async () => {
    const s = first + 1; // 3 accepted then, 2 in the next second
    let t = await traffic();
    // Move on until the second of the 3 is the oldest of the window.
    tick(s - t.from);
    t = await traffic();
    assert.equal(t.from, s);
    assert.deepEqual(t.accepted.slice(0, 2), [3, 2]);
    assert.equal(
      t.accepted.filter((v) => v === null).length,
      0,
      'the instance has run the whole window: no second is marked',
    );
    // One second on: it falls out, and the second now being counted reuses nothing of it.
    tick();
    await send(['01030000005']);
    tick();
    t = await traffic();
    assert.equal(t.from, s + 2);
    assert.equal(t.accepted.length, 900);
    assert.equal(t.accepted.at(-1), 1, 'the new second holds its own message only');
    assert.equal(sum(t.accepted), 1);
    // Long quiet: a jump of more than the window leaves only quiet seconds.
    tick(2000);
    t = await traffic();
    assert.equal(sum(t.accepted) + sum(t.delivered) + sum(t.failed), 0);
    assert.equal(t.accepted.length, 900);
    assert.ok(t.accepted.every((v) => v === 0));
  });
});
