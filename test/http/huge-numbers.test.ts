import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Numbers past what the database's integers hold are refused with a code, never passed on: each
 * of these was a 500 (an overflow in PostgreSQL's bigint or SQLite's integers) before it was bounded.
 */
describeEachDb('numbers too large for the database', (db) => {
  let t: TestGateway;
  let apiKey: string;
  before(async () => {
    t = await startTestGateway(db);
    ({ apiKey } = await t.createAccount());
  });
  after(() => t.close());

  const HUGE = '100000000000000000000';
  const BM = '/api/comm/v1/center/brandmessage/groupMessage';

  test('a broadcast requestId, in a query and in a body', async () => {
    for (const id of [HUGE, '9223372036854775808']) {
      const r = await t.request({ method: 'GET', url: `${BM}?senderKey=sk&requestId=${id}`, apiKey });
      assert.equal(r.statusCode, 400, r.body);
      assert.equal(r.json().data.code, 'A300');
    }
    const body = { brandmessage: { senderKey: 'sk', requestId: HUGE } };
    const r = await t.request({ method: 'POST', url: `${BM}/pause`, body, apiKey });
    assert.equal(r.statusCode, 400, r.body);
    assert.equal(r.json().data.code, 'A300');
  });

  test('the MO history offset', async () => {
    const r = await t.request({
      method: 'GET',
      url: `/api/comm/v1/message/history/mo?offset=${HUGE}`,
      apiKey,
    });
    assert.equal(r.statusCode, 400, r.body);
    // Past 2^53 with no range of its own in the schema: refused before the route, naming it.
    assert.equal(r.json().data.code, 'A300');
    assert.match(
      r.json().data.result,
      /querystring offset must be an integer in decimal digits, at most 9007199254740991/,
    );
  });
});
