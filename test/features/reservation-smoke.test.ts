import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatKst } from '../../src/clock.ts';
import { advance, type Client, inbox, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

describeEachDb('reservation: fires at its minute', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db);
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-12-01 10:00:00' },
    });
    c = await setupClient(t);
  });
  after(() => t.close());

  test('held until resvSendTime, sent once when the clock reaches it', async () => {
    const at = formatKst(t.gw.ctx.clock.now() + 15 * 60_000);
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: '01055556666', replaceWords: { n: 'A' } }],
        messageFlow: [{ sms: { from: c.sender, text: 'hi #{n}' } }],
        resvSendTime: at,
        resvName: 'r1',
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    const resvKey = body.data.resvKey;
    assert.ok(resvKey);
    assert.equal(body.data.data.destinations[0].code, 'A000');
    await settle(t);
    await advance(t, 15 * 60 - 1);
    assert.equal((await inbox(t, '01055556666')).length, 0);
    const pending = await t.request({
      method: 'GET',
      url: `/api/comm/v1/reservation/resvKey/${resvKey}`,
      apiKey: c.apiKey,
    });
    assert.equal(pending.json().data.data.status, 'PENDING');
    await advance(t, 1);
    const got = await inbox(t, '01055556666');
    assert.equal(got.length, 1);
    assert.equal(got[0]?.text, 'hi A');
    const done = await t.request({
      method: 'GET',
      url: `/api/comm/v1/reservation/resvKey/${resvKey}`,
      apiKey: c.apiKey,
    });
    assert.equal(done.json().data.data.status, 'DONE');
  });
});
