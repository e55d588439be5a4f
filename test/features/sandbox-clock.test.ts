import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { gatewayClock } from '../../src/cli/admin-commands.ts';
import { formatKst, isoKst } from '../../src/clock.ts';
import type { JobHandler } from '../../src/engine/runner.ts';
import { CLOCK_OFFSET_SETTING, getSetting } from '../../src/store/db/settings.ts';
import { claimJobs, enqueueJobs } from '../../src/store/jobs/jobs.ts';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

interface ClockAnswer {
  now: string;
  epochMs: number;
  kind: 'system' | 'manual';
  offsetSeconds: number | null;
}

const clockOf = (t: TestGateway, body?: unknown) =>
  t.request({ method: body === undefined ? 'GET' : 'POST', url: '/sandbox/v1/clock', admin: true, body });

/** Waits for what the API answers to satisfy `ok` (another instance follows the database in a second). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    assert.ok(Date.now() < deadline, `${what}: still ${JSON.stringify(v)}`);
    await delay(20);
  }
}

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

  const clock = (body?: unknown) => clockOf(t, body);

  test('needs the admin token', async () => {
    const res = await t.request({ method: 'GET', url: '/sandbox/v1/clock' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'A401');
  });

  test('GET reads the clock in Korea time; POST advanceSeconds moves it forward', async () => {
    const a = (await clock()).json<ClockAnswer>();
    assert.equal(a.kind, 'manual');
    assert.equal(a.offsetSeconds, null, 'the manual clock has no offset from the system time');
    assert.match(a.now, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/);
    const b = (await clock({ advanceSeconds: 90 })).json<ClockAnswer>();
    assert.equal(b.epochMs - a.epochMs, 90_000);
    assert.equal(t.gw.ctx.clock.now(), b.epochMs);
  });

  test('POST set takes ISO with offset or yyyy-MM-dd HH:mm:ss in Korea time, back included', async () => {
    const iso = (await clock({ set: '2026-12-01T00:00:00Z' })).json();
    assert.equal(iso.epochMs, Date.UTC(2026, 11, 1));
    assert.equal(iso.now, '2026-12-01T09:00:00.000+09:00');
    // Half an hour back: the manual clock goes wherever it is told.
    const kst = (await clock({ set: '2026-12-01 08:30:00' })).json();
    assert.equal(kst.epochMs, Date.UTC(2026, 10, 30, 23, 30));
    // As does an advance of nothing.
    assert.equal((await clock({ advanceSeconds: 0 })).json().epochMs, kst.epochMs);
    assert.equal(await getSetting(t.gw.ctx.store, CLOCK_OFFSET_SETTING), undefined, 'no offset kept');
  });

  test('refuses both, neither, a malformed time, a negative or an absurd advance', async () => {
    for (const body of [
      { advanceSeconds: 1, set: '2026-12-01 08:30:00' },
      {},
      { set: 'tomorrow' },
      { advanceSeconds: -5 },
      { advanceSeconds: 1e20 },
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

/**
 * The system clock, moved by the sandbox: the system time plus an offset the database keeps. Its
 * time passes on its own, so each check brackets the answer between two readings of Date.now().
 */
describeEachDb('sandbox clock on the system clock', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db, { clock: 'system' });
    c = await setupClient(t);
  });
  after(() => t?.close());

  /** A message sent now: its msgKey and the gateway time it was accepted at. */
  let unmoved: { msgKey: string; at: number };
  async function sendOne(to: string, text: string): Promise<{ msgKey: string; at: number }> {
    const at = t.gw.ctx.clock.now();
    const res = await send(t, c, {
      destinations: [{ to }],
      messageFlow: [{ sms: { from: c.sender, text } }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const msgKey: string | undefined = res.json().data.data.destinations[0]?.msgKey;
    assert.ok(msgKey, res.body);
    return { msgKey, at };
  }

  /** The clock answer of `body`, checked to run `offsetMs` ahead of the system time. */
  async function answerAhead(gw: TestGateway, body: unknown, offsetMs: number): Promise<ClockAnswer> {
    const before = Date.now();
    const res = await clockOf(gw, body);
    const afterwards = Date.now();
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json<ClockAnswer>();
    assert.equal(a.kind, 'system');
    assert.equal(a.offsetSeconds, offsetMs / 1000);
    assert.ok(a.epochMs >= before + offsetMs && a.epochMs <= afterwards + offsetMs, JSON.stringify(a));
    return a;
  }

  test('reads the system time, 0 ahead, until moved', async () => {
    await answerAhead(t, undefined, 0);
    assert.equal(await getSetting(t.gw.ctx.store, CLOCK_OFFSET_SETTING), undefined);
    unmoved = await sendOne('01077700003', 'before any move');
  });

  test('advanceSeconds runs it ahead, kept in the database first, seen by every timer at once', async () => {
    await answerAhead(t, { advanceSeconds: 60 }, 60_000);
    await answerAhead(t, { advanceSeconds: 3540 }, 3_600_000);
    assert.equal(await getSetting(t.gw.ctx.store, CLOCK_OFFSET_SETTING), '3600000');
    const before = Date.now();
    const now = t.gw.ctx.clock.now();
    assert.ok(now >= before + 3_600_000 && now <= Date.now() + 3_600_000);
    await answerAhead(t, undefined, 3_600_000);
  });

  test('never back: advanceSeconds 0 or a set before its time is A824; a negative advance A300', async () => {
    const gatewayNow = t.gw.ctx.clock.now();
    for (const body of [
      { advanceSeconds: 0 },
      { set: isoKst(gatewayNow - 60_000) },
      // The system time itself is an hour behind this gateway.
      { set: isoKst(Date.now()) },
      { set: '2020-01-01 00:00:00' },
    ]) {
      const res = await clockOf(t, body);
      assert.equal(res.statusCode, 409, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(res.json().code, 'A824');
      assert.match(res.json().result, /system clock, which moves only forward/);
    }
    const negative = await clockOf(t, { advanceSeconds: -60 });
    assert.equal(negative.statusCode, 400);
    assert.equal(negative.json().code, 'A300');
    await answerAhead(t, undefined, 3_600_000);
  });

  test('set to a later time runs it ahead by the difference', async () => {
    const target = Math.floor(t.gw.ctx.clock.now() / 1000) * 1000 + 2 * 3_600_000;
    const before = Date.now();
    const res = await clockOf(t, { set: formatKst(target) });
    const afterwards = Date.now();
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json<ClockAnswer>();
    const offsetMs = (a.offsetSeconds ?? 0) * 1000;
    assert.ok(offsetMs >= target - afterwards && offsetMs <= target - before, JSON.stringify(a));
    assert.ok(a.epochMs >= target);
    // On to a round offset for the tests below (the set left it a second or less short of 3 h).
    await answerAhead(t, { advanceSeconds: (4 * 3_600_000 - offsetMs) / 1000 }, 4 * 3_600_000);
  });

  test('a reservation an hour ahead fires after advanceSeconds 3600', async () => {
    const phone = '01077700001';
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: phone }],
        messageFlow: [{ sms: { from: c.sender, text: 'an hour later' } }],
        resvSendTime: formatKst(t.gw.ctx.clock.now() + 3_600_000),
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000', res.body);
    const resvKey: string = res.json().data.resvKey;
    const status = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/comm/v1/reservation/resvKey/${resvKey}`,
          apiKey: c.apiKey,
        })
      ).json().data.data.status as string;
    await settle(t);
    assert.equal(await status(), 'PENDING');
    assert.equal((await inbox(t, phone)).length, 0);
    await answerAhead(t, { advanceSeconds: 3600 }, 5 * 3_600_000);
    await until(status, (s) => s === 'DONE', 'the reservation');
    const got = await until(
      () => inbox(t, phone),
      (m) => m.length > 0,
      'the inbox',
    );
    assert.deepEqual(
      got.map((m) => m.text),
      ['an hour later'],
    );
  });

  test('the message search finds what was sent after a move by its gateway times', async () => {
    // Sent 5 h ahead: its msgKey carries the system time, its createdAt the gateway's.
    const { msgKey } = await sendOne('01077700002', 'searched');
    const search = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/admin/v1/messages?${query}`, admin: true });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ messages: Array<{ msgKey: string }> }>().messages.map((m) => m.msgKey);
    };
    const now = t.gw.ctx.clock.now();
    const from = encodeURIComponent(isoKst(now - 5 * 60_000));
    const untilNow = encodeURIComponent(isoKst(now + 60_000));
    assert.ok((await search(`from=${from}`)).includes(msgKey), 'from: the last five minutes');
    assert.ok((await search(`from=${from}&until=${untilNow}`)).includes(msgKey));
    const earlier = encodeURIComponent(isoKst(now - 10 * 60_000));
    assert.ok(!(await search(`until=${earlier}`)).includes(msgKey), 'until: before it was made');
    // The one sent before any move (its createdAt the system time then) is found by its times too.
    const old = encodeURIComponent(isoKst(unmoved.at - 60_000));
    const justAfterOld = encodeURIComponent(isoKst(unmoved.at + 60_000));
    const around = await search(`from=${old}&until=${justAfterOld}`);
    assert.ok(around.includes(unmoved.msgKey) && !around.includes(msgKey), JSON.stringify(around));
    const both = await search(`from=${old}`);
    assert.ok(both.includes(unmoved.msgKey) && both.includes(msgKey), JSON.stringify(both));
  });

  test('the offset survives a restart on the same database; the CLI reads it too', async () => {
    const kept = (await clockOf(t)).json<ClockAnswer>().offsetSeconds ?? 0;
    assert.equal(kept, 5 * 3600);
    await t.close();
    t = await startTestGateway(db, { clock: 'system' });
    await answerAhead(t, undefined, kept * 1000);
    const store = await db.openStore();
    assert.equal((await gatewayClock(store, 'system')).offsetMs, kept * 1000);
    assert.equal((await gatewayClock(store, 'system', false)).offsetMs, 0, 'sandbox off: system time');
    assert.equal((await gatewayClock(store, 'manual')).offsetMs, null);
  });

  test('two gateways on one database agree after a move, and moves at once on both all count', async () => {
    const t2 = await startTestGateway(db, { clock: 'system' });
    try {
      // In whole milliseconds, as kept: after a `set` the seconds have a fraction, which floats round.
      const start = t.gw.ctx.clock.offsetMs ?? 0;
      const msOf = (s: number | null) => Math.round((s ?? 0) * 1000);
      assert.equal(msOf((await clockOf(t2)).json<ClockAnswer>().offsetSeconds), start, 'read at its start');
      await answerAhead(t, { advanceSeconds: 600 }, start + 600_000);
      await until(
        async () => (await clockOf(t2)).json<ClockAnswer>().offsetSeconds,
        (s) => msOf(s) === start + 600_000,
        'the second gateway follows',
      );
      // One move on each at the same moment: neither is lost, and both end at the same time.
      const [a, b] = await Promise.all([
        clockOf(t, { advanceSeconds: 60 }),
        clockOf(t2, { advanceSeconds: 60 }),
      ]);
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(b.statusCode, 200, b.body);
      for (const gw of [t, t2]) {
        await until(
          async () => (await clockOf(gw)).json<ClockAnswer>().offsetSeconds,
          (s) => msOf(s) === start + 720_000,
          'both moves count',
        );
      }
      // A set on the one behind can't set the shared clock back: refused, and it follows.
      const ahead = t.gw.ctx.clock.now();
      await answerAhead(t, { advanceSeconds: 3600 }, start + 4_320_000);
      // Whether or not it has followed yet: refused by its own clock, or by the one the database keeps.
      const stale = await clockOf(t2, { set: isoKst(ahead + 600_000) });
      assert.equal(stale.statusCode, 409, stale.body);
      assert.equal(stale.json().code, 'A824');
      assert.equal(t2.gw.ctx.clock.offsetMs, start + 4_320_000, 'and it follows at once');
      assert.equal(await getSetting(t.gw.ctx.store, CLOCK_OFFSET_SETTING), String(start + 4_320_000));
    } finally {
      await t2.close();
    }
  });

  test('a move lengthens the leases of work under way: no other instance takes it for run out', async () => {
    const { store } = t.gw.ctx;
    const now = t.gw.ctx.clock.now();
    // A job another instance holds (its worker id is nobody here), under a live lease.
    await enqueueJobs(store.db, [{ kind: 'test.elsewhere', payload: {}, runAt: now }], now);
    const held = await claimJobs(store, ['test.elsewhere'], 'other-instance', now, now + 30_000, 1);
    assert.equal(held.length, 1);
    const leaseOf = async () =>
      Number(
        (
          await store.db
            .selectFrom('jobs')
            .select('locked_until')
            .where('id', '=', held[0]?.id ?? 0)
            .executeTakeFirstOrThrow()
        ).locked_until,
      );
    const before = await leaseOf();
    assert.equal((await clockOf(t, { advanceSeconds: 3600 })).statusCode, 200);
    assert.equal(await leaseOf(), before + 3_600_000);
    const after = t.gw.ctx.clock.now();
    assert.deepEqual(
      await claimJobs(store, ['test.elsewhere'], 'this-instance', after, after + 30_000, 1),
      [],
      'not taken over',
    );
    await store.db.deleteFrom('jobs').where('kind', '=', 'test.elsewhere').execute();
  });

  test('a gateway run ahead signs its webhooks with the system time, which receivers check', async () => {
    const stamps: number[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        stamps.push(Number(req.headers['x-svc-timestamp']));
        const { msgKey } = JSON.parse(body) as { msgKey: string };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msgKey }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const admin = (method: 'PUT', url: string, body: unknown) =>
        t.request({ method, url: `/admin/v1/accounts/${c.accountId}${url}`, admin: true, body });
      assert.equal(
        (
          await admin('PUT', '/webhook', {
            url: `http://127.0.0.1:${port}/hook`,
            secret: 'signing-secret-01',
          })
        ).statusCode,
        200,
      );
      assert.equal((await admin('PUT', '/report-mode', { mode: 'webhook' })).statusCode, 200);
      assert.equal((await clockOf(t, { advanceSeconds: 86_400 })).statusCode, 200);
      assert.ok((t.gw.ctx.clock.offsetMs ?? 0) >= 86_400_000);
      const before = Date.now();
      await sendOne('01077700009', 'signed now, not tomorrow');
      await until(
        async () => stamps.length,
        (n) => n > 0,
        'the report posted',
      );
      const [stamp = 0] = stamps;
      assert.ok(stamp >= before - 1000 && stamp <= Date.now() + 1000, `stamp ${stamp}, system ${Date.now()}`);
    } finally {
      receiver.close();
      await t.request({
        method: 'PUT',
        url: `/admin/v1/accounts/${c.accountId}/report-mode`,
        admin: true,
        body: { mode: 'polling' },
      });
    }
  });

  test('with the sandbox off the gateway runs on the system time, whatever offset was kept', async () => {
    const off = await startTestGateway(db, { clock: 'system', env: { OMNIGATE_SANDBOX: 'false' } });
    try {
      assert.equal(off.gw.ctx.clock.offsetMs, 0);
      const res = await off.request({ method: 'GET', url: '/sandbox/v1/clock', admin: true });
      assert.equal(res.statusCode, 404);
    } finally {
      await off.close();
    }
  });
});
