import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { countMessages } from '../../src/store/messages.ts';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/* sendPerSecond: an account's limit on recipients a second (operator API), answered A020 / 429. */

describeEachDb('send rules: recipients per second', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'limited');
  });
  after(() => t.close());

  test('A020 (HTTP 429): a request with more recipients than sendPerSecond allows', async () => {
    const put = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/limits`,
      admin: true,
      body: { sendPerSecond: 3 },
    });
    assert.equal(put.statusCode, 200, put.body);
    const messageFlow = [{ sms: { from: c.sender, text: 'rate' } }];
    const four = ['01070000001', '01070000002', '01070000003', '01070000004'].map((to) => ({ to }));
    const res = await send(t, c, { destinations: four, messageFlow });
    assert.equal(res.statusCode, 429, res.body);
    assert.equal(res.json().data.code, 'A020');
    assert.match(res.json().data.result, /3 recipients per second/);
    assert.deepEqual(await countMessages(t.gw.ctx.store), {}, 'nothing was accepted');
    // The refused request took nothing: three recipients still fit.
    const three = await send(t, c, { destinations: four.slice(0, 3), messageFlow });
    assert.equal(three.statusCode, 200, three.body);
    assert.equal(three.json().data.code, 'A000');
  });
});
