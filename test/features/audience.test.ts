import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { broadcastRecipients, countBroadcastRecipients } from '../../src/features/brandmessage/audience.ts';
import { PROCESS_DELAY_MS } from '../../src/features/brandmessage/friend-group-process.ts';
import { findFriendGroup } from '../../src/store/campaigns/friend-groups.ts';
import { clientCalls } from '../helpers/calls.ts';
import { advance, type Client, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * The broadcast audience (issue 6, item 5 and the functions the broadcast calls): possible,
 * friend/possible, friendCount, and broadcastRecipients / countBroadcastRecipients paging.
 */

const GM = '/api/comm/v1/center/brandmessage/groupMessage';
const FG = '/api/comm/v1/center/brandmessage/friendGroup';

function numbers(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `010${prefix}${String(i).padStart(4, '0')}`);
}

describeEachDb('audience checks and broadcast recipients', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
  });
  after(() => t.close());

  const { ok, refused } = clientCalls(
    () => t,
    () => c.apiKey,
  );
  const group = async (key: string, phones: string[], senderKey = c.senderKey, apiKey = c.apiKey) => {
    await ok('POST', FG, { friendGroup: { senderKey, friendGroupKey: key, phoneNumbers: phones } }, apiKey);
  };
  const complete = async () => {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/friend-groups/complete',
      admin: true,
      body: {},
    });
    assert.equal(res.statusCode, 200, res.body);
  };
  const possible = async (query: string) => (await ok('GET', `${GM}/possible?${query}`)).possible;

  test('friendCount: the profile’s friend count as the operator set it', async () => {
    assert.deepEqual(await ok('GET', `${GM}/friendCount?senderKey=${c.senderKey}`), { count: 0 });
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey: c.senderKey, friendCount: 52_345 },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await ok('GET', `${GM}/friendCount?senderKey=${c.senderKey}`), { count: 52_345 });
    await refused('GET', `${GM}/friendCount?senderKey=${other.senderKey}`, undefined, 'A340', 400);
    await refused('GET', `${GM}/friendCount`, undefined, 'A300', 400, /senderKey/);
    assert.equal(
      (await t.request({ method: 'GET', url: `${GM}/friendCount?senderKey=${c.senderKey}` })).statusCode,
      401,
    );
  });

  test('friend/possible: how many of the numbers are friends; at least 10; one malformed rejects all', async () => {
    const phones = numbers('4000', 12);
    await setHandset(t, phones[0] as string, { appUser: null });
    await setHandset(t, phones[1] as string, { friendOf: [other.senderKey] });
    await setHandset(t, phones[2] as string, { friendOf: [c.senderKey] });
    const body = (p: unknown) => ({ senderKey: c.senderKey, phoneNumbers: p });
    assert.deepEqual(await ok('POST', `${GM}/friend/possible`, body(phones)), { possible: 10 });
    // For the other profile, the one befriending only c is no friend; a duplicate counts once.
    assert.deepEqual(
      await ok(
        'POST',
        `${GM}/friend/possible`,
        { senderKey: other.senderKey, phoneNumbers: [...phones, phones[3]] },
        other.apiKey,
      ),
      { possible: 10 },
    );
    await refused('POST', `${GM}/friend/possible`, body(phones.slice(0, 9)), 'A760', 400, /9 entries/);
    await refused('POST', `${GM}/friend/possible`, body([]), 'A760', 400);
    await refused(
      'POST',
      `${GM}/friend/possible`,
      body([...phones, '010-1234-5678']),
      'A553',
      400,
      /phoneNumbers\[12\] "010-1234-5678"/,
    );
    await refused('POST', `${GM}/friend/possible`, body(numbers('5', 10_001)), 'A555', 400);
    await refused('POST', `${GM}/friend/possible`, { senderKey: c.senderKey }, 'A300', 400, /phoneNumbers/);
    await refused(
      'POST',
      `${GM}/friend/possible`,
      { senderKey: other.senderKey, phoneNumbers: phones },
      'A340',
      400,
    );
  });

  test('possible: a completed group reaches its friends; IN_PROGRESS, unknown group, bad msgType refused', async () => {
    const phones = numbers('4001', 15);
    await setHandset(t, phones[0] as string, { appUser: null });
    await setHandset(t, phones[1] as string, { friendOf: ['nobody'] });
    await group('pg', phones);
    await refused(
      'GET',
      `${GM}/possible?senderKey=${c.senderKey}&msgType=FT&friendGroupKey=pg`,
      undefined,
      'A558',
      409,
      /IN_PROGRESS/,
    );
    await advance(t, PROCESS_DELAY_MS / 1000);
    for (const msgType of ['FT', 'TEXT', 'FI', 'FW', 'FL', 'FC', 'FA', 'FP', 'FM', 'FG', 'CAROUSEL_FEED']) {
      assert.equal(await possible(`senderKey=${c.senderKey}&msgType=${msgType}&friendGroupKey=pg`), 13);
    }
    await refused(
      'GET',
      `${GM}/possible?senderKey=${c.senderKey}&msgType=XX&friendGroupKey=pg`,
      undefined,
      'A523',
      400,
      /XX/,
    );
    await refused('GET', `${GM}/possible?senderKey=${c.senderKey}&msgType=AT`, undefined, 'A523', 400);
    await refused(
      'GET',
      `${GM}/possible?senderKey=${c.senderKey}&msgType=FT&friendGroupKey=nope`,
      undefined,
      'A552',
      404,
    );
    await refused('GET', `${GM}/possible?senderKey=${c.senderKey}`, undefined, 'A300', 400, /msgType/);
    await refused('GET', `${GM}/possible?senderKey=${other.senderKey}&msgType=FT`, undefined, 'A340', 400);

    // A change puts the group back IN_PROGRESS until it is processed again.
    await ok('POST', `${FG}/phoneNumbers/add`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'pg', phoneNumbers: numbers('4002', 2) },
    });
    await refused(
      'GET',
      `${GM}/possible?senderKey=${c.senderKey}&msgType=FT&friendGroupKey=pg`,
      undefined,
      'A558',
      409,
    );
    await complete();
    assert.equal(await possible(`senderKey=${c.senderKey}&msgType=FT&friendGroupKey=pg`), 15);
  });

  test('broadcastRecipients of a group: its friends ascending, paged after a cursor; counts agree', async () => {
    const ctx = t.gw.ctx;
    const phones = numbers('4003', 25);
    await setHandset(t, phones[3] as string, { appUser: null });
    await setHandset(t, phones[7] as string, { friendOf: [other.senderKey] });
    // Registered in a shuffled order: the answer is ascending all the same.
    await group('bc', [...phones].reverse());
    // Before its first processing the group reaches nobody.
    assert.deepEqual(await broadcastRecipients(ctx, c.senderKey, 'bc', null, 100), []);
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, 'bc'), 0);
    await complete();

    const friends = phones.filter((_, i) => i !== 3 && i !== 7);
    const pages: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const page: string[] = await broadcastRecipients(ctx, c.senderKey, 'bc', after, 10);
      if (page.length === 0) break;
      pages.push(page);
      after = page.at(-1) ?? null;
    }
    assert.deepEqual(
      pages.map((p) => p.length),
      [10, 10, 3],
    );
    assert.deepEqual(pages.flat(), friends);
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, 'bc'), 23);
    const g = await findFriendGroup(ctx.store, c.senderKey, 'bc');
    assert.deepEqual(
      g && [g.accountId, g.senderKey, g.friendGroupKey, g.status, g.userCount, g.friendCount],
      [c.accountId, c.senderKey, 'bc', 'COMPLETED', 24, 23],
    );
    // Strictly after the cursor, even one that is not a number of the group.
    assert.deepEqual(
      await broadcastRecipients(ctx, c.senderKey, 'bc', phones[20] as string, 100),
      phones.slice(21),
    );
    assert.deepEqual(
      await broadcastRecipients(ctx, c.senderKey, 'bc', '01040030019x', 2),
      phones.slice(20, 22),
    );
    assert.deepEqual(await broadcastRecipients(ctx, c.senderKey, 'bc', null, 0), []);

    // Numbers added since the last processing wait for theirs; removed ones go at once.
    await ok('POST', `${FG}/phoneNumbers/add`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'bc', phoneNumbers: ['01040039999'] },
    });
    await ok('POST', `${FG}/phoneNumbers/remove`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'bc', phoneNumbers: [phones[0]] },
    });
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, 'bc'), 22);
    assert.ok(!(await broadcastRecipients(ctx, c.senderKey, 'bc', null, 100)).includes('01040039999'));
    await advance(t, PROCESS_DELAY_MS / 1000);
    const all = await broadcastRecipients(ctx, c.senderKey, 'bc', null, 100);
    assert.equal(all.at(-1), '01040039999');
    assert.equal(all.length, 23);
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, 'bc'), 23);

    // No such group: nobody.
    assert.deepEqual(await broadcastRecipients(ctx, c.senderKey, 'none', null, 10), []);
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, 'none'), 0);
    assert.equal(await findFriendGroup(ctx.store, c.senderKey, 'none'), undefined);
  });
});

describeEachDb('all friends: the sandbox handsets that are friends', (db) => {
  let t: TestGateway;
  let c: Client;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'acme');
  });
  after(() => t.close());

  test('possible without a group and broadcastRecipients(null) count the friendly handsets', async () => {
    const ctx = t.gw.ctx;
    const phones = numbers('6000', 14);
    for (const p of phones.slice(0, 12)) await setHandset(t, p, { carrier: 'KT' });
    await setHandset(t, phones[12] as string, { appUser: null });
    await setHandset(t, phones[13] as string, { friendOf: ['someone-else'] });
    await setHandset(t, '0212345678', { friendOf: [c.senderKey] });
    // A handset whose number no message goes to as written (Korea in E.164) is not counted.
    await setHandset(t, '821060009999', {});

    const expected = [...phones.slice(0, 12), '0212345678'].sort();
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, null), 13);
    const res = await t.request({
      method: 'GET',
      url: `/api/comm/v1/center/brandmessage/groupMessage/possible?senderKey=${c.senderKey}&msgType=FI`,
      apiKey: c.apiKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.data.possible, 13);

    const page1 = await broadcastRecipients(ctx, c.senderKey, null, null, 5);
    const page2 = await broadcastRecipients(ctx, c.senderKey, null, page1.at(-1) ?? null, 5);
    const page3 = await broadcastRecipients(ctx, c.senderKey, null, page2.at(-1) ?? null, 5);
    const page4 = await broadcastRecipients(ctx, c.senderKey, null, page3.at(-1) ?? null, 5);
    assert.deepEqual([...page1, ...page2, ...page3], expected);
    assert.deepEqual(page4, []);
  });

  test('paging walks past many handsets that are not friends', async () => {
    const ctx = t.gw.ctx;
    const before = await countBroadcastRecipients(ctx, c.senderKey, null);
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      phone: `010${String(70_000_000 + i)}`,
      props: i % 400 === 0 ? '{}' : '{"appUser":null}',
      updated_at: 0,
    }));
    await ctx.store.db.insertInto('sandbox_handsets').values(rows).execute();
    assert.equal(await countBroadcastRecipients(ctx, c.senderKey, null), before + 3);
    // Ascending as text: the landline 02... of the test before comes after every 010 number.
    const got = await broadcastRecipients(ctx, c.senderKey, null, '01070000000', 10);
    assert.deepEqual(got, ['01070000400', '01070000800', '0212345678']);
    assert.deepEqual(await broadcastRecipients(ctx, c.senderKey, null, '01070000000', 2), [
      '01070000400',
      '01070000800',
    ]);
  });
});

describeEachDb('all friends without the sandbox', (db) => {
  let t: TestGateway;

  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_SANDBOX: 'false' } });
  });
  after(() => t.close());

  test('no world to ask: all friends is nobody; friend/possible counts every number', async () => {
    const acc = await t.createAccount('plain');
    const senderKey = `sk-${acc.accountId}`;
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${acc.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey },
    });
    assert.equal(res.statusCode, 200, res.body);
    await t.gw.ctx.store.db
      .insertInto('sandbox_handsets')
      .values({ phone: '01080000000', props: '{"appUser":null}', updated_at: 0 })
      .execute();
    assert.deepEqual(await broadcastRecipients(t.gw.ctx, senderKey, null, null, 10), []);
    assert.equal(await countBroadcastRecipients(t.gw.ctx, senderKey, null), 0);
    const fp = await t.request({
      method: 'POST',
      url: `${GM}/friend/possible`,
      apiKey: acc.apiKey,
      body: { senderKey, phoneNumbers: numbers('8000', 10) },
    });
    assert.equal(fp.statusCode, 200, fp.body);
    assert.equal(fp.json().data.data.possible, 10);
  });
});
