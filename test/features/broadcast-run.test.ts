import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { api, completedGroup, numbers, plainTemplate, setClock } from './broadcast-helpers.ts';

/*
 * The run: 1,000 numbers at 100 a second, started five seconds before 20:50, stopped by
 * the window at 20:50, resumed at 08:00, DONE; every number's inbox holds the message once.
 */
describeEachDb('broadcast: a run through the night stop', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    await setClock(t, '2026-11-23 20:00:00');
    c = await setupClient(t);
    await plainTemplate(t, c, 'WEEKLY', '이번 주 혜택 안내');
  });
  after(() => t.close());

  test('READY → SENDING at 100/s → automatic stop at 20:50 → 08:00 → DONE, each number once', async () => {
    const phones = numbers('51', 1000);
    await completedGroup(t, c, 'vip', phones);
    const b = api(t, c);
    const created = b.record(
      await b.create({
        templateCode: 'WEEKLY',
        friendGroupKey: 'vip',
        sendStartAt: '2026-11-23 20:49:55',
        tpsLimit: 100,
        campaignId: 'cmp-1',
      }),
    );
    assert.equal(created.status, 'READY');
    assert.equal(created.sendCount, 0);
    assert.equal(created.expectedCount, 1000);
    const id = created.requestId;

    await setClock(t, '2026-11-23 20:49:54');
    assert.deepEqual(await progress(), ['READY', 0]);
    const seen: Array<[string, number]> = [];
    for (const s of ['55', '56', '57', '58', '59']) {
      await setClock(t, `2026-11-23 20:49:${s}`);
      seen.push(await progress());
    }
    assert.deepEqual(seen, [
      ['SENDING', 100],
      ['SENDING', 200],
      ['SENDING', 300],
      ['SENDING', 400],
      ['SENDING', 500],
    ]);
    // The window closes: nothing more until 08:00, and the state stays SENDING.
    for (const at of [
      '2026-11-23 20:50:00',
      '2026-11-23 20:50:01',
      '2026-11-24 03:00:00',
      '2026-11-24 07:59:59',
    ]) {
      await setClock(t, at);
      assert.deepEqual(await progress(), ['SENDING', 500], at);
    }
    const morning: Array<[string, number]> = [];
    for (const s of ['00', '01', '02', '03', '04', '05']) {
      await setClock(t, `2026-11-24 08:00:${s}`);
      morning.push(await progress());
    }
    assert.deepEqual(morning, [
      ['SENDING', 600],
      ['SENDING', 700],
      ['SENDING', 800],
      ['SENDING', 900],
      ['SENDING', 1000],
      ['DONE', 1000],
    ]);
    await settle(t);

    // Every inbox: exactly the one message.
    const counts = new Map<number, number>();
    for (const phone of phones) {
      const res = await t.request({ method: 'GET', url: `/sandbox/v1/handsets/${phone}/inbox`, admin: true });
      const msgs = res.json<{ messages: Array<{ channel: string; text: string }> }>().messages;
      counts.set(msgs.length, (counts.get(msgs.length) ?? 0) + 1);
      if (msgs.length === 1) {
        assert.equal(msgs[0]?.channel, 'brandmessage');
        assert.equal(msgs[0]?.text, '이번 주 혜택 안내');
      }
    }
    assert.deepEqual([...counts], [[1, 1000]]);

    async function progress(): Promise<[string, number]> {
      const r = await b.status(id);
      return [r.status, r.sendCount];
    }
  });
});

describeEachDb('broadcast: across a restart', (db) => {
  test('a broadcast stopped by a restart mid-way goes on after it, each number once', async () => {
    let t = await startTestGateway(db, { clock: 'manual' });
    await setClock(t, '2026-11-23 09:00:00');
    const c = await setupClient(t);
    await plainTemplate(t, c, 'RESTART', '재시작 안내');
    const phones = numbers('52', 50);
    await completedGroup(t, c, 'r50', phones);
    const id = api(t, c).record(
      await api(t, c).create({
        templateCode: 'RESTART',
        friendGroupKey: 'r50',
        sendStartAt: '2026-11-23 09:10:00',
        tpsLimit: 10,
      }),
    ).requestId;
    await setClock(t, '2026-11-23 09:10:00');
    await setClock(t, '2026-11-23 09:10:01');
    assert.equal((await api(t, c).status(id)).sendCount, 20);
    await t.close();

    t = await startTestGateway(db, { clock: 'manual' });
    try {
      for (const s of ['02', '03', '04', '05']) await setClock(t, `2026-11-23 09:10:${s}`);
      const after = await api(t, c).status(id);
      assert.deepEqual([after.status, after.sendCount], ['DONE', 50]);
      await settle(t);
      for (const p of phones) {
        const res = await t.request({ method: 'GET', url: `/sandbox/v1/handsets/${p}/inbox`, admin: true });
        assert.equal(res.json().messages.length, 1, p);
      }
    } finally {
      await t.close();
    }
  });
});
