import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { GROUP_TAGS_MAX } from '../../src/features/brandmessage/group-tag-manage.ts';
import { clientCalls } from '../helpers/calls.ts';
import { advance, type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/* Group tags of a sender profile (issue 6, item 2): create, rename, look up, list, delete. */

const BASE = '/api/comm/v1/center/brandmessage/groupTag';

describeEachDb('group tags', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
  });
  after(() => t.close());

  const { call, ok, refused } = clientCalls(
    () => t,
    () => c.apiKey,
  );
  const create = (groupTag: Record<string, unknown>, top: Record<string, unknown> = {}) =>
    ok('POST', BASE, { ...top, groupTag });

  test('create (senderKey inside groupTag or beside it), look up, list, rename, delete', async () => {
    const now = t.gw.ctx.clock.now();
    const made = await create({ senderKey: c.senderKey, groupTagKey: 'vip', groupTagName: 'VIP 고객' });
    assert.deepEqual(made.groupTags, [
      {
        senderKey: c.senderKey,
        groupTagKey: 'vip',
        groupTagName: 'VIP 고객',
        createdAt: isoKst(now),
        modifiedAt: isoKst(now),
      },
    ]);
    await create({ groupTagKey: 'new', groupTagName: 'Newcomers' }, { senderKey: c.senderKey });
    // Both places naming the same key is fine too.
    await create(
      { senderKey: c.senderKey, groupTagKey: 'both', groupTagName: 'Both' },
      { senderKey: c.senderKey },
    );

    const one = await ok('GET', `${BASE}?senderKey=${c.senderKey}&groupTagKey=new`);
    assert.deepEqual(
      one.groupTags.map((g: Record<string, unknown>) => [g.groupTagKey, g.groupTagName]),
      [['new', 'Newcomers']],
    );
    const list = await ok('GET', `${BASE}/list?senderKey=${c.senderKey}`);
    assert.deepEqual(
      list.groupTags.map((g: Record<string, unknown>) => g.groupTagKey),
      // Oldest first; made at one instant of the manual clock, they go by key.
      ['both', 'new', 'vip'],
    );

    await advance(t, 60);
    const renamed = await ok('PUT', BASE, {
      groupTag: { senderKey: c.senderKey, groupTagKey: 'new', groupTagName: 'Fresh' },
    });
    assert.equal(renamed.groupTags[0].groupTagName, 'Fresh');
    assert.equal(renamed.groupTags[0].createdAt, isoKst(now));
    assert.equal(renamed.groupTags[0].modifiedAt, isoKst(now + 60_000));
    // Renaming to its own name is no conflict.
    await ok('PUT', BASE, {
      senderKey: c.senderKey,
      groupTag: { groupTagKey: 'new', groupTagName: 'Fresh' },
    });

    const del = await call('DELETE', `${BASE}/senderKey/${c.senderKey}/groupTagKey/both`);
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().data.code, 'A000');
    await refused('GET', `${BASE}?senderKey=${c.senderKey}&groupTagKey=both`, undefined, 'A765', 404);
    await refused('DELETE', `${BASE}/senderKey/${c.senderKey}/groupTagKey/both`, undefined, 'A765', 404);
    // The key is free again.
    await create({ senderKey: c.senderKey, groupTagKey: 'both', groupTagName: 'Both again' });
  });

  test('duplicates: the same key or the same name under one senderKey; other profiles are apart', async () => {
    await create({ senderKey: c.senderKey, groupTagKey: 'd1', groupTagName: 'Dup name' });
    await refused(
      'POST',
      BASE,
      { groupTag: { senderKey: c.senderKey, groupTagKey: 'd1', groupTagName: 'Other' } },
      'A763',
      409,
      /d1/,
    );
    await refused(
      'POST',
      BASE,
      { groupTag: { senderKey: c.senderKey, groupTagKey: 'd2', groupTagName: 'Dup name' } },
      'A764',
      409,
      /Dup name/,
    );
    await create({ senderKey: c.senderKey, groupTagKey: 'd2', groupTagName: 'Second' });
    await refused(
      'PUT',
      BASE,
      { groupTag: { senderKey: c.senderKey, groupTagKey: 'd2', groupTagName: 'Dup name' } },
      'A764',
      409,
    );
    // The other account's profile may hold the same key and name.
    await ok(
      'POST',
      BASE,
      { groupTag: { senderKey: other.senderKey, groupTagKey: 'd1', groupTagName: 'Dup name' } },
      other.apiKey,
    );
  });

  test('field rules', async () => {
    const post = (groupTag: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
      ...top,
      groupTag,
    });
    const sk = c.senderKey;
    await refused(
      'POST',
      BASE,
      post({ senderKey: sk, groupTagKey: 'bad key', groupTagName: 'x' }),
      'A761',
      400,
    );
    await refused(
      'POST',
      BASE,
      post({ senderKey: sk, groupTagKey: 'k'.repeat(51), groupTagName: 'x' }),
      'A761',
      400,
    );
    await refused('POST', BASE, post({ senderKey: sk, groupTagKey: '', groupTagName: 'x' }), 'A761', 400);
    await refused('POST', BASE, post({ senderKey: sk, groupTagKey: 'ok', groupTagName: '' }), 'A762', 400);
    await refused('POST', BASE, post({ senderKey: sk, groupTagKey: 'ok', groupTagName: '   ' }), 'A762', 400);
    await refused(
      'POST',
      BASE,
      post({ senderKey: sk, groupTagKey: 'ok', groupTagName: '가'.repeat(51) }),
      'A762',
      400,
      /51 characters/,
    );
    // 50 characters, Korean or not, is the limit.
    await create({ senderKey: sk, groupTagKey: 'k'.repeat(50), groupTagName: '가'.repeat(50) });
    await refused('POST', BASE, post({ senderKey: sk, groupTagName: 'x' }), 'A300', 400, /groupTagKey/);
    await refused('POST', BASE, post({ senderKey: sk, groupTagKey: 'x' }), 'A300', 400, /groupTagName/);
    await refused('POST', BASE, { senderKey: sk }, 'A300', 400, /groupTag/);
    await refused('POST', BASE, post({ groupTagKey: 'x', groupTagName: 'x' }), 'A300', 400, /senderKey/);
    await refused(
      'POST',
      BASE,
      post({ senderKey: sk, groupTagKey: 'x', groupTagName: 'x' }, { senderKey: 'elsewhere' }),
      'A300',
      400,
      /differ/,
    );
    await refused(
      'POST',
      BASE,
      post({ senderKey: other.senderKey, groupTagKey: 'x', groupTagName: 'x' }),
      'A340',
      400,
    );
    await refused(
      'PUT',
      BASE,
      post({ senderKey: sk, groupTagKey: 'missing', groupTagName: 'x' }),
      'A765',
      404,
    );
    await refused(
      'PUT',
      BASE,
      post({ senderKey: other.senderKey, groupTagKey: 'd1', groupTagName: 'x' }),
      'A340',
      400,
    );
    await refused('GET', `${BASE}?senderKey=${other.senderKey}&groupTagKey=d1`, undefined, 'A340', 400);
    await refused('GET', `${BASE}?senderKey=${sk}`, undefined, 'A300', 400, /groupTagKey/);
    await refused('GET', `${BASE}/list?senderKey=${other.senderKey}`, undefined, 'A340', 400);
    await refused('GET', `${BASE}/list`, undefined, 'A300', 400, /senderKey/);
    await refused('DELETE', `${BASE}/senderKey/${other.senderKey}/groupTagKey/d1`, undefined, 'A340', 400);
    const res = await t.request({ method: 'GET', url: `${BASE}/list?senderKey=${sk}` });
    assert.equal(res.statusCode, 401);
  });

  test(`at most ${GROUP_TAGS_MAX} tags per senderKey`, async () => {
    const sk = 'sk-many-tags';
    const admin = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey: sk },
    });
    assert.equal(admin.statusCode, 200, admin.body);
    for (let i = 0; i < GROUP_TAGS_MAX; i++)
      await create({ senderKey: sk, groupTagKey: `t${i}`, groupTagName: `Tag ${i}` });
    await refused(
      'POST',
      BASE,
      { groupTag: { senderKey: sk, groupTagKey: 'one-more', groupTagName: 'One more' } },
      'A766',
      409,
    );
    assert.equal((await ok('GET', `${BASE}/list?senderKey=${sk}`)).groupTags.length, GROUP_TAGS_MAX);
    await ok('DELETE', `${BASE}/senderKey/${sk}/groupTagKey/t0`);
    await create({ senderKey: sk, groupTagKey: 'one-more', groupTagName: 'One more' });
  });
});
