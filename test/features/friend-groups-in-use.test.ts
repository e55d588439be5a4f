import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { findFriendGroup } from '../../src/store/campaigns/friend-groups.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { api, completedGroup, numbers, plainTemplate, setClock } from './broadcast-helpers.ts';

/* A friend group a broadcast still needs (READY, SENDING, PAUSED) cannot be deleted under it. */

const BASE = '/api/comm/v1/center/brandmessage/friendGroup';

describeEachDb('friend groups used by a broadcast', (db) => {
  let t: TestGateway;
  let c: Client;
  let b: ReturnType<typeof api>;

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    await setClock(t, '2026-11-23 10:00:00');
    c = await setupClient(t, 'acme');
    b = api(t, c);
    await plainTemplate(t, c, 'PLAIN');
  });
  after(() => t.close());

  const remove = (friendGroupKey: string) =>
    t.request({
      method: 'DELETE',
      url: `${BASE}/senderKey/${c.senderKey}/friendGroupKey/${friendGroupKey}`,
      apiKey: c.apiKey,
    });
  const broadcastTo = async (friendGroupKey: string) =>
    b.record(
      await b.create({
        templateCode: 'PLAIN',
        friendGroupKey,
        sendStartAt: '2026-11-23 11:00:00',
        tpsLimit: 5,
      }),
    );

  test('a group of a READY broadcast is A824 naming the states; once terminated it can go', async () => {
    await completedGroup(t, c, 'inuse', numbers('71', 12));
    const broadcast = await broadcastTo('inuse');
    assert.equal(broadcast.status, 'READY');

    const res = await remove('inuse');
    assert.equal(res.statusCode, 409, res.body);
    const body = res.json();
    assert.equal(body.data.code, 'A824', res.body);
    assert.match(
      body.data.result,
      /"inuse" is used by a broadcast that has not ended \(READY, SENDING or PAUSED\)/,
    );
    assert.ok(await findFriendGroup(t.gw.ctx.store, c.senderKey, 'inuse'), 'the group is still there');

    assert.equal(b.record(await b.act('terminate', broadcast.requestId)).status, 'TERMINATED');
    const after = await remove('inuse');
    assert.equal(after.statusCode, 200, after.body);
    assert.equal(after.json().data.code, 'A000');
    assert.equal(await findFriendGroup(t.gw.ctx.store, c.senderKey, 'inuse'), undefined);
  });

  test('another group of the same profile is not held by that broadcast', async () => {
    await completedGroup(t, c, 'busy', numbers('72', 12));
    await completedGroup(t, c, 'free', numbers('73', 12));
    await broadcastTo('busy');
    assert.equal((await remove('free')).json().data.code, 'A000');
    assert.equal((await remove('busy')).json().data.code, 'A824');
  });
});
