import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { SandboxConnector } from '../../src/connectors/sandbox/connector.ts';
import { receiveMo, receiveNetworkMo } from '../../src/features/mo/receive.ts';
import { settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { moAccount, moOf, Receiver, sendMo, setWebhook } from './mo-helpers.ts';
import { connectorOf, SseClient, step } from './sandbox-timeline-helpers.ts';

interface Item {
  id: number;
  kind: string;
  channel: string;
  msgType: string | null;
  from: string | null;
  text: string;
  msgKey: string;
  step: number;
  failover: boolean;
  receivedAt: string;
  payload: Record<string, unknown>;
  failure: unknown;
  media: Record<string, string>;
  mo: { to: string; status: string | null } | null;
}

/*
 * An MO sent from a sandbox handset is part of that handset's conversation: in its timeline and
 * its live stream, in id order with what it received, and nowhere that shows what reached it
 * (the inbox API, the handsets list's counts). A network's MO writes no timeline row.
 */
describeEachDb('sandbox handset timeline: the MOs it sent', (db) => {
  let t: TestGateway;
  let conn: SandboxConnector;
  let base: string;
  const open: SseClient[] = [];
  const MO_NUMBER = '15887000';
  before(async () => {
    t = await startTestGateway(db);
    conn = connectorOf(t);
    await moAccount(t, 'moacct', MO_NUMBER);
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-03-10 12:00:00' },
    });
    await t.gw.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.gw.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  const get = (url: string) => t.request({ method: 'GET', url, admin: true });
  const timeline = async (phone: string, query = '') => {
    const res = await get(`/sandbox/v1/handsets/${phone}/timeline${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ items: Item[]; hasOlder: boolean; olderCursor: number | null }>();
  };
  const inbox = async (phone: string) => {
    const res = await get(`/sandbox/v1/handsets/${phone}/inbox`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ messages: Array<{ msgKey: string }>; lastId: number | null }>();
  };
  const listed = async (phone: string) => {
    const res = await get(`/sandbox/v1/handsets?search=${phone}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ handsets: Array<{ phone: string; count: number; unread: number; lastId: number }> }>()
      .handsets;
  };

  test('an MO sent through /sandbox/v1/mo is in the sender handset timeline, in id order between received messages', async () => {
    const phone = '01071000001';
    const first = step(phone);
    await conn.submit([first]);
    const mo = await sendMo(t, { to: MO_NUMBER, from: phone, content: 'Is my order on its way?' });
    const second = step(phone, { channel: 'mms', msgType: 'LM', title: 'Re: order' });
    await conn.submit([second]);
    // Its first delivery attempt made (no webhook: failed, a retry waits on the manual clock).
    await settle(t);

    const page = await timeline(phone);
    assert.deepEqual(
      page.items.map((i) => [i.kind, i.msgKey]),
      [
        ['message', first.msgKey],
        ['mo', mo.msgKey],
        ['message', second.msgKey],
      ],
    );
    const ids = page.items.map((i) => i.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'one id sequence orders both',
    );
    const sent = page.items[1];
    assert.deepEqual(
      {
        channel: sent?.channel,
        msgType: sent?.msgType,
        from: sent?.from,
        text: sent?.text,
        step: sent?.step,
        failover: sent?.failover,
        receivedAt: sent?.receivedAt,
        failure: sent?.failure,
        mo: sent?.mo,
      },
      {
        channel: 'mo',
        msgType: 'SM',
        from: phone,
        text: 'Is my order on its way?',
        step: 0,
        failover: false,
        receivedAt: '2026-03-10T12:00:00+09:00',
        failure: null,
        mo: { to: MO_NUMBER, status: 'FAILED' },
      },
    );
    assert.equal(sent?.payload.to, MO_NUMBER);
    assert.equal(sent?.payload.content, 'Is my order on its way?');
    assert.equal(page.items[0]?.mo, null, 'a received item has no mo');

    // Paging walks across it as across any row.
    const older = await timeline(phone, `?before=${page.items[2]?.id}&limit=1`);
    assert.deepEqual(
      older.items.map((i) => i.msgKey),
      [mo.msgKey],
    );
    assert.equal(older.hasOlder, true);
  });

  test('the inbox endpoint and the handsets list counts are unchanged by the MO; it orders the list as activity', async () => {
    const phone = '01071000002';
    const received = step(phone);
    await conn.submit([received]);
    const before = await inbox(phone);
    const [listedBefore] = await listed(phone);
    assert.deepEqual([listedBefore?.count, listedBefore?.unread], [1, 1]);

    const mo = await sendMo(t, { to: MO_NUMBER, from: phone, content: 'STOP' });
    assert.deepEqual(await inbox(phone), before, 'the inbox shows only what reached the handset');
    const [listedAfter] = await listed(phone);
    assert.deepEqual([listedAfter?.phone, listedAfter?.count, listedAfter?.unread], [phone, 1, 1]);
    const moId = (await timeline(phone)).items.find((i) => i.msgKey === mo.msgKey)?.id;
    assert.equal(listedAfter?.lastId, moId, 'sending is activity of the conversation');

    // Read up to the newest row (the MO): nothing unread; the MO never counts as unread anyway.
    const read = await t.request({
      method: 'POST',
      url: `/sandbox/v1/handsets/${phone}/read`,
      admin: true,
      body: { upTo: (await timeline(phone)).items[0]?.id },
    });
    assert.equal(read.json().unread, 0, read.body);

    // A handset that only sent: listed, with nothing received.
    const quiet = '01071000003';
    await sendMo(t, { to: MO_NUMBER, from: quiet, content: 'hello?' });
    const [only] = await listed(quiet);
    assert.deepEqual([only?.phone, only?.count, only?.unread], [quiet, 0, 0]);
    assert.deepEqual((await inbox(quiet)).messages, []);

    // Emptying the inbox empties the conversation; `deleted` counts what the inbox showed.
    const cleared = await t.request({
      method: 'DELETE',
      url: `/sandbox/v1/handsets/${phone}/inbox`,
      admin: true,
    });
    assert.deepEqual(cleared.json(), { phone, deleted: 1 });
    assert.deepEqual((await timeline(phone)).items, []);
    assert.equal((await moOf(t, mo.msgKey)).content, 'STOP', 'the MO itself stays');
  });

  test('the device is originator, else from; a repeat, a refusal and a network MO write no row', async () => {
    const device = '01071000004';
    const typed = '01099999999';
    const mo = await sendMo(t, {
      to: MO_NUMBER,
      from: typed,
      originator: device,
      content: 'from another number',
      networkId: 'n-1',
    });
    const items = (await timeline(device)).items;
    assert.deepEqual(
      items.map((i) => [i.kind, i.msgKey, i.from]),
      [['mo', mo.msgKey, typed]],
    );
    assert.deepEqual((await timeline(typed)).items, [], 'the number typed as from is not the device');

    const again = await sendMo(t, {
      to: MO_NUMBER,
      from: typed,
      originator: device,
      content: 'from another number',
      networkId: 'n-1',
    });
    assert.deepEqual([again.created, again.msgKey], [false, mo.msgKey]);
    const refused = await t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: '15880001', from: device, content: 'nobody owns this number' },
    });
    assert.equal(refused.json().code, 'A730', refused.body);
    assert.equal((await timeline(device)).items.length, 1, 'neither the repeat nor the refused MO');

    const net = await receiveMo(t.gw.ctx, {
      to: MO_NUMBER,
      from: device,
      content: 'via the carrier',
      connector: 'smpp-test',
      networkId: 'smsc-1',
    });
    assert.equal(net.created, true);
    const dropped = await receiveNetworkMo(t.gw.ctx, {
      to: MO_NUMBER,
      from: device,
      content: 'via the carrier too',
      connector: 'smpp-test',
      networkId: 'smsc-2',
    });
    assert.equal(dropped?.created, true);
    assert.equal((await moOf(t, net.msgKey)).content, 'via the carrier');
    assert.deepEqual(
      (await timeline(device)).items.map((i) => i.msgKey),
      [mo.msgKey],
      'an MO from the network is no sandbox handset sending',
    );
  });

  test('the live stream sends the MO as it is sent, between received rows, and resumes by id', async () => {
    const phone = '01071000005';
    const c = await SseClient.open(`${base}/sandbox/v1/handsets/${phone}/timeline/stream?since=0`, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    });
    open.push(c);
    const first = step(phone);
    await conn.submit([first]);
    await c.until((x) => x.items().length === 1, 10_000, 'the received row');
    const mo = await sendMo(t, { to: MO_NUMBER, from: phone, content: 'on my way' });
    await c.until((x) => x.items().length === 2, 10_000, 'the MO, live');
    const second = step(phone);
    await conn.submit([second]);
    await c.until((x) => x.items().length === 3, 10_000, 'the row after the MO');
    assert.deepEqual(
      c.items().map((i) => [i.kind, i.msgKey]),
      [
        ['message', first.msgKey],
        ['mo', mo.msgKey],
        ['message', second.msgKey],
      ],
    );
    const sent = JSON.parse(c.events.filter((e) => e.event === 'item')[1]?.data ?? '{}') as Item;
    assert.equal(sent.mo?.to, MO_NUMBER);
    assert.equal(sent.text, 'on my way');

    // Resuming after the first row sends the MO again, then the rest.
    const resumed = await SseClient.open(`${base}/sandbox/v1/handsets/${phone}/timeline/stream`, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'last-event-id': String(c.items()[0]?.id),
    });
    open.push(resumed);
    await resumed.until((x) => x.items().length === 2, 10_000, 'the rows after the first');
    assert.deepEqual(
      resumed.items().map((i) => i.msgKey),
      [mo.msgKey, second.msgKey],
    );
  });

  test('the item says the MO webhook delivery as it is when read', async () => {
    const receiver = new Receiver('mo-secret-0123456789');
    const url = await receiver.start();
    try {
      const number = '15887001';
      const acc = await moAccount(t, 'hooked', number);
      await setWebhook(t, acc.accountId, { url, secret: receiver.secret });
      const phone = '01071000006';
      const mo = await sendMo(t, { to: number, from: phone, content: 'delivered?' });
      await settle(t);
      assert.equal(receiver.of(mo.msgKey).acked, 1);
      assert.deepEqual((await timeline(phone)).items[0]?.mo, { to: number, status: 'DELIVERED' });
    } finally {
      await receiver.stop();
    }
  });
});
