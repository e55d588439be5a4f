import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { flushRefused } from './refused-helpers.ts';

/*
 * The recorder's writes and its flush timer (src/http/refused-requests.ts). A timer set while a
 * write was under way fired after that write had taken its rows too, and so found nothing to
 * write: that empty write left a settled promise as "the write under way", which flush() then
 * awaited again and again without end, so the gateway's close never ended (two test files timed
 * out in their close under load). The timer is driven by hand (mocked setTimeout), not waited for.
 */
describeEachDb('refused requests: the recorder’s writes', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db, { start: false, env: { OMNIGATE_REFUSED_PER_SECOND: '1000' } });
  });
  after(() => t.close());

  const unknownKey = () =>
    t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey: 'no-such-key-0123456789',
      body: {
        destinations: [{ to: '01012345678' }],
        messageFlow: [{ sms: { from: '0212345678', text: 'x' } }],
      },
    });
  const kept = async () => {
    const res = await t.request({ method: 'GET', url: '/admin/v1/refused-requests', admin: true });
    return res.json<{ requests: unknown[] }>().requests.length;
  };

  test('a timer that finds its rows written already leaves nothing behind: flush and close end', async (tt) => {
    tt.mock.timers.enable({ apis: ['setTimeout'] });
    assert.equal((await unknownKey()).statusCode, 401);
    // The first refusal's timer: its write starts.
    tt.mock.timers.tick(250);
    // A second refusal while that write is under way sets a timer of its own...
    assert.equal((await unknownKey()).statusCode, 401);
    // ...and the write under way takes its row too (no flush: that would clear the timer).
    for (let i = 0; (await kept()) < 2; i++) assert.ok(i < 1000, 'the write under way took both rows');
    // The second timer finds nothing to write.
    tt.mock.timers.tick(250);
    await flushRefused(t);
    assert.equal((await unknownKey()).statusCode, 401);
    await flushRefused(t);
    assert.equal(await kept(), 3);
  });
});
