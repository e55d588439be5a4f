import { after, before, test } from 'node:test';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { messageOf, phones, poll, reportsOf, sendAll, setClock, sms } from './delivery-helpers.ts';

describeEachDb('probe', (db) => {
  let t: TestGateway;
  const phone = phones('75');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
  });
  after(() => t.close());
  test('x', async () => {
    const c: Client = await setupClient(t, 'poller');
    const keys = await sendAll(t, c, [phone(), phone(), phone()], [sms(c, 'poll me')]);
    await settle(t);
    console.log(
      JSON.stringify(await t.gw.ctx.store.db.selectFrom('jobs').selectAll().execute()),
      t.gw.ctx.clock.now(),
      Date.now(),
    );
    console.log(
      JSON.stringify(await messageOf(t, c, keys[0]!)),
      JSON.stringify(await reportsOf(t, c, keys[0]!)),
      JSON.stringify(await poll(t, c)),
    );
  });
});
