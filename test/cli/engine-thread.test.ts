import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess, threadNices } from '../helpers/process.ts';
import { call, json, readDelivered, TOKEN } from './engine-thread-helpers.ts';

// The webhook and SMPP cases are in engine-thread-webhook.test.ts and engine-thread-smpp.test.ts:
// each file of `omnigate serve` processes stays well inside the runner's per-file limit on a
// loaded CI machine.

/**
 * `omnigate serve` with its defaults runs the engine in a thread of its own: what the engine does
 * there is what a client and an operator see from the serving thread, as with one event loop.
 */
describeEachDb('omnigate serve: the engine in its own thread', (db) => {
  test('sends are delivered and reported, the metrics count them, and the manual clock fires reservations', {
    timeout: 120_000,
  }, async () => {
    // Makes the suite's schema on PostgreSQL (the process only connects to it).
    await (await db.openStore()).close();
    const s = await serveProcess({
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data-thread'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      OMNIGATE_CLOCK: 'manual',
      // The default, whatever the environment running the suite says.
      OMNIGATE_ENGINE_NICE: '',
      LOG_LEVEL: 'warn',
    });
    try {
      assert.match(s.output(), /"role":"all"/);
      // The process and its thread run the build (dist/), with no fallback to speak of.
      assert.doesNotMatch(s.output(), /could not bundle the sources/);
      assert.doesNotMatch(s.output(), /could not bundle the engine thread/);
      // The engine's thread yields the cores to the serving thread (OMNIGATE_ENGINE_NICE: 19),
      // seen where a thread has its own nice value and this test runs below 19.
      const base = process.platform === 'linux' ? threadNices(process.pid).get(process.pid) : undefined;
      if (base !== undefined && base < 19) {
        const nices = threadNices(s.child.pid ?? 0);
        assert.equal(nices.get(s.child.pid ?? 0), base, 'the serving thread keeps its priority');
        assert.equal([...nices.values()].filter((n) => n === 19).length, 1, JSON.stringify([...nices]));
      }
      const admin = `Bearer ${TOKEN}`;
      const acc = json((await call(s.base, 'POST', '/admin/v1/accounts', admin, { name: 'thread' })).text);
      await call(s.base, 'POST', `/admin/v1/accounts/${acc.accountId}/senders`, admin, {
        number: '0212345678',
      });
      await call(s.base, 'POST', '/sandbox/v1/clock', admin, { set: '2026-11-25 10:00:00' });
      const sent = await call(s.base, 'POST', '/api/comm/v1/send/omni', acc.apiKey, {
        destinations: Array.from({ length: 200 }, (_, i) => ({ to: `010${20_000_000 + i}` })),
        messageFlow: [{ sms: { from: '0212345678', text: 'hello' } }],
      });
      assert.equal(sent.status, 200, sent.text);
      // Every report, read and acknowledged as a client does.
      const deadline = Date.now() + 60_000;
      await readDelivered(s.base, acc.apiKey, 200, deadline);
      // The engine's events reach this thread's counters: as messages after its commits, so the
      // counters may trail the reports a client has already read (the more so as the engine's
      // thread runs at a lower priority).
      for (;;) {
        const metrics = (await call(s.base, 'GET', '/metrics', admin)).text;
        const final = /omnigate_messages_final_total\{status="delivered"\} (\d+)/.exec(metrics)?.[1];
        assert.ok(Date.now() < deadline, `the metrics counted ${final ?? 'no'} final deliveries of 200`);
        assert.match(metrics, /omnigate_messages_accepted_total 200/);
        // The engine's store counts reach this thread's /metrics too: this thread inserted the
        // request and its 200 messages (and the account's few rows); the engine the attempt, the
        // handset's inbox row and the report of each message.
        const inserted = /omnigate_store_rows_total\{change="inserted"\} (\d+)/.exec(metrics)?.[1];
        if (final === '200' && Number(inserted) >= 800) break;
        // A pause between reads: the serving thread is the one the engine's events wait for.
        await delay(20);
      }

      // A reservation fires when the clock, moved through the serving thread, reaches it.
      const resv = await call(s.base, 'POST', '/api/comm/v1/reservation', acc.apiKey, {
        destinations: [{ to: '01020009999' }],
        messageFlow: [{ sms: { from: '0212345678', text: 'later' } }],
        resvSendTime: '2026-11-25 12:00:00',
      });
      assert.equal(json(resv.text).data.code, 'A000', resv.text);
      await call(s.base, 'POST', '/sandbox/v1/clock', admin, { advanceSeconds: 3 * 3600 });
      for (;;) {
        assert.ok(Date.now() < deadline, 'the reservation did not fire');
        const inbox = json((await call(s.base, 'GET', '/sandbox/v1/handsets/01020009999/inbox', admin)).text);
        if (JSON.stringify(inbox).includes('later')) break;
      }
    } finally {
      s.child.kill('SIGTERM');
      assert.equal(await s.exit, 0, s.output());
    }
  });
});

test('OMNIGATE_ENGINE_NICE=0 leaves the engine thread at the priority of the serving thread', {
  skip: process.platform !== 'linux',
  timeout: 60_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-nice-'));
  const s = await serveProcess({
    DATABASE_URL: '',
    OMNIGATE_DATA_DIR: dir,
    OMNIGATE_ADMIN_TOKEN: TOKEN,
    OMNIGATE_ENGINE_NICE: '0',
    LOG_LEVEL: 'warn',
  });
  try {
    // The engine thread is up once the process listens (startEngineThread waits for it).
    const base = threadNices(process.pid).get(process.pid);
    const nices = [...threadNices(s.child.pid ?? 0).values()];
    assert.ok(nices.length > 1, 'the process runs threads');
    assert.deepEqual(
      nices.filter((n) => n !== base),
      [],
    );
  } finally {
    s.child.kill('SIGTERM');
    assert.equal(await s.exit, 0, s.output());
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an in-memory SQLite database keeps the engine on the serving thread, and delivers', {
  timeout: 60_000,
}, async () => {
  const s = await serveProcess({
    DATABASE_URL: 'sqlite::memory:',
    OMNIGATE_ADMIN_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
  });
  try {
    const admin = `Bearer ${TOKEN}`;
    const acc = json((await call(s.base, 'POST', '/admin/v1/accounts', admin, { name: 'memory' })).text);
    await call(s.base, 'POST', `/admin/v1/accounts/${acc.accountId}/senders`, admin, {
      number: '0212345678',
    });
    const sent = await call(s.base, 'POST', '/api/comm/v1/send/omni', acc.apiKey, {
      destinations: [{ to: '01020001111' }],
      messageFlow: [{ sms: { from: '0212345678', text: 'kept in memory' } }],
    });
    assert.equal(sent.status, 200, sent.text);
    const deadline = Date.now() + 30_000;
    for (;;) {
      assert.ok(Date.now() < deadline, 'no report came');
      const poll = json((await call(s.base, 'GET', '/api/comm/v1/report/polling', acc.apiKey)).text);
      if (poll.data.data.report) {
        assert.equal(poll.data.data.report[0].reportCode, '10000');
        break;
      }
    }
  } finally {
    s.child.kill('SIGTERM');
    assert.equal(await s.exit, 0, s.output());
  }
});
