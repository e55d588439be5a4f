import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { connectorsFile } from '../connectors/smpp-helpers.ts';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';
import { SmscSimulator } from '../helpers/smsc.ts';
import { call, json, readDelivered, TOKEN } from './engine-thread-helpers.ts';

describeEachDb('omnigate serve: SMPP connectors in the engine thread', (db) => {
  test("SMS go out over the thread's bind, receipts settle them, /metrics shows the bind and its window", {
    timeout: 120_000,
  }, async () => {
    await (await db.openStore()).close();
    const smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret', receipts: true });
    const s = await serveProcess({
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data-smpp-thread'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      OMNIGATE_CONNECTORS: connectorsFile(db, smsc, { window: 10 }),
      LOG_LEVEL: 'warn',
    });
    try {
      const admin = `Bearer ${TOKEN}`;
      const acc = json((await call(s.base, 'POST', '/admin/v1/accounts', admin, { name: 'smpp' })).text);
      await call(s.base, 'POST', `/admin/v1/accounts/${acc.accountId}/senders`, admin, {
        number: '0212345678',
      });
      const deadline = Date.now() + 60_000;
      // The bind is the thread's; its state reaches this thread's /metrics.
      for (;;) {
        assert.ok(Date.now() < deadline, 'the bind never showed as bound');
        const m = (await call(s.base, 'GET', '/metrics', admin)).text;
        if (/omnigate_connector_binds\{connector="smsc",state="bound"\} 1/.test(m)) break;
      }
      const sent = await call(s.base, 'POST', '/api/comm/v1/send/omni', acc.apiKey, {
        destinations: Array.from({ length: 50 }, (_, i) => ({ to: `010${30_000_000 + i}` })),
        messageFlow: [{ sms: { from: '0212345678', text: 'over SMPP' } }],
      });
      assert.equal(sent.status, 200, sent.text);
      await readDelivered(s.base, acc.apiKey, 50, deadline);
      assert.equal(smsc.submitted.length, 50, 'each message submitted once');
      // The window's counters come from the thread too (sent every 200 ms).
      for (;;) {
        assert.ok(Date.now() < deadline, 'the window counters never reached 50 answers');
        const m = (await call(s.base, 'GET', '/metrics', admin)).text;
        const answers = /omnigate_connector_submit_answers_total\{connector="smsc"\} (\d+)/.exec(m)?.[1];
        if (answers === '50') {
          assert.match(m, /omnigate_connector_window_held_seconds_total\{connector="smsc"\} [0-9.e-]+/);
          break;
        }
      }
    } finally {
      s.child.kill('SIGTERM');
      assert.equal(await s.exit, 0, s.output());
      await smsc.close();
    }
  });
});
