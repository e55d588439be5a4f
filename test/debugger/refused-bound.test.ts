import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { listRefused, trIdOf } from './refused-helpers.ts';

/*
 * A flood of refusals is bounded (src/rules/record-bound.ts): at the default of 20 rows a second
 * per process, requests without a known key share half of it, one account at most half; the rest
 * are counted in omnigate_refused_requests_total{outcome="dropped"}, and sends go on being answered.
 */

const PER_SECOND = 20;
const HALF = PER_SECOND / 2;

/** The whole seconds (real time) a burst touched: each is a window of the bound. */
function windows(start: number, end: number): number {
  return Math.floor(end / 1000) - Math.floor(start / 1000) + 1;
}

describeEachDb('refused requests: the bound a second', (db) => {
  let t: TestGateway;
  let c: Client;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'Flood Shop');
  });
  after(() => t.close());

  async function counted(outcome: string): Promise<number> {
    const res = await t.request({ method: 'GET', url: '/metrics' });
    const m = new RegExp(`omnigate_refused_requests_total\\{outcome="${outcome}"\\} (\\d+)`).exec(res.body);
    return Number(m?.[1] ?? 0);
  }

  async function rows(): Promise<number> {
    const r = await t.gw.ctx.store.db
      .selectFrom('refused_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  test('an unauthenticated flood of A401s keeps at most its share; the rest is counted; accounts still get theirs', async () => {
    const n = 300;
    const start = Date.now();
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: `og_flood${i}` }),
      ),
    );
    const end = Date.now();
    for (const a of answers) assert.equal(a.statusCode, 401, a.body);
    // An account's refusal right after the flood: the flood left room for it.
    const mine = await send(t, c, {
      destinations: [],
      messageFlow: [{ sms: { from: c.sender, text: 'x' } }],
    });
    assert.equal(mine.statusCode, 400, mine.body);

    const page = await listRefused(t, { limit: 200 });
    const floods = page.requests.filter((r) => r.code === 'A401').length;
    const w = windows(start, end);
    assert.ok(floods >= HALF, `${floods} recorded: at least one second's share`);
    assert.ok(floods <= HALF * w, `${floods} recorded in ${w} second(s): at most ${HALF} a second`);
    assert.equal(await counted('dropped'), n - floods);
    assert.equal(await counted('recorded'), floods + 1);
    assert.ok(page.requests.some((r) => r.trId === trIdOf(mine.body) && r.code === 'A307'));
  });

  test('one account’s burst keeps at most half the bound a second', async () => {
    const before = await rows();
    const droppedBefore = await counted('dropped');
    const n = 60;
    const start = Date.now();
    for (let i = 0; i < n; i++) {
      const res = await send(t, c, {
        destinations: [],
        messageFlow: [{ sms: { from: c.sender, text: 'x' } }],
      });
      assert.equal(res.statusCode, 400, res.body);
    }
    const end = Date.now();
    await listRefused(t);
    const kept = (await rows()) - before;
    const w = windows(start, end);
    // The first second may have been shared with the test before: some of it, at least, is kept.
    assert.ok(kept >= 1, `${kept} kept`);
    assert.ok(kept <= HALF * w, `${kept} kept in ${w} second(s)`);
    assert.equal((await counted('dropped')) - droppedBefore, n - kept);
  });
});
