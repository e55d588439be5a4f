import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isManual, isoKst } from '../../src/clock.ts';
import { NUMBER_FILE_RETENTION_MS } from '../../src/features/brandmessage/friend-group-file.ts';
import { PROCESS_DELAY_MS } from '../../src/features/brandmessage/friend-group-process.ts';
import { findFriendGroup } from '../../src/store/campaigns/friend-groups.ts';
import { clientCalls } from '../helpers/calls.ts';
import { advance, type Client, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { codeOf } from '../helpers/envelope-code.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { postForm } from '../helpers/multipart.ts';

/*
 * Friend groups (issue 6, item 1): number lists uploaded as files, groups registered from a list
 * or from numbers, processed a few seconds later on the gateway clock (or at once through the
 * sandbox), counted against the sandbox world; numbers added and removed; every refusal.
 */

const BASE = '/api/comm/v1/center/brandmessage/friendGroup';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;

/** `n` distinct domestic mobile numbers starting at 010<prefix>0000. */
function numbers(prefix: string, n: number, from = 0): string[] {
  return Array.from({ length: n }, (_, i) => `010${prefix}${String(from + i).padStart(4, '0')}`);
}

describeEachDb('friend groups', (db) => {
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
  const register = async (friendGroup: Record<string, unknown>) =>
    (await ok('POST', BASE, { friendGroup })).friendGroup;
  const lookup = async (key: string, senderKey = c.senderKey) =>
    (await ok('GET', `${BASE}?senderKey=${senderKey}&friendGroupKey=${key}`)).friendGroup;
  const upload = (text: string, senderKey: string | null = c.senderKey, apiKey = c.apiKey) =>
    postForm(
      t,
      `${BASE}/file`,
      [
        ...(senderKey === null ? [] : [{ name: 'senderKey', value: senderKey }]),
        { name: 'file', bytes: new TextEncoder().encode(text), filename: 'numbers.csv', type: 'text/csv' },
      ],
      apiKey,
    );
  const completeAll = async (body: Record<string, unknown> = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/friend-groups/complete',
      admin: true,
      body,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ friendGroups: Array<Record<string, unknown>> }>().friendGroups;
  };

  test('registration answers IN_PROGRESS; processing completes it only once the clock moves', async () => {
    const phones = numbers('1000', 12);
    const now = t.gw.ctx.clock.now();
    const reg = await register({ senderKey: c.senderKey, friendGroupKey: 'vip', phoneNumbers: phones });
    assert.equal(reg.friendGroupKey, 'vip');
    assert.equal(reg.status, 'IN_PROGRESS');
    assert.match(reg.requestId, /^FGR/);
    assert.equal(reg.createdAt, isoKst(now));
    assert.equal(reg.modifiedAt, isoKst(now));
    assert.match(reg.createdAt, ISO);
    assert.equal(reg.phoneNumberCount, 12);

    // Nothing is completed inside the request, nor before the processing delay.
    await advance(t, PROCESS_DELAY_MS / 1000 - 1);
    let g = await lookup('vip');
    assert.equal(g.status, 'IN_PROGRESS');
    assert.equal(g.userCount, 0);
    assert.equal(g.friendCount, 0);

    await advance(t, 1);
    g = await lookup('vip');
    assert.deepEqual(
      { status: g.status, userCount: g.userCount, friendCount: g.friendCount, key: g.friendGroupKey },
      { status: 'COMPLETED', userCount: 12, friendCount: 12, key: 'vip' },
    );
    assert.equal(g.requestId, reg.requestId);
    assert.equal(g.createdAt, reg.createdAt);
    assert.equal(g.modifiedAt, isoKst(now + PROCESS_DELAY_MS));
    assert.match(g.modifiedAt, ISO);
  });

  test('counts follow the sandbox handsets: appUser null is no user, friendOf another is no friend', async () => {
    const phones = numbers('1001', 12);
    const [nonUser, otherFriend, ownFriend, configured] = phones as [string, string, string, string];
    await setHandset(t, nonUser, { appUser: null });
    await setHandset(t, otherFriend, { friendOf: [other.senderKey] });
    await setHandset(t, ownFriend, { friendOf: [c.senderKey, other.senderKey] });
    await setHandset(t, configured, { carrier: 'KT' });
    await register({ senderKey: c.senderKey, friendGroupKey: 'world', phoneNumbers: phones });
    await advance(t, PROCESS_DELAY_MS / 1000);
    const g = await lookup('world');
    assert.equal(g.status, 'COMPLETED');
    assert.equal(g.userCount, 11);
    assert.equal(g.friendCount, 10);
    assert.equal(g.phoneNumberCount, 12);

    // The same numbers are a different audience for the other profile.
    await ok(
      'POST',
      BASE,
      {
        friendGroup: { senderKey: other.senderKey, friendGroupKey: 'world', phoneNumbers: phones },
      },
      other.apiKey,
    );
    await advance(t, PROCESS_DELAY_MS / 1000);
    const o = await ok(
      'GET',
      `${BASE}?senderKey=${other.senderKey}&friendGroupKey=world`,
      undefined,
      other.apiKey,
    );
    assert.deepEqual([o.friendGroup.userCount, o.friendGroup.friendCount], [11, 11]);
  });

  test('the sandbox completes IN_PROGRESS groups at once; the later job changes nothing', async () => {
    await register({ senderKey: c.senderKey, friendGroupKey: 'now-1', phoneNumbers: numbers('1002', 10) });
    await register({ senderKey: c.senderKey, friendGroupKey: 'now-2', phoneNumbers: numbers('1003', 10) });
    const done = await completeAll({ senderKey: c.senderKey, friendGroupKey: 'now-1' });
    assert.equal(done.length, 1);
    assert.deepEqual(
      [done[0]?.friendGroupKey, done[0]?.status, done[0]?.userCount, done[0]?.friendCount],
      ['now-1', 'COMPLETED', 10, 10],
    );
    assert.equal((await lookup('now-1')).status, 'COMPLETED');
    assert.equal((await lookup('now-2')).status, 'IN_PROGRESS');
    const modified = (await lookup('now-1')).modifiedAt;

    const rest = await completeAll({ senderKey: c.senderKey });
    assert.deepEqual(
      rest.map((g) => g.friendGroupKey),
      ['now-2'],
    );
    await advance(t, PROCESS_DELAY_MS / 1000);
    assert.equal((await lookup('now-1')).modifiedAt, modified);
    assert.equal((await lookup('now-2')).status, 'COMPLETED');

    // No body: every IN_PROGRESS group (none is left).
    const bare = await t.request({ method: 'POST', url: '/sandbox/v1/friend-groups/complete', admin: true });
    assert.equal(bare.statusCode, 200, bare.body);
    assert.deepEqual(bare.json(), { friendGroups: [] });

    // A completed group named by both keys is shown as it is; an unknown one is A552.
    const again = await completeAll({ senderKey: c.senderKey, friendGroupKey: 'now-1' });
    assert.equal(again[0]?.status, 'COMPLETED');
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/friend-groups/complete',
      admin: true,
      body: { senderKey: c.senderKey, friendGroupKey: 'nope' },
    });
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().code, 'A552');
  });

  test('a list file: one number per line or CSV first column, header and blank lines skipped', async () => {
    const now = t.gw.ctx.clock.now();
    const phones = numbers('1004', 11);
    const csv = [
      '\uFEFFphone,name',
      ...phones.slice(0, 5).map((p, i) => `${p},name ${i}`),
      '',
      `"${phones[5]}";x`,
      ...phones.slice(6).map((p) => `  ${p}\t`),
      // A duplicate and a Korean number in E.164 form count once.
      phones[0],
      `82${phones[1]?.slice(1)}`,
      '',
    ].join('\r\n');
    const res = await upload(csv);
    assert.equal(res.statusCode, 200, res.body);
    const up = res.json().data.data.friendGroup;
    assert.match(up.fileKey, /^FGF/);
    assert.equal(up.expiredAt, isoKst(Math.floor((now + NUMBER_FILE_RETENTION_MS) / 1000) * 1000));
    assert.equal(up.phoneNumberCount, 11);

    const reg = await register({ senderKey: c.senderKey, friendGroupKey: 'from-file', fileKey: up.fileKey });
    assert.equal(reg.phoneNumberCount, 11);
    await completeAll({ senderKey: c.senderKey, friendGroupKey: 'from-file' });
    const g = await lookup('from-file');
    assert.deepEqual([g.status, g.userCount, g.friendCount], ['COMPLETED', 11, 11]);

    // The list stays usable until it expires: a second group from it.
    await register({ senderKey: c.senderKey, friendGroupKey: 'from-file-2', fileKey: up.fileKey });
  });

  test('a list file with malformed lines is refused whole, naming the first lines', async () => {
    const lines = ['phone', '01010050000', '010-1005-0001', '01010050002', 'abc', ...numbers('1005', 12, 10)];
    const b = await upload(lines.join('\n'));
    assert.equal(b.statusCode, 400, b.body);
    const body = b.json();
    assert.equal(body.data.code, 'A553');
    assert.match(body.data.result, /line 3 "010-1005-0001"/);
    assert.match(body.data.result, /line 5 "abc"/);
    assert.equal(body.data.data, undefined);

    const many = Array.from({ length: 15 }, (_, i) => `x${i}`).join('\n');
    const r2 = (await upload(`01010050000\n${many}`)).json();
    assert.equal(r2.data.code, 'A553');
    assert.match(r2.data.result, /15 malformed lines in all/);
  });

  test('list file refusals: no senderKey, another account’s senderKey, no file, empty, binary, too big', async () => {
    const expect = async (res: Awaited<ReturnType<typeof upload>>, code: string, status = 400) => {
      assert.equal(res.statusCode, status, res.body);
      assert.equal(codeOf(res.json()), code, res.body);
    };
    await expect(await upload('01010060000', null), 'A300');
    await expect(await upload('01010060000', other.senderKey), 'A340');
    await expect(
      await postForm(t, `${BASE}/file`, [{ name: 'senderKey', value: c.senderKey }], c.apiKey),
      'A210',
    );
    await expect(await upload('phone\n\n  \n'), 'A556');
    await expect(
      await postForm(
        t,
        `${BASE}/file`,
        [
          { name: 'senderKey', value: c.senderKey },
          { name: 'file', bytes: new Uint8Array([0x30, 0x31, 0xff, 0xfe, 0x00]), filename: 'x.bin' },
        ],
        c.apiKey,
      ),
      'A557',
    );
    await expect(await upload(`${'0'.repeat(4 * 1024 * 1024)}1`), 'A212');
    await expect(
      await t.request({
        method: 'POST',
        url: `${BASE}/file`,
        apiKey: c.apiKey,
        body: { senderKey: c.senderKey },
      }),
      'A415',
      415,
    );
  });

  test('a list file of more than 100,000 numbers is refused', async () => {
    const text = Array.from({ length: 100_001 }, (_, i) => `010${String(20_000_000 + i)}`).join('\n');
    const res = await upload(text);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().data.code, 'A555');
  });

  test('fileKey: unknown, another account’s, another senderKey’s, or expired is A217', async () => {
    const up = (await upload(numbers('1007', 10).join('\n'))).json().data.data.friendGroup;
    await refused('POST', BASE, { friendGroup: { senderKey: c.senderKey, fileKey: 'FGFnope' } }, 'A217', 400);
    const theirs = (await upload(numbers('1007', 10).join('\n'), other.senderKey, other.apiKey)).json().data
      .data.friendGroup;
    await refused(
      'POST',
      BASE,
      { friendGroup: { senderKey: c.senderKey, fileKey: theirs.fileKey } },
      'A217',
      400,
    );
    // Same account, another of its profiles.
    const second = 'sk-second';
    const admin = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey: second },
    });
    assert.equal(admin.statusCode, 200, admin.body);
    await refused(
      'POST',
      BASE,
      { friendGroup: { senderKey: second, fileKey: up.fileKey } },
      'A217',
      400,
      /uploaded for senderKey/,
    );
    await advance(t, NUMBER_FILE_RETENTION_MS / 1000);
    await refused(
      'POST',
      BASE,
      { friendGroup: { senderKey: c.senderKey, fileKey: up.fileKey } },
      'A217',
      400,
    );
  });

  test('registration refusals', async () => {
    const phones = numbers('1008', 10);
    const at = (fg: Record<string, unknown>) => ({ friendGroup: { senderKey: c.senderKey, ...fg } });
    await refused(
      'POST',
      BASE,
      at({ friendGroupKey: 'both', phoneNumbers: phones, fileKey: 'x' }),
      'A554',
      400,
      /both/,
    );
    await refused('POST', BASE, at({ friendGroupKey: 'neither' }), 'A554', 400, /neither/);
    await refused('POST', BASE, at({ friendGroupKey: 'bad key!', phoneNumbers: phones }), 'A550', 400);
    await refused('POST', BASE, at({ friendGroupKey: 'k'.repeat(51), phoneNumbers: phones }), 'A550', 400);
    await refused('POST', BASE, at({ friendGroupKey: 'empty', phoneNumbers: [] }), 'A556', 400);
    await refused(
      'POST',
      BASE,
      at({ friendGroupKey: 'bad', phoneNumbers: [...phones, '010-1234-5678', '12'] }),
      'A553',
      400,
      /friendGroup\.phoneNumbers\[10\] "010-1234-5678", friendGroup\.phoneNumbers\[11\] "12"/,
    );
    await refused(
      'POST',
      BASE,
      at({ friendGroupKey: 'many', phoneNumbers: numbers('2', 10_001) }),
      'A555',
      400,
      /at most 10000/,
    );
    await refused('POST', BASE, at({ friendGroupKey: 'typed', phoneNumbers: [{ n: 1 }] }), 'A300', 400);
    await refused(
      'POST',
      BASE,
      { friendGroup: { friendGroupKey: 'x', phoneNumbers: phones } },
      'A300',
      400,
      /senderKey/,
    );
    await refused(
      'POST',
      BASE,
      { friendGroup: { senderKey: other.senderKey, friendGroupKey: 'x', phoneNumbers: phones } },
      'A340',
      400,
    );
    // Nothing of the refused requests was registered.
    const list = await ok('GET', `${BASE}/list?senderKey=${c.senderKey}`);
    for (const key of ['both', 'neither', 'empty', 'bad', 'many', 'typed', 'x']) {
      assert.ok(
        !list.friendGroup.friendGroups.some((g: { friendGroupKey: string }) => g.friendGroupKey === key),
      );
    }

    await register({ senderKey: c.senderKey, friendGroupKey: 'dup', phoneNumbers: phones });
    await refused('POST', BASE, at({ friendGroupKey: 'dup', phoneNumbers: phones }), 'A551', 409);
    // Another profile may use the same key.
    await ok(
      'POST',
      BASE,
      { friendGroup: { senderKey: other.senderKey, friendGroupKey: 'dup', phoneNumbers: phones } },
      other.apiKey,
    );
  });

  test('a key is generated when absent', async () => {
    const reg = await register({ senderKey: c.senderKey, phoneNumbers: numbers('1009', 10) });
    assert.match(reg.friendGroupKey, /^FG[0-9a-z]+$/);
    assert.equal((await lookup(reg.friendGroupKey)).status, 'IN_PROGRESS');
  });

  test('lookup and list: own groups only; list filters by status (C is COMPLETED)', async () => {
    const sk = 'sk-list';
    const admin = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey: sk },
    });
    assert.equal(admin.statusCode, 200, admin.body);
    await register({ senderKey: sk, friendGroupKey: 'a', phoneNumbers: numbers('1010', 10) });
    await completeAll({ senderKey: sk });
    await register({ senderKey: sk, friendGroupKey: 'b', phoneNumbers: numbers('1011', 11) });
    const all = (await ok('GET', `${BASE}/list?senderKey=${sk}`)).friendGroup;
    assert.equal(all.totalCount, 2);
    assert.deepEqual(
      all.friendGroups.map((g: Record<string, unknown>) => [
        g.friendGroupKey,
        g.status,
        g.userCount,
        g.phoneNumberCount,
      ]),
      [
        ['a', 'COMPLETED', 10, 10],
        ['b', 'IN_PROGRESS', 0, 11],
      ],
    );
    for (const g of all.friendGroups) {
      assert.deepEqual(Object.keys(g).sort(), [
        'createdAt',
        'friendCount',
        'friendGroupKey',
        'modifiedAt',
        'phoneNumberCount',
        'requestId',
        'senderKey',
        'status',
        'userCount',
      ]);
    }
    const done = (await ok('GET', `${BASE}/list?senderKey=${sk}&status=C`)).friendGroup.friendGroups;
    assert.deepEqual(
      done.map((g: { friendGroupKey: string }) => g.friendGroupKey),
      ['a'],
    );
    const done2 = (await ok('GET', `${BASE}/list?senderKey=${sk}&status=COMPLETED`)).friendGroup.friendGroups;
    assert.equal(done2.length, 1);
    const busy = (await ok('GET', `${BASE}/list?senderKey=${sk}&status=IN_PROGRESS`)).friendGroup
      .friendGroups;
    assert.deepEqual(
      busy.map((g: { friendGroupKey: string }) => g.friendGroupKey),
      ['b'],
    );
    await refused('GET', `${BASE}/list?senderKey=${sk}&status=X`, undefined, 'A300', 400, /status/);

    await refused('GET', `${BASE}?senderKey=${sk}&friendGroupKey=zzz`, undefined, 'A552', 404, /zzz/);
    await refused('GET', `${BASE}?senderKey=${sk}`, undefined, 'A300', 400, /friendGroupKey/);
    await refused('GET', `${BASE}?senderKey=${other.senderKey}&friendGroupKey=dup`, undefined, 'A340', 400);
    await refused('GET', `${BASE}/list?senderKey=${other.senderKey}`, undefined, 'A340', 400);
    const res = await t.request({ method: 'GET', url: `${BASE}/list?senderKey=${sk}` });
    assert.equal(res.statusCode, 401);
  });

  test('delete: the group and its numbers go; the key is free again; a pending job does nothing', async () => {
    await register({ senderKey: c.senderKey, friendGroupKey: 'gone', phoneNumbers: numbers('1012', 10) });
    const before = await findFriendGroup(t.gw.ctx.store, c.senderKey, 'gone');
    assert.ok(before);
    const out = await call('DELETE', `${BASE}/senderKey/${c.senderKey}/friendGroupKey/gone`);
    assert.equal(out.statusCode, 200, out.body);
    assert.equal(out.json().data.code, 'A000');
    assert.equal(await findFriendGroup(t.gw.ctx.store, c.senderKey, 'gone'), undefined);
    await refused('GET', `${BASE}?senderKey=${c.senderKey}&friendGroupKey=gone`, undefined, 'A552', 404);
    await refused('DELETE', `${BASE}/senderKey/${c.senderKey}/friendGroupKey/gone`, undefined, 'A552', 404);
    await refused(
      'DELETE',
      `${BASE}/senderKey/${other.senderKey}/friendGroupKey/dup`,
      undefined,
      'A340',
      400,
    );

    await register({ senderKey: c.senderKey, friendGroupKey: 'gone', phoneNumbers: numbers('1013', 11) });
    await advance(t, PROCESS_DELAY_MS / 1000);
    const g = await lookup('gone');
    assert.deepEqual([g.status, g.userCount, g.phoneNumberCount], ['COMPLETED', 11, 11]);
  });

  test('add and remove numbers: IN_PROGRESS again, then new counts', async () => {
    const phones = numbers('1014', 12);
    await register({ senderKey: c.senderKey, friendGroupKey: 'edit', phoneNumbers: phones.slice(0, 10) });
    await advance(t, PROCESS_DELAY_MS / 1000);
    const first = await lookup('edit');
    assert.equal(first.friendCount, 10);

    const extra = numbers('1015', 3);
    await setHandset(t, extra[0] as string, { appUser: null });
    await setHandset(t, extra[1] as string, { friendOf: ['someone-else'] });
    const added = await ok('POST', `${BASE}/phoneNumbers/add`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'edit', phoneNumbers: [...extra, phones[0]] },
    });
    assert.equal(added.friendGroup.status, 'IN_PROGRESS');
    assert.equal(added.friendGroup.changedCount, 3);
    assert.equal(added.friendGroup.phoneNumberCount, 13);
    assert.notEqual(added.friendGroup.requestId, first.requestId);
    // While IN_PROGRESS the lookup shows the last processing's counts.
    let g = await lookup('edit');
    assert.deepEqual([g.status, g.userCount, g.friendCount], ['IN_PROGRESS', 10, 10]);
    await advance(t, PROCESS_DELAY_MS / 1000);
    g = await lookup('edit');
    assert.deepEqual([g.status, g.userCount, g.friendCount, g.phoneNumberCount], ['COMPLETED', 12, 11, 13]);

    const removed = await ok('POST', `${BASE}/phoneNumbers/remove`, {
      friendGroup: {
        senderKey: c.senderKey,
        friendGroupKey: 'edit',
        phoneNumbers: [extra[0], phones[1], phones[11]],
      },
    });
    assert.equal(removed.friendGroup.status, 'IN_PROGRESS');
    assert.equal(removed.friendGroup.changedCount, 2);
    assert.equal(removed.friendGroup.phoneNumberCount, 11);
    await completeAll({ senderKey: c.senderKey, friendGroupKey: 'edit' });
    g = await lookup('edit');
    assert.deepEqual([g.status, g.userCount, g.friendCount, g.phoneNumberCount], ['COMPLETED', 11, 10, 11]);

    // By an uploaded list: add, then remove the same list.
    const listed = numbers('1016', 4);
    const up = (await upload(listed.join('\n'))).json().data.data.friendGroup;
    const add2 = await ok('POST', `${BASE}/phoneNumbers/add`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'edit', fileKey: up.fileKey },
    });
    assert.equal(add2.friendGroup.changedCount, 4);
    await completeAll({ senderKey: c.senderKey, friendGroupKey: 'edit' });
    assert.equal((await lookup('edit')).friendCount, 14);
    const rm2 = await ok('POST', `${BASE}/phoneNumbers/remove`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'edit', fileKey: up.fileKey },
    });
    assert.equal(rm2.friendGroup.changedCount, 4);
    await advance(t, PROCESS_DELAY_MS / 1000);
    g = await lookup('edit');
    assert.deepEqual([g.status, g.friendCount, g.phoneNumberCount], ['COMPLETED', 10, 11]);
  });

  test('a change made while processing is due completes only with its own processing', async () => {
    await register({ senderKey: c.senderKey, friendGroupKey: 'race', phoneNumbers: numbers('1017', 10) });
    await advance(t, PROCESS_DELAY_MS / 1000 - 2);
    await ok('POST', `${BASE}/phoneNumbers/add`, {
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'race', phoneNumbers: numbers('1018', 2) },
    });
    // The first processing is due now, but the group has moved on to the next revision.
    await advance(t, 2);
    assert.equal((await lookup('race')).status, 'IN_PROGRESS');
    await advance(t, PROCESS_DELAY_MS / 1000 - 2);
    const g = await lookup('race');
    assert.deepEqual([g.status, g.userCount, g.phoneNumberCount], ['COMPLETED', 12, 12]);
  });

  test('add and remove refusals', async () => {
    await register({ senderKey: c.senderKey, friendGroupKey: 'edit2', phoneNumbers: numbers('1019', 10) });
    const body = (fg: Record<string, unknown>) => ({
      friendGroup: { senderKey: c.senderKey, friendGroupKey: 'edit2', ...fg },
    });
    for (const action of ['add', 'remove']) {
      const url = `${BASE}/phoneNumbers/${action}`;
      await refused(
        'POST',
        url,
        body({ friendGroupKey: 'nope', phoneNumbers: ['01012345678'] }),
        'A552',
        404,
      );
      await refused('POST', url, body({}), 'A554', 400);
      await refused('POST', url, body({ phoneNumbers: ['01012345678'], fileKey: 'f' }), 'A554', 400);
      await refused('POST', url, body({ phoneNumbers: [] }), 'A556', 400);
      await refused(
        'POST',
        url,
        body({ phoneNumbers: ['01012345678', '+821012345678'] }),
        'A553',
        400,
        /\[1\]/,
      );
      await refused('POST', url, body({ phoneNumbers: numbers('3', 10_001) }), 'A555', 400);
      await refused('POST', url, body({ fileKey: 'FGFnope' }), 'A217', 400);
      await refused(
        'POST',
        url,
        { friendGroup: { senderKey: c.senderKey, phoneNumbers: ['01012345678'] } },
        'A300',
        400,
      );
      await refused(
        'POST',
        url,
        { friendGroup: { senderKey: other.senderKey, friendGroupKey: 'dup', phoneNumbers: ['01012345678'] } },
        'A340',
        400,
      );
    }
    const g = await lookup('edit2');
    assert.equal(g.phoneNumberCount, 10);
  });

  test('a group holds at most 100,000 numbers; an add past it changes nothing', async () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `010${String(30_000_000 + i)}`).join('\n');
    const res = await upload(text);
    assert.equal(res.statusCode, 200, res.body);
    const up = res.json().data.data.friendGroup;
    assert.equal(up.phoneNumberCount, 100_000);
    await register({ senderKey: c.senderKey, friendGroupKey: 'big', fileKey: up.fileKey });
    await refused(
      'POST',
      `${BASE}/phoneNumbers/add`,
      { friendGroup: { senderKey: c.senderKey, friendGroupKey: 'big', phoneNumbers: ['01099999999'] } },
      'A555',
      400,
      /100001/,
    );
    await completeAll({ senderKey: c.senderKey, friendGroupKey: 'big' });
    const g = await lookup('big');
    assert.deepEqual(
      [g.status, g.userCount, g.friendCount, g.phoneNumberCount],
      ['COMPLETED', 100_000, 100_000, 100_000],
    );
  });
});

describeEachDb('friend groups without the sandbox', (db) => {
  let t: TestGateway;
  let c: { apiKey: string; senderKey: string };

  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_SANDBOX: 'false' } });
    // setupClient needs the sandbox (its template review): the account and profile by hand.
    const acc = await t.createAccount('plain');
    const senderKey = `sk-${acc.accountId}`;
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${acc.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey },
    });
    assert.equal(res.statusCode, 200, res.body);
    c = { apiKey: acc.apiKey, senderKey };
  });
  after(() => t.close());

  test('every well-formed number counts as an app user and a friend; processing still waits', async () => {
    // Handsets in the database are not consulted when the sandbox is off.
    const phones = numbers('1020', 10);
    await t.gw.ctx.store.db
      .insertInto('sandbox_handsets')
      .values({ phone: phones[0] as string, props: '{"appUser":null}', updated_at: 0 })
      .execute();
    const res = await t.request({
      method: 'POST',
      url: BASE,
      apiKey: c.apiKey,
      body: { friendGroup: { senderKey: c.senderKey, friendGroupKey: 'g', phoneNumbers: phones } },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.data.friendGroup.status, 'IN_PROGRESS');
    // No /sandbox/v1/clock without the sandbox: the manual clock is moved directly.
    const clock = t.gw.ctx.clock;
    assert.ok(isManual(clock));
    clock.advance(PROCESS_DELAY_MS);
    await t.gw.runner?.whenIdle();
    const g = (
      await t.request({
        method: 'GET',
        url: `${BASE}?senderKey=${c.senderKey}&friendGroupKey=g`,
        apiKey: c.apiKey,
      })
    ).json().data.data.friendGroup;
    assert.deepEqual([g.status, g.userCount, g.friendCount], ['COMPLETED', 10, 10]);
  });
});
