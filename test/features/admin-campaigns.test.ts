import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  api,
  completedGroup,
  numbers,
  plainTemplate,
  setClock as setBroadcastClock,
} from './broadcast-helpers.ts';
import {
  adminOk,
  adminRefused,
  type BroadcastRowView,
  type Broadcasts,
  needsAuth,
  type Reservation,
  type Reservations,
} from './ops-helpers.ts';
import { advance, onDay, reserve, START, setClock, settle, statusOf } from './reservation-helpers.ts';

/*
 * The operator's reservations and broadcasts of every account (GET /admin/v1/reservations and
 * /broadcasts) and their actions, which run the client API's own use cases as the owning account.
 */

describeEachDb('admin: reservations of every account', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    await settle(t);
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
  });
  after(() => t.close());

  const list = (q = '') => adminOk<Reservations>(t, 'GET', `/admin/v1/reservations${q}`);
  const act = (resvKey: string, a: string) =>
    adminOk<Reservation>(t, 'POST', `/admin/v1/reservations/${resvKey}/${a}`);

  test('the operator token is required', async () => {
    await needsAuth(t, 'GET', '/admin/v1/reservations');
    await needsAuth(t, 'POST', '/admin/v1/reservations/rsv_x/stop');
  });

  test('listed newest first with state, progress and the actions the state allows; filters; pages', async () => {
    const a = await reserve(t, c, {
      to: ['01041000001', '01041000002'],
      at: onDay(t, 0, '10:30:00'),
      name: '첫',
    });
    const b = await reserve(t, other, { to: ['01041000003'], at: onDay(t, 0, '10:40:00') });
    const all = await list();
    assert.deepEqual(
      all.reservations.map((r) => r.resvKey),
      [b.resvKey, a.resvKey],
    );
    const first = all.reservations[1];
    assert.equal(first?.accountId, c.accountId);
    assert.equal(first?.resvName, '첫');
    assert.equal(first?.status, 'PENDING');
    assert.deepEqual(first?.progress, { sent: 0, expected: 2 });
    assert.deepEqual(first?.messages, { held: 2 });
    assert.deepEqual(first?.actions, ['stop', 'cancel']);
    assert.deepEqual(
      (await list(`?accountId=${other.accountId}`)).reservations.map((r) => r.resvKey),
      [b.resvKey],
    );
    assert.deepEqual((await list('?status=STOPPED')).reservations, []);
    const p1 = await list('?limit=1');
    assert.deepEqual(
      p1.reservations.map((r) => r.resvKey),
      [b.resvKey],
    );
    assert.ok(p1.next);
    const p2 = await list(`?limit=1&cursor=${p1.next}`);
    assert.deepEqual(
      p2.reservations.map((r) => r.resvKey),
      [a.resvKey],
    );
    assert.equal(p2.next, null, 'the oldest: nothing after it');
    await adminRefused(t, 'GET', '/admin/v1/reservations?cursor=abc', 'A300', 'cursor');
    await adminRefused(t, 'GET', '/admin/v1/reservations?status=LATE', 'A300', 'status');
    await adminRefused(t, 'GET', '/admin/v1/reservations?limit=500', 'A300', 'limit');
  });

  test('stop, resume, cancel as the account would; the client API sees it; wrong states are A824', async () => {
    const r = await reserve(t, c, { to: ['01041000010'], at: onDay(t, 0, '10:50:00') });
    const stopped = await act(r.resvKey, 'stop');
    assert.equal(stopped.status, 'STOPPED');
    assert.deepEqual(stopped.actions, ['resume', 'cancel']);
    assert.equal(await statusOf(t, c, r.resvKey), 'STOPPED');
    await adminRefused(t, 'POST', `/admin/v1/reservations/${r.resvKey}/stop`, 'A824', 'is STOPPED');
    assert.equal((await act(r.resvKey, 'resume')).status, 'PENDING');
    assert.equal(await statusOf(t, c, r.resvKey), 'PENDING');
    const cancelled = await act(r.resvKey, 'cancel');
    assert.equal(cancelled.status, 'CANCELLED');
    assert.deepEqual(cancelled.actions, []);
    assert.deepEqual(cancelled.progress, { sent: 0, expected: 1 });
    assert.equal(await statusOf(t, c, r.resvKey), 'CANCELLED');
    await adminRefused(t, 'POST', `/admin/v1/reservations/${r.resvKey}/resume`, 'A824', 'is CANCELLED');
    await adminRefused(t, 'POST', '/admin/v1/reservations/rsv_unknown/cancel', 'A820', 'rsv_unknown');
  });

  test('a fired reservation shows what was sent of what was expected', async () => {
    const r = await reserve(t, c, { to: ['01041000020', '01041000021'], at: onDay(t, 0, '11:30:00') });
    await advance(t, 2 * 3600);
    const done = (await list(`?accountId=${c.accountId}`)).reservations.find((x) => x.resvKey === r.resvKey);
    assert.equal(done?.status, 'DONE');
    assert.deepEqual(done?.progress, { sent: 2, expected: 2 });
    assert.deepEqual(done?.actions, []);
  });
});

describeEachDb('admin: broadcasts of every account', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    await setBroadcastClock(t, '2026-11-23 10:00:00');
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
    for (const x of [c, other]) await plainTemplate(t, x, 'PLAIN');
    await completedGroup(t, c, 'g20', numbers('71', 20));
    await completedGroup(t, other, 'o12', numbers('72', 12));
  });
  after(() => t.close());

  const list = (q = '') => adminOk<Broadcasts>(t, 'GET', `/admin/v1/broadcasts${q}`);
  const act = (id: number, a: string) =>
    adminOk<BroadcastRowView>(t, 'POST', `/admin/v1/broadcasts/${id}/${a}`);

  test('the operator token is required', async () => {
    await needsAuth(t, 'GET', '/admin/v1/broadcasts');
    await needsAuth(t, 'POST', '/admin/v1/broadcasts/1/pause');
  });

  test('pause, resume, terminate as the account would, with progress; filters and pages', async () => {
    const b = api(t, c);
    // The client API answers requestId as a string of digits; the operator API as a number.
    const id = Number(
      b.record(
        await b.create({
          templateCode: 'PLAIN',
          friendGroupKey: 'g20',
          sendStartAt: '2026-11-23 10:10:00',
          tpsLimit: 4,
        }),
      ).requestId,
    );
    const o = api(t, other);
    const oid = Number(
      o.record(
        await o.create({ templateCode: 'PLAIN', friendGroupKey: 'o12', sendStartAt: '2026-11-23 11:00:00' }),
      ).requestId,
    );

    const ready = await list();
    // Each account numbers its own (both are 1 here); the operator's key spans accounts.
    assert.deepEqual(
      ready.broadcasts.map((x) => [x.accountId, x.accountRequestId]),
      [
        [other.accountId, oid],
        [c.accountId, id],
      ],
    );
    const key = ready.broadcasts[1]?.requestId ?? 0;
    const okey = ready.broadcasts[0]?.requestId ?? 0;
    assert.notEqual(key, okey);
    const mine = ready.broadcasts[1];
    assert.equal(mine?.status, 'READY');
    assert.equal(mine?.accountId, c.accountId);
    assert.deepEqual(mine?.progress, { sent: 0, expected: 20 });
    assert.deepEqual(mine?.actions, ['terminate']);
    await adminRefused(t, 'POST', `/admin/v1/broadcasts/${key}/pause`, 'A824', 'READY');

    await setBroadcastClock(t, '2026-11-23 10:10:00');
    const sending = (await list(`?senderKey=${c.senderKey}`)).broadcasts;
    assert.deepEqual(
      sending.map((x) => [x.requestId, x.status, x.progress.sent]),
      [[key, 'SENDING', 4]],
    );
    assert.deepEqual(sending[0]?.actions, ['pause', 'terminate']);

    const paused = await act(key, 'pause');
    assert.equal(paused.status, 'PAUSED');
    assert.deepEqual(paused.actions, ['resume', 'terminate']);
    assert.equal((await b.status(id)).status, 'PAUSED', 'the client API sees the pause');
    await adminRefused(t, 'POST', `/admin/v1/broadcasts/${key}/pause`, 'A824', 'PAUSED');
    assert.equal((await act(key, 'resume')).status, 'READY');
    await setBroadcastClock(t, '2026-11-23 10:10:01');
    assert.equal((await b.status(id)).status, 'SENDING');
    const ended = await act(key, 'terminate');
    assert.equal(ended.status, 'TERMINATED');
    assert.deepEqual(ended.actions, []);
    assert.equal((await b.status(id)).status, 'TERMINATED');
    await adminRefused(t, 'POST', `/admin/v1/broadcasts/${key}/resume`, 'A824', 'TERMINATED');
    await adminRefused(t, 'POST', '/admin/v1/broadcasts/999999/terminate', 'A820', '999999');

    assert.deepEqual(
      (await list(`?accountId=${other.accountId}`)).broadcasts.map((x) => x.requestId),
      [okey],
    );
    assert.deepEqual(
      (await list('?status=TERMINATED')).broadcasts.map((x) => x.requestId),
      [key],
    );
    const p1 = await list('?limit=1');
    assert.deepEqual(
      p1.broadcasts.map((x) => x.requestId),
      [okey],
    );
    const p2 = await list(`?limit=1&cursor=${p1.next}`);
    assert.deepEqual(
      p2.broadcasts.map((x) => x.requestId),
      [key],
    );
    await adminRefused(t, 'GET', '/admin/v1/broadcasts?status=GONE', 'A300', 'status');
    await adminRefused(t, 'GET', '/admin/v1/broadcasts?cursor=x1', 'A300', 'cursor');
    await adminRefused(t, 'POST', '/admin/v1/broadcasts/abc/pause', 'A300', 'requestId');
  });
});
