import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { RETENTION_JOB } from '../../src/engine/retention.ts';
import { type Client, inbox, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  advanceDays,
  holdPurgeJob,
  releasePurgeJob,
  rowCount,
  sendTo,
  settleAll,
} from './retention-helpers.ts';

/*
 * The purge job deletes in batches of OMNIGATE_RETENTION_BATCH records, a run's share at a time,
 * running again at once while more is due, and the gateway goes on accepting and delivering.
 */
describeEachDb('retention: the purge job works in batches', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_RETENTION_BATCH: '2' } });
    c = await setupClient(t);
  });
  after(() => t.close());

  test('250 old messages in batches of 2 over successive runs, while sends go on', async () => {
    await holdPurgeJob(t);
    const numbers = Array.from({ length: 250 }, (_, i) => `0107${String(i).padStart(7, '0')}`);
    const old = [...(await sendTo(t, c, numbers.slice(0, 200))), ...(await sendTo(t, c, numbers.slice(200)))];
    await settleAll(t);
    await advanceDays(t, 91);
    assert.equal(await rowCount(t, 'messages', 'msg_key', old), 250);

    const batches: number[] = [];
    const runs: number[] = [];
    const offs = [
      t.gw.ctx.events.on('retention.purged', (e) => {
        if (e.kind === 'messages') batches.push(performance.now());
      }),
      t.gw.ctx.events.on('job.rescheduled', (e) => {
        if (e.kind === RETENTION_JOB) runs.push(e.runAt);
      }),
    ];
    try {
      await releasePurgeJob(t);
      t.gw.ctx.workAdded();
      // Sends while the purge runs: each answered at once, not after the purge.
      while (batches.length === 0) await new Promise((r) => setImmediate(r));
      const answered: number[] = [];
      const fresh: string[] = [];
      for (let i = 0; i < 3; i++) {
        fresh.push(...(await sendTo(t, c, [`0106000000${i}`], 'during the purge')));
        answered.push(performance.now());
      }
      await settleAll(t);
      const purgeEnded = batches.at(-1) ?? 0;
      assert.ok(
        answered.some((at) => at < purgeEnded),
        'a send was answered while the purge was still deleting',
      );
      assert.ok(batches.length >= 125, `${batches.length} batches of 2 messages`);
      // Runs of at most 100 batches: again at once (the clock has not moved) while more was due.
      const now = t.gw.ctx.clock.now();
      assert.ok(runs.filter((at) => at === now).length >= 1, 'a run handed over to the next at once');
      assert.ok(
        runs.some((at) => at > now),
        'the last run waits for the next hour',
      );
      assert.equal(await rowCount(t, 'messages', 'msg_key', old), 0);
      assert.equal(await rowCount(t, 'message_attempts', 'msg_key', old), 0);
      assert.equal(await rowCount(t, 'reports', 'msg_key', old), 0);
      assert.equal(await rowCount(t, 'messages', 'msg_key', fresh), 3);
      for (let i = 0; i < 3; i++) {
        assert.equal((await inbox(t, `0106000000${i}`)).length, 1, 'sent during the purge, delivered');
      }
    } finally {
      for (const off of offs) off();
    }

    const metrics = await t.request({ method: 'GET', url: '/metrics' });
    assert.match(
      metrics.body,
      /omnigate_retention_purged_rows_total\{kind="messages",table="messages"\} 250/,
    );
    assert.match(
      metrics.body,
      /omnigate_retention_purged_rows_total\{kind="messages",table="send_requests"\} 2/,
    );
  });
});
