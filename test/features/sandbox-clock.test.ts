import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { JobHandler } from '../../src/engine/runner.ts';
import { enqueueJobs } from '../../src/store/jobs/jobs.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

describeEachDb('sandbox clock', (db) => {
  let t: TestGateway;
  const ran: number[] = [];
  const handlers = new Map<string, JobHandler>([
    [
      'test.tick',
      async () => {
        ran.push(t.gw.ctx.clock.now());
        return undefined;
      },
    ],
  ]);
  before(async () => {
    t = await startTestGateway(db, { clock: 'manual', handlers });
  });
  after(() => t.close());

  const clock = (body?: unknown) =>
    t.request({ method: body === undefined ? 'GET' : 'POST', url: '/sandbox/v1/clock', admin: true, body });

  test('needs the admin token', async () => {
    const res = await t.request({ method: 'GET', url: '/sandbox/v1/clock' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'A401');
  });

  test('GET reads the clock in Korea time; POST advanceSeconds moves it forward', async () => {
    const a = (await clock()).json();
    assert.equal(a.kind, 'manual');
    assert.match(a.now, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/);
    const b = (await clock({ advanceSeconds: 90 })).json();
    assert.equal(b.epochMs - a.epochMs, 90_000);
    assert.equal(t.gw.ctx.clock.now(), b.epochMs);
  });

  test('POST set takes ISO with offset or yyyy-MM-dd HH:mm:ss in Korea time', async () => {
    const iso = (await clock({ set: '2026-12-01T00:00:00Z' })).json();
    assert.equal(iso.epochMs, Date.UTC(2026, 11, 1));
    assert.equal(iso.now, '2026-12-01T09:00:00.000+09:00');
    const kst = (await clock({ set: '2026-12-01 08:30:00' })).json();
    assert.equal(kst.epochMs, Date.UTC(2026, 10, 30, 23, 30));
  });

  test('refuses both, neither, a malformed time and a negative advance', async () => {
    for (const body of [
      { advanceSeconds: 1, set: '2026-12-01 08:30:00' },
      {},
      { set: 'tomorrow' },
      { advanceSeconds: -5 },
    ]) {
      const res = await clock(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().code, 'A300');
    }
  });

  test('jobs that become due run promptly after the clock moves, and not before', async () => {
    const now = t.gw.ctx.clock.now();
    await enqueueJobs(t.gw.ctx.store.db, [{ kind: 'test.tick', payload: {}, runAt: now + 60_000 }], now);
    await t.gw.runner?.whenIdle();
    assert.equal(ran.length, 0);
    await clock({ advanceSeconds: 59 });
    await t.gw.runner?.whenIdle();
    assert.equal(ran.length, 0);
    await clock({ advanceSeconds: 1 });
    await t.gw.runner?.whenIdle();
    assert.deepEqual(ran, [now + 60_000]);
  });

  test('the manual clock survives a restart', async () => {
    const before = (await clock({ set: '2027-01-02 03:04:05' })).json();
    await t.close();
    t = await startTestGateway(db, { clock: 'manual', handlers });
    const afterRestart = (await clock()).json();
    assert.equal(afterRestart.epochMs, before.epochMs);
  });
});

describeEachDb('sandbox clock on the system clock, and sandbox off', (db) => {
  test('moving the system clock is refused with A824; with the sandbox off /sandbox/v1 is 404', async () => {
    const sys = await startTestGateway(db, { clock: 'system' });
    try {
      const res = await sys.request({
        method: 'POST',
        url: '/sandbox/v1/clock',
        admin: true,
        body: { advanceSeconds: 1 },
      });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'A824');
      assert.equal(
        (await sys.request({ method: 'GET', url: '/sandbox/v1/clock', admin: true })).json().kind,
        'system',
      );
    } finally {
      await sys.close();
    }
    const off = await startTestGateway(db, { env: { OMNIGATE_SANDBOX: 'false' } });
    try {
      const res = await off.request({ method: 'GET', url: '/sandbox/v1/clock', admin: true });
      assert.equal(res.statusCode, 404);
    } finally {
      await off.close();
    }
  });
});
