import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Receiver } from '../features/mo-helpers.ts';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';
import { call, json, TOKEN } from './engine-thread-helpers.ts';

describeEachDb('omnigate serve: webhook reports from the engine thread', (db) => {
  test('every report is posted once, and each post reaches /metrics as a completed job', {
    timeout: 120_000,
  }, async () => {
    await (await db.openStore()).close();
    const receiver = new Receiver('engine-thread-webhook-secret');
    const url = await receiver.start();
    const s = await serveProcess({
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data-thread-webhook'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      // What is tested is the events' way across threads, not the engine's lower priority (engine-thread.test.ts
      // tests that): at nice 19 on a CI machine running four test files at once the
      // engine's thread starved long enough for a post's lease to run out (lease_lost).
      OMNIGATE_ENGINE_NICE: '0',
      OMNIGATE_JOB_LEASE_MS: '120000',
    });
    try {
      const admin = `Bearer ${TOKEN}`;
      const acc = json((await call(s.base, 'POST', '/admin/v1/accounts', admin, { name: 'hooks' })).text);
      const accUrl = `/admin/v1/accounts/${acc.accountId}`;
      await call(s.base, 'POST', `${accUrl}/senders`, admin, { number: '0212345678' });
      const hook = await call(s.base, 'PUT', `${accUrl}/webhook`, admin, { url, secret: receiver.secret });
      assert.equal(hook.status, 200, hook.text);
      const mode = await call(s.base, 'PUT', `${accUrl}/report-mode`, admin, { mode: 'webhook' });
      assert.equal(mode.status, 200, mode.text);
      const sent = await call(s.base, 'POST', '/api/comm/v1/send/omni', acc.apiKey, {
        destinations: Array.from({ length: 200 }, (_, i) => ({ to: `010${30_000_000 + i}` })),
        messageFlow: [{ sms: { from: '0212345678', text: 'hooked' } }],
      });
      assert.equal(sent.status, 200, sent.text);
      const keys = new Set<string>(
        json(sent.text).data.data.destinations.map((r: { msgKey: string }) => r.msgKey),
      );
      assert.equal(keys.size, 200);
      const deadline = Date.now() + 60_000;
      while (receiver.received.filter((r) => r.acknowledged).length < 200) {
        assert.ok(Date.now() < deadline, `only ${receiver.received.length} of 200 reports were posted`);
        await delay(20);
      }
      // Each report once, signed, with the code of a delivery.
      const posted = receiver.received.map((r) => String(r.body.msgKey));
      assert.deepEqual(new Set(posted), keys);
      assert.equal(posted.length, 200, 'a report was posted twice');
      assert.ok(receiver.received.every((r) => r.signatureValid && r.body.reportCode === '10000'));
      // The engine's thread sends its events a turn's worth at a time; none is lost on the way.
      for (;;) {
        const metrics = (await call(s.base, 'GET', '/metrics', admin)).text;
        const done = /omnigate_jobs_total\{kind="report.webhook",outcome="completed"\} (\d+)/.exec(
          metrics,
        )?.[1];
        assert.ok(Date.now() < deadline, `the metrics counted ${done ?? 'no'} completed report posts of 200`);
        const outcomes = metrics
          .split('\n')
          .filter((l) => l.startsWith('omnigate_jobs_total{kind="report.webhook"'));
        assert.ok(
          !outcomes.some((l) => /outcome="(failed|lease_lost)"/.test(l)),
          `report posts that failed or lost their lease: ${outcomes.join('; ')}`,
        );
        if (done === '200') break;
        await delay(20);
      }
    } finally {
      s.child.kill('SIGTERM');
      await receiver.stop();
      assert.equal(await s.exit, 0, s.output());
    }
  });
});
