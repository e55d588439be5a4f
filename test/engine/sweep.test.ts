import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { advance, type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

describeEachDb('engine sweep', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db, { start: false });
    c = await setupClient(t);
  });
  after(() => t.close());

  test('a queued message whose job is gone is sent by the sweep, once', async () => {
    const res = await send(t, c, {
      destinations: [{ to: '01077778888' }],
      messageFlow: [{ sms: { from: c.sender, text: 'orphan' } }],
    });
    assert.equal(res.json().data.data.destinations[0].code, 'A000');
    // The dispatch job is lost (as if it had died after its last attempt).
    await t.gw.ctx.store.db.deleteFrom('jobs').where('kind', '=', 'dispatch').execute();
    t.gw.start();
    await settle(t);
    assert.equal((await inbox(t, '01077778888')).length, 0);
    await advance(t, 11 * 60);
    await advance(t, 60);
    const got = await inbox(t, '01077778888');
    assert.equal(got.length, 1);
    assert.equal(got[0]?.text, 'orphan');
    await advance(t, 120);
    assert.equal((await inbox(t, '01077778888')).length, 1);
  });
});
