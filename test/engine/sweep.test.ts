import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { claimDueMessages } from '../../src/store/messages/queue.ts';
import { advance, type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * The safety nets under "an accepted message is never lost": a message is its own queue entry, so
 * one an engine claimed and never finished (it died) is due again when the claim's lease runs
 * out; one with no due time at all (a row an older version left) is made due by the sweep.
 */
describeEachDb('engine sweep', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db, { start: false });
    c = await setupClient(t);
  });
  after(() => t.close());

  async function accept(to: string, text: string): Promise<void> {
    const res = await send(t, c, {
      destinations: [{ to }],
      messageFlow: [{ sms: { from: c.sender, text } }],
    });
    assert.equal(res.json().data.data.destinations[0].code, 'A000');
  }

  test('a message an engine claimed and died with is sent once its lease runs out, once', async () => {
    await accept('01077770001', 'claimed');
    const { store, clock } = t.gw.ctx;
    const lease = t.gw.ctx.config.jobLeaseMs;
    // Another engine claims it and dies before its pass commits.
    const taken = await claimDueMessages(store, clock.now(), clock.now() + lease, 10);
    assert.equal(taken.length, 1);
    t.gw.start();
    await settle(t);
    assert.equal((await inbox(t, '01077770001')).length, 0, 'the claim holds');
    await advance(t, lease / 1000 - 1);
    assert.equal((await inbox(t, '01077770001')).length, 0, 'until its lease runs out');
    await advance(t, 1);
    assert.deepEqual(
      (await inbox(t, '01077770001')).map((m) => m.text),
      ['claimed'],
    );
    await advance(t, 120);
    assert.equal((await inbox(t, '01077770001')).length, 1);
  });

  test('a queued message with no due time is made due by the sweep, and sent once', async () => {
    await t.gw.runner?.stop();
    await t.close();
    t = await startTestGateway(db, { start: false });
    c = await setupClient(t);
    await accept('01077770002', 'orphan');
    // As an older version left it: queued, with no due time (its dispatch job gone).
    await t.gw.ctx.store.db
      .updateTable('messages')
      .set({ next_at: null })
      .where('status', '=', 'queued')
      .execute();
    t.gw.start();
    await settle(t);
    assert.equal((await inbox(t, '01077770002')).length, 0);
    await advance(t, 11 * 60);
    await advance(t, 60);
    const got = await inbox(t, '01077770002');
    assert.deepEqual(
      got.map((m) => m.text),
      ['orphan'],
    );
    await advance(t, 120);
    assert.equal((await inbox(t, '01077770002')).length, 1);
  });
});
