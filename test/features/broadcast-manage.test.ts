import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, inbox, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { brandTemplate } from '../helpers/templates.ts';
import {
  api,
  BASE,
  completedGroup,
  numbers,
  plainTemplate,
  refusedWith,
  setClock,
} from './broadcast-helpers.ts';

/* Creating broadcasts (each refusal), pause, resume, terminate, look-up, all friends, estimate. */
describeEachDb('broadcast: rules and states', (db) => {
  let t: TestGateway;
  let c: Client;
  let b: ReturnType<typeof api>;
  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    await setClock(t, '2026-11-23 10:00:00');
    c = await setupClient(t);
    b = api(t, c);
    await plainTemplate(t, c, 'PLAIN');
    await completedGroup(t, c, 'g20', numbers('61', 20));
  });
  after(() => t.close());

  const ok = {
    templateCode: 'PLAIN',
    friendGroupKey: 'g20',
    sendStartAt: '2026-11-23 11:00:00',
    tpsLimit: 5,
  };

  test('refusals: template, group, start time, tpsLimit, pushAlarm, profile', async () => {
    await brandTemplate(t, c, {
      templateCode: 'VARS',
      templateName: 'v',
      msgType: 'TEXT',
      text: '#{name}님 안내',
    });
    refusedWith(await b.create({ ...ok, templateCode: 'VARS' }), 'A590', '#{name}');
    refusedWith(await b.create({ ...ok, templateCode: 'NONE' }), 'A505', 'NONE');
    refusedWith(await b.create({ ...ok, templateCode: undefined }), 'A300', 'templateCode');
    refusedWith(await b.create({ ...ok, friendGroupKey: 'nope' }), 'A591', 'nope');
    await completedGroup(t, c, 'g9', numbers('62', 9));
    refusedWith(await b.create({ ...ok, friendGroupKey: 'g9' }), 'A592', '9 users');
    const pending = await t.request({
      method: 'POST',
      url: '/api/comm/v1/center/brandmessage/friendGroup',
      apiKey: c.apiKey,
      body: {
        friendGroup: { senderKey: c.senderKey, friendGroupKey: 'busy', phoneNumbers: numbers('63', 12) },
      },
    });
    assert.equal(pending.json().data.code, 'A000', pending.body);
    refusedWith(await b.create({ ...ok, friendGroupKey: 'busy' }), 'A592', 'IN_PROGRESS');
    refusedWith(await b.create({ ...ok, sendStartAt: '2026/11/23 11:00' }), 'A593', 'sendStartAt');
    refusedWith(await b.create({ ...ok, sendStartAt: undefined }), 'A593', 'required');
    refusedWith(await b.create({ ...ok, sendStartAt: '2026-11-23 10:09:59' }), 'A594', '10:10:00');
    assert.equal(b.record(await b.create({ ...ok, sendStartAt: '2026-11-23 10:10:00' })).status, 'READY');
    refusedWith(await b.create({ ...ok, sendStartAt: '2026-11-23 20:50:00' }), 'A595', '20:50:00');
    refusedWith(await b.create({ ...ok, sendStartAt: '2026-11-24 07:59:59' }), 'A595');
    assert.equal(b.record(await b.create({ ...ok, sendStartAt: '2026-11-23 20:49:59' })).status, 'READY');
    for (const tpsLimit of [0, 1001, 1.5])
      refusedWith(await b.create({ ...ok, tpsLimit }), tpsLimit === 1.5 ? 'A300' : 'A596');
    assert.equal(b.record(await b.create({ ...ok, tpsLimit: '7' })).tpsLimit, 7);
    refusedWith(await b.create({ ...ok, pushAlarm: 'X' }), 'A597', 'X');
    refusedWith(await b.create({ ...ok, campaignId: 'c'.repeat(101) }), 'A300', 'campaignId');
    refusedWith(await b.create({ ...ok, senderKey: 'sk-other' }), 'A340', 'sk-other');
  });

  test('pause keeps sendCount; resume goes on; terminate stops; wrong states are A824', async () => {
    await setClock(t, '2026-11-23 12:00:00');
    // A group of its own: the broadcasts of the other tests go to g20.
    await completedGroup(t, c, 'own', numbers('65', 20));
    const id = b.record(
      await b.create({ ...ok, friendGroupKey: 'own', sendStartAt: '2026-11-23 12:10:00', tpsLimit: 4 }),
    ).requestId;
    refusedWith(await b.act('pause', id), 'A824', 'READY');
    refusedWith(await b.act('resume', id), 'A824', 'READY');
    await setClock(t, '2026-11-23 12:10:00');
    await setClock(t, '2026-11-23 12:10:01');
    assert.deepEqual(pick(await b.status(id)), ['SENDING', 8]);
    const paused = b.record(await b.act('pause', id));
    assert.deepEqual(pick(paused), ['PAUSED', 8]);
    for (const s of ['02', '03', '30']) await setClock(t, `2026-11-23 12:10:${s}`);
    assert.deepEqual(pick(await b.status(id)), ['PAUSED', 8], 'nothing sent while paused');
    // Pause and resume within one second do not send a second chunk in that second.
    assert.deepEqual(pick(b.record(await b.act('resume', id))), ['READY', 8]);
    await settle(t);
    assert.deepEqual(pick(await b.status(id)), ['SENDING', 12]);
    for (let i = 0; i < 3; i++) {
      b.record(await b.act('pause', id));
      b.record(await b.act('resume', id));
      await settle(t);
    }
    assert.deepEqual(pick(await b.status(id)), ['SENDING', 12], 'still one chunk in this second');
    b.record(await b.act('pause', id));
    assert.deepEqual(pick(b.record(await b.act('resume', id))), ['READY', 12]);
    await setClock(t, '2026-11-23 12:10:31');
    assert.deepEqual(pick(await b.status(id)), ['SENDING', 16], 'resumed, a second after its last chunk');
    assert.deepEqual(pick(b.record(await b.act('terminate', id))), ['TERMINATED', 16]);
    await setClock(t, '2026-11-23 12:11:00');
    assert.deepEqual(pick(await b.status(id)), ['TERMINATED', 16]);
    refusedWith(await b.act('resume', id), 'A824', 'TERMINATED');
    // The 16 handed over got it once (numbers go in ascending order); the last 4 never.
    const got = await Promise.all(numbers('65', 20).map(async (p) => (await inbox(t, p)).length));
    assert.deepEqual(got, [...Array(16).fill(1), ...Array(4).fill(0)]);
  });

  test('terminate while READY; look-up needs the account and profile (A820)', async () => {
    const id = b.record(await b.create({ ...ok, sendStartAt: '2026-11-23 14:00:00' })).requestId;
    assert.equal(b.record(await b.act('terminate', id)).status, 'TERMINATED');
    await setClock(t, '2026-11-23 14:00:05');
    assert.equal((await b.status(id)).sendCount, 0);
    // A paused broadcast can be terminated without resuming it (nothing more goes out).
    await completedGroup(t, c, 'p10', numbers('66', 12));
    const p = b.record(
      await b.create({ ...ok, friendGroupKey: 'p10', sendStartAt: '2026-11-23 14:10:05', tpsLimit: 5 }),
    ).requestId;
    await setClock(t, '2026-11-23 14:10:05');
    assert.deepEqual(pick(b.record(await b.act('pause', p))), ['PAUSED', 5]);
    assert.deepEqual(pick(b.record(await b.act('terminate', p))), ['TERMINATED', 5]);
    await setClock(t, '2026-11-23 14:10:30');
    assert.deepEqual(pick(await b.status(p)), ['TERMINATED', 5]);
    refusedWith(await b.get(999_999), 'A820', '999999');
    const other = await setupClient(t, 'other');
    const res = await t.request({
      method: 'GET',
      url: `${BASE}?senderKey=${other.senderKey}&requestId=${id}`,
      apiKey: other.apiKey,
    });
    refusedWith(res, 'A820');
    const missing = await t.request({
      method: 'GET',
      url: `${BASE}?senderKey=${c.senderKey}`,
      apiKey: c.apiKey,
    });
    refusedWith(missing, 'A300', 'requestId');
  });

  test('all friends: the sandbox handsets that are friends of the profile', async () => {
    const fresh = await setupClient(t, 'fans');
    const fb = api(t, fresh);
    await plainTemplate(t, fresh, 'HELLO', '안녕하세요');
    refusedWith(await fb.create({ templateCode: 'HELLO', sendStartAt: '2026-11-23 16:00:00' }), 'A598');
    const fans = numbers('64', 12);
    for (const p of fans) await setHandset(t, p, { friendOf: [fresh.senderKey] });
    await setHandset(t, '01064999999', { friendOf: ['someone-else'] });
    const rec = fb.record(
      await fb.create({ templateCode: 'HELLO', sendStartAt: '2026-11-23 16:00:00', tpsLimit: 5 }),
    );
    assert.equal(rec.expectedCount, 12);
    assert.equal(rec.friendGroupKey, null);
    for (const s of ['00', '01', '02', '03']) await setClock(t, `2026-11-23 16:00:${s}`);
    assert.deepEqual(pick(await fb.status(rec.requestId)), ['DONE', 12]);
    for (const p of fans)
      assert.deepEqual(
        (await inbox(t, p)).map((m) => m.text),
        ['안녕하세요'],
      );
    assert.deepEqual(await inbox(t, '01064999999'), []);
  });

  test('estimate: duration and finish time across the 20:50-08:00 stop', async () => {
    const q = (s: string) =>
      t.request({ method: 'GET', url: `${BASE}/estimate?senderKey=${c.senderKey}&${s}`, apiKey: c.apiKey });
    const day = (await q('startTime=2026-11-23T10:00:00&count=1000')).json().data.data;
    assert.deepEqual(day, { estimatedFinishedAt: '2026-11-23T10:00:10', duration: 10 });
    const night = (await q('startTime=2026-11-23T20:49:55&count=1000&tpsLimit=100')).json().data.data;
    assert.deepEqual(night, { estimatedFinishedAt: '2026-11-24T08:00:05', duration: 40_210 });
    refusedWith(await q('startTime=2026-11-23 10:00&count=1'), 'A593', 'expected yyyy-MM-ddTHH:mm:ss');
    refusedWith(await q('startTime=2026-11-23T10:00:00&count=1&tpsLimit=0'), 'A596', 'tpsLimit 0');
    refusedWith(await q('startTime=2026-11-23T10:00:00'), 'A300', 'count');
    // Unbounded, this held the event loop for minutes (the estimate walks the days).
    refusedWith(await q('startTime=2026-11-23T10:00:00&count=100000000000000000000'), 'A300', 'count');
    const most = (await q('startTime=2026-11-23T10:00:00&count=100000000&tpsLimit=1')).json().data;
    assert.equal(most.code, 'A000');
  });

  const pick = (r: { status: string; sendCount: number }) => [r.status, r.sendCount];
});
