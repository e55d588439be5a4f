import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, inbox, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { api, completedGroup, numbers, plainTemplate, setClock } from './broadcast-helpers.ts';

/*
 * Issue 15, item 1, for brand message broadcasts: an advertising broadcast leaves out the numbers
 * on the account's opt-out list, and every broadcast the numbers an operator's recipient rule
 * blocks; they are not sent and not counted in sendCount.
 */
describeEachDb('policy: broadcasts leave out opted-out and blocked numbers', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    await setClock(t, '2026-11-23 10:00:00');
    c = await setupClient(t);
    await plainTemplate(t, c, 'AD', '(광고) 주말 특가');
    await plainTemplate(t, c, 'INFO', '매장 휴무 안내');
  });
  after(() => t.close());

  /** A broadcast to the group from `minute`:00, the clock moved a second at a time (one tick each). */
  async function run(templateCode: string, friendGroupKey: string, minute: string) {
    const b = api(t, c);
    const start = `2026-11-23 10:${minute}:00`;
    const created = b.record(
      await b.create({ templateCode, friendGroupKey, sendStartAt: start, tpsLimit: 5 }),
    );
    for (const s of ['00', '01', '02', '03']) await setClock(t, `2026-11-23 10:${minute}:${s}`);
    return b.status(created.requestId);
  }

  test('opt-outs apply to an advertising broadcast only; recipient rules to every one', async () => {
    const phones = numbers('61', 10);
    const [optedOut, blocked] = [phones[1] ?? '', phones[4] ?? ''];
    const add = await t.request({
      method: 'POST',
      url: '/api/comm/v1/optout',
      apiKey: c.apiKey,
      body: { phones: [optedOut] },
    });
    assert.equal(add.statusCode, 200, add.body);
    const rule = await t.request({
      method: 'POST',
      url: '/admin/v1/policy/rules',
      admin: true,
      body: { kind: 'recipient', pattern: blocked },
    });
    assert.equal(rule.statusCode, 200, rule.body);
    await completedGroup(t, c, 'all', phones);

    const ad = await run('AD', 'all', '10');
    assert.deepEqual([ad.status, ad.sendCount], ['DONE', 8]);
    const info = await run('INFO', 'all', '30');
    assert.deepEqual([info.status, info.sendCount], ['DONE', 9]);
    const texts = await Promise.all(phones.map(async (p) => (await inbox(t, p)).map((m) => m.text)));
    assert.deepEqual(
      texts,
      phones.map((p) =>
        p === blocked ? [] : p === optedOut ? ['매장 휴무 안내'] : ['(광고) 주말 특가', '매장 휴무 안내'],
      ),
    );
  });
});
