import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { formatKst } from '../../src/clock.ts';
import { describeEachDb } from '../helpers/db.ts';
import { type Served, serveProcess } from '../helpers/process.ts';
import { call, json, TOKEN } from './engine-thread-helpers.ts';

const admin = `Bearer ${TOKEN}`;
const SENDER = '0212345678';

/** What a handset's inbox holds, waited for until `ok` (the engine's thread delivers). */
async function inboxWhen(s: Served, phone: string, ok: (texts: string[]) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const box = json((await call(s.base, 'GET', `/sandbox/v1/handsets/${phone}/inbox`, admin)).text);
    const messages: Array<{ text: string; receivedAt: string }> = box.messages;
    if (ok(messages.map((m) => m.text))) return messages;
    assert.ok(Date.now() < deadline, `inbox of ${phone}: ${JSON.stringify(messages)}`);
    await delay(20);
  }
}

/**
 * `omnigate serve` on the system clock moved by the sandbox: the move is made by the serving
 * thread, and the engine's thread (which fires reservations and stamps deliveries) runs as far
 * ahead, told at once, and reads the offset from the database when it starts.
 */
describeEachDb('omnigate serve: the system clock moved, with the engine in its own thread', (db) => {
  test('a reservation an hour ahead fires after +1 h; after a restart deliveries keep the gateway time', {
    timeout: 180_000,
  }, async () => {
    await (await db.openStore()).close();
    const env = {
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data-thread-clock'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      OMNIGATE_CLOCK: 'system',
      LOG_LEVEL: 'warn',
    };
    let s = await serveProcess(env);
    let apiKey = '';
    try {
      const acc = json((await call(s.base, 'POST', '/admin/v1/accounts', admin, { name: 'clock' })).text);
      apiKey = acc.apiKey;
      await call(s.base, 'POST', `/admin/v1/accounts/${acc.accountId}/senders`, admin, { number: SENDER });
      const clock = json((await call(s.base, 'GET', '/sandbox/v1/clock', admin)).text);
      assert.equal(clock.kind, 'system');
      assert.equal(clock.offsetSeconds, 0);
      const resv = await call(s.base, 'POST', '/api/comm/v1/reservation', apiKey, {
        destinations: [{ to: '01020008888' }],
        messageFlow: [{ sms: { from: SENDER, text: 'an hour later' } }],
        resvSendTime: formatKst(clock.epochMs + 3_600_000),
      });
      const resvKey = json(resv.text).data.resvKey;
      assert.ok(resvKey, resv.text);
      const status = async () =>
        json((await call(s.base, 'GET', `/api/comm/v1/reservation/resvKey/${resvKey}`, apiKey)).text).data
          .data.status;
      assert.equal(await status(), 'PENDING');
      const moved = await call(s.base, 'POST', '/sandbox/v1/clock', admin, { advanceSeconds: 3600 });
      assert.equal(moved.status, 200, moved.text);
      assert.equal(json(moved.text).offsetSeconds, 3600);
      await inboxWhen(s, '01020008888', (texts) => texts.includes('an hour later'));
      // The reservation is DONE once its messages are final, a moment after the delivery shows.
      const deadline = Date.now() + 30_000;
      for (let now = await status(); now !== 'DONE'; now = await status()) {
        assert.ok(Date.now() < deadline, `reservation still ${now}`);
        await delay(20);
      }
    } finally {
      s.child.kill('SIGTERM');
      assert.equal(await s.exit, 0, s.output());
    }

    s = await serveProcess(env);
    try {
      const clock = json((await call(s.base, 'GET', '/sandbox/v1/clock', admin)).text);
      assert.equal(clock.offsetSeconds, 3600, 'kept across the restart');
      const before = Date.now();
      const sent = await call(s.base, 'POST', '/api/comm/v1/send/omni', apiKey, {
        destinations: [{ to: '01020007777' }],
        messageFlow: [{ sms: { from: SENDER, text: 'after the restart' } }],
      });
      assert.equal(sent.status, 200, sent.text);
      const [got] = await inboxWhen(s, '01020007777', (texts) => texts.length > 0);
      // Stamped by the engine's thread on its own clock, read from the database at its start.
      const receivedAt = Date.parse(got?.receivedAt ?? '');
      assert.ok(receivedAt >= before + 3_600_000 - 1000, `received at ${got?.receivedAt}`);
    } finally {
      s.child.kill('SIGTERM');
      assert.equal(await s.exit, 0, s.output());
    }
  });
});
