import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { countMessages } from '../../src/store/messages/messages.ts';
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

  test('A020 (HTTP 429) once the recipients of the last second use up sendPerSecond', async () => {
    const put = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/limits`,
      admin: true,
      body: { sendPerSecond: 3 },
    });
    assert.equal(put.statusCode, 200, put.body);
    const messageFlow = [{ sms: { from: c.sender, text: 'rate' } }];
    const to = (n: number) => ({ to: `0107000000${n}` });
    const two = await send(t, c, { destinations: [to(1), to(2)], messageFlow });
    assert.equal(two.statusCode, 200, two.body);
    const one = await send(t, c, { destinations: [to(3)], messageFlow });
    assert.equal(one.statusCode, 200, one.body);
    const over = await send(t, c, { destinations: [to(4)], messageFlow });
    assert.equal(over.statusCode, 429, over.body);
    assert.equal(over.json().data.code, 'A020');
    assert.match(over.json().data.result, /3 recipients per second/);
    // A third of a second until one token is back: Retry-After counts whole seconds.
    assert.equal(over.headers['retry-after'], '1');
    const counts = await countMessages(t.gw.ctx.store);
    const stored = Object.values(counts).reduce((a, n) => a + n, 0);
    assert.equal(stored, 3, 'the refused recipient was not accepted');
  });

  test('a request larger than a second of the limit passes on a full bucket and leaves it in debt', async () => {
    const other = await setupClient(t, 'big');
    await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${other.accountId}/limits`,
      admin: true,
      body: { sendPerSecond: 2 },
    });
    const messageFlow = [{ sms: { from: other.sender, text: 'rate' } }];
    const five = ['01071000001', '01071000002', '01071000003', '01071000004', '01071000005'].map((x) => ({
      to: x,
    }));
    const big = await send(t, other, { destinations: five, messageFlow });
    assert.equal(big.statusCode, 200, big.body);
    const next = await send(t, other, { destinations: [{ to: '01071000006' }], messageFlow });
    assert.equal(next.statusCode, 429, next.body);
    // 3 tokens in debt, 1 wanted, 2 a second: the client must wait 2 s, and is told so.
    assert.equal(next.headers['retry-after'], '2');
  });
});
