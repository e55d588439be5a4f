import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Ids, cursors and offsets past what a database column holds are refused as bad input (A300
 * naming the field), never passed to the database to fail there as a 500.
 */
describeEachDb('console endpoints refuse numbers past their bounds', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  const HUGE = '99999999999999999999';
  for (const [method, url, field] of [
    ['GET', `/sandbox/v1/handsets?after=${HUGE}`, 'after'],
    ['GET', `/sandbox/v1/handsets/01012345678/timeline?before=${HUGE}`, 'before'],
    ['GET', '/sandbox/v1/handsets/01012345678/timeline?before=1e20', 'before'],
    ['GET', `/sandbox/v1/handsets/01012345678/inbox?since=${HUGE}`, 'since'],
    ['GET', `/sandbox/v1/handsets/01012345678/timeline/stream?since=${HUGE}`, 'since'],
    ['GET', `/sandbox/v1/reviews?offset=${HUGE}`, 'offset'],
    ['POST', `/admin/v1/reports/${HUGE}/redeliver`, 'reportId'],
    ['POST', `/admin/v1/broadcasts/${HUGE}/pause`, 'requestId'],
  ] as const) {
    test(`${method} ${url.split('?')[0]} with ${field} too large: A300`, async () => {
      const res = await t.request({ method, url, admin: true });
      assert.equal(res.statusCode, 400, res.body);
      const body = res.json<{ code: string; result: string }>();
      assert.equal(body.code, 'A300');
      assert.match(body.result, new RegExp(field));
    });
  }

  test('a read mark past the bounds is A300; HEAD on the live stream is not served', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/handsets/01012345678/read',
      admin: true,
      body: { upTo: 1e20 },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.json<{ result: string }>().result, /upTo/);
    const head = await t.gw.app.inject({
      method: 'HEAD',
      url: '/sandbox/v1/handsets/01012345678/timeline/stream',
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
    });
    assert.equal(head.statusCode, 404);
  });
});
