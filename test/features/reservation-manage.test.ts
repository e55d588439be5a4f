import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { type Client, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  type Answer,
  action,
  addDest,
  advance,
  drainReports,
  fireDue,
  getResv,
  inboxCounts,
  listDest,
  listResv,
  nextDay,
  ok,
  onDay,
  phones,
  type ReservationView,
  refused,
  removeDest,
  reserve,
  START,
  setClock,
  settle,
  sms,
  statusOf,
  updateResv,
} from './reservation-helpers.ts';

/*
 * Reservation management (issue 4, point 3): get, stop, resume, cancel, and the refusals: A824 for
 * an action the state does not allow (saying which states would), A820 for a reservation that is
 * unknown or another account's.
 */

type Status = ReservationView['status'];

describeEachDb('reservation: states', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  const phone = phones('72');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
    other = await setupClient(t, 'other');
  });
  after(() => t.close());
  beforeEach(() => nextDay(t));

  /** A reservation for 10:15 today, moved to `status`; with `slow`, its message waits for a receipt. */
  async function inState(status: Status): Promise<{ resvKey: string; msgKeys: string[]; to: string }> {
    const to = phone();
    if (status === 'PROCESSING') await setHandset(t, to, { receiptDelaySeconds: 3600 });
    const r = await reserve(t, c, { to: [to], at: onDay(t, 0, '10:15:00') });
    if (status === 'STOPPED') ok(await action(t, c, r.resvKey, 'stop'));
    if (status === 'CANCELLED') ok(await action(t, c, r.resvKey, 'cancel'));
    if (status === 'PROCESSING' || status === 'DONE') await advance(t, 15 * 60);
    const seen = ok(await getResv(t, c, r.resvKey));
    assert.equal(seen.status, status, JSON.stringify(seen));
    return { ...r, to };
  }

  test('get: the reservation as stored; A820 when unknown', async () => {
    const to = phone();
    const at = onDay(t, 0, '12:34:56');
    const { resvKey } = await reserve(t, c, { to: [to], at, name: '점심' });
    const v = ok(await getResv(t, c, resvKey));
    assert.equal(v.resvKey, resvKey);
    assert.equal(v.resvName, '점심');
    assert.equal(v.resvSendTime, at);
    assert.equal(v.status, 'PENDING');
    assert.equal(v.destinationCount, 1);
    assert.ok(v.seq > 0);
    refused(await getResv(t, c, 'rsv_nope'), 'A820', 'rsv_nope');
  });

  test('A820: another account’s reservation does not exist for it, whatever it asks', async () => {
    const to = phone();
    const { resvKey, msgKeys } = await reserve(t, c, { to: [to], at: onDay(t, 0, '10:30:00') });
    for (const key of [resvKey, 'rsv_unknown']) {
      const calls = [
        getResv(t, other, key),
        updateResv(t, other, key, { resvName: 'mine' }),
        action(t, other, key, 'stop'),
        action(t, other, key, 'resume'),
        action(t, other, key, 'cancel'),
        listDest(t, other, key),
        addDest(t, other, key, [phone()]),
        removeDest(t, other, key, msgKeys[0] ?? ''),
      ];
      for (const a of await Promise.all(calls)) refused(a, 'A820', key);
    }
    assert.deepEqual(ok(await listResv(t, other)).reservations, []);
    // Untouched: still PENDING with its one recipient, and it goes out at its time.
    const v = ok(await getResv(t, c, resvKey));
    assert.deepEqual([v.status, v.resvName, v.destinationCount], ['PENDING', '', 1]);
    await advance(t, 30 * 60);
    assert.deepEqual(await inboxCounts(t, [to]), [1]);
  });

  test('A820 for every action on an unknown resvKey', async () => {
    const answers = await Promise.all([
      updateResv(t, c, 'rsv_x', { resvName: 'n' }),
      action(t, c, 'rsv_x', 'stop'),
      action(t, c, 'rsv_x', 'resume'),
      action(t, c, 'rsv_x', 'cancel'),
      listDest(t, c, 'rsv_x'),
      addDest(t, c, 'rsv_x', [phone()]),
      removeDest(t, c, 'rsv_x', '0abc'),
    ]);
    for (const a of answers) refused(a, 'A820', 'rsv_x');
  });

  test('stop then resume before the time: PENDING again, fires at its time and not at the resume', async () => {
    const to = phone();
    const { resvKey } = await reserve(t, c, { to: [to], at: onDay(t, 0, '10:20:00') });
    assert.equal(ok(await action(t, c, resvKey, 'stop')).status, 'STOPPED');
    await advance(t, 5 * 60);
    assert.equal(ok(await action(t, c, resvKey, 'resume')).status, 'PENDING');
    await settle(t);
    assert.deepEqual(await inboxCounts(t, [to]), [0]);
    await advance(t, 15 * 60 - 1);
    assert.deepEqual(await inboxCounts(t, [to]), [0]);
    assert.equal(await statusOf(t, c, resvKey), 'PENDING');
    await advance(t, 1);
    assert.deepEqual(await inboxCounts(t, [to]), [1]);
    assert.equal(await statusOf(t, c, resvKey), 'DONE');
  });

  test('stopped past its time: nothing goes out; resume sends at once', async () => {
    const [a, b] = [phone(), phone()];
    const { resvKey, msgKeys } = await reserve(t, c, { to: [a, b], at: onDay(t, 0, '10:20:00') });
    ok(await action(t, c, resvKey, 'stop'));
    await advance(t, 3600);
    assert.deepEqual(await inboxCounts(t, [a, b]), [0, 0]);
    const stopped = ok(await getResv(t, c, resvKey));
    assert.deepEqual([stopped.status, stopped.messages], ['STOPPED', { held: 2 }]);
    const resumed = ok(await action(t, c, resvKey, 'resume'));
    // The answer is the reservation as it is when read back: the engine, woken by the resume's
    // commit, may have sent both messages by then (seen on a loaded PostgreSQL).
    assert.ok(['PROCESSING', 'DONE'].includes(resumed.status), resumed.status);
    await settle(t);
    assert.deepEqual(await inboxCounts(t, [a, b]), [1, 1]);
    const reports = await drainReports(t, c, msgKeys);
    const at = onDay(t, 0, '11:00:00');
    assert.deepEqual(reports.map((r) => [r.msgKey, r.reportCode, r.sendTime]).sort(), [
      [msgKeys[0], '10000', at],
      [msgKeys[1], '10000', at],
    ]);
    assert.equal(await statusOf(t, c, resvKey), 'DONE');
  });

  test('cancel (PENDING): nothing is ever sent; the messages are cancelled, no report', async () => {
    const [a, b] = [phone(), phone()];
    const { resvKey, msgKeys } = await reserve(t, c, { to: [a, b], at: onDay(t, 0, '10:20:00') });
    const v = ok(await action(t, c, resvKey, 'cancel'));
    assert.equal(v.status, 'CANCELLED');
    assert.deepEqual(v.messages, { cancelled: 2 });
    await advance(t, 2 * 86_400);
    assert.deepEqual(await inboxCounts(t, [a, b]), [0, 0]);
    assert.deepEqual(await drainReports(t, c, msgKeys), []);
    assert.equal(await statusOf(t, c, resvKey), 'CANCELLED');
    assert.deepEqual(
      ok(await listDest(t, c, resvKey)).destinations.map((d) => d.status),
      ['cancelled', 'cancelled'],
    );
  });

  test('cancel (STOPPED): nothing is sent, even after a resume is tried', async () => {
    const { resvKey, to } = await inState('STOPPED');
    assert.equal(ok(await action(t, c, resvKey, 'cancel')).status, 'CANCELLED');
    refused(await action(t, c, resvKey, 'resume'), 'A824', 'resume needs STOPPED');
    await advance(t, 3600);
    assert.deepEqual(await inboxCounts(t, [to]), [0]);
  });

  test('DONE only once every message is final; a stop then is A824 even before anyone read it', async () => {
    const [fast, slow] = [phone(), phone()];
    await setHandset(t, slow, { receiptDelaySeconds: 120 });
    const r1 = await reserve(t, c, { to: [fast, slow], at: onDay(t, 0, '10:15:00') });
    const r2 = await reserve(t, c, { to: [phone()], at: onDay(t, 0, '10:15:00') });
    await advance(t, 15 * 60);
    const v = ok(await getResv(t, c, r1.resvKey));
    assert.deepEqual([v.status, v.messages], ['PROCESSING', { delivered: 1, waiting: 1 }]);
    await advance(t, 120);
    assert.equal(await statusOf(t, c, r1.resvKey), 'DONE');
    // r2 went out whole at 10:15 and has not been read since: it is DONE all the same.
    refused(await action(t, c, r2.resvKey, 'stop'), 'A824', 'is DONE');
    assert.equal(await statusOf(t, c, r2.resvKey), 'DONE');
  });

  test('A824 for each action the state does not allow, naming the states that would', async () => {
    const update = (k: string) => updateResv(t, c, k, { resvName: 'x' });
    const add = (k: string) => addDest(t, c, k, [phone()]);
    const expect: Array<[Status, Array<[string, (k: string, m: string) => Promise<Answer<unknown>>]>]> = [
      ['PENDING', [['resume needs STOPPED', (k) => action(t, c, k, 'resume')]]],
      [
        'PROCESSING',
        [
          ['update needs PENDING', update],
          ['cancel needs PENDING or STOPPED', (k) => action(t, c, k, 'cancel')],
          ['resume needs STOPPED', (k) => action(t, c, k, 'resume')],
          ['adding destinations needs PENDING or STOPPED', add],
          ['removing destinations needs PENDING or STOPPED', (k, m) => removeDest(t, c, k, m)],
        ],
      ],
      [
        'DONE',
        [
          ['update needs PENDING', update],
          ['cancel needs PENDING or STOPPED', (k) => action(t, c, k, 'cancel')],
          ['stop needs PENDING or PROCESSING', (k) => action(t, c, k, 'stop')],
          ['resume needs STOPPED', (k) => action(t, c, k, 'resume')],
          ['adding destinations needs PENDING or STOPPED', add],
          ['removing destinations needs PENDING or STOPPED', (k, m) => removeDest(t, c, k, m)],
        ],
      ],
      [
        'STOPPED',
        [
          ['update needs PENDING', update],
          ['stop needs PENDING or PROCESSING', (k) => action(t, c, k, 'stop')],
        ],
      ],
      [
        'CANCELLED',
        [
          ['update needs PENDING', update],
          ['cancel needs PENDING or STOPPED', (k) => action(t, c, k, 'cancel')],
          ['stop needs PENDING or PROCESSING', (k) => action(t, c, k, 'stop')],
          ['resume needs STOPPED', (k) => action(t, c, k, 'resume')],
          ['adding destinations needs PENDING or STOPPED', add],
          ['removing destinations needs PENDING or STOPPED', (k, m) => removeDest(t, c, k, m)],
        ],
      ],
    ];
    for (const [status, actions] of expect) {
      await nextDay(t);
      const { resvKey, msgKeys } = await inState(status);
      for (const [text, act] of actions) {
        refused(await act(resvKey, msgKeys[0] ?? ''), 'A824', `${text}; reservation ${resvKey} is ${status}`);
      }
      assert.equal(await statusOf(t, c, resvKey), status, 'a refused action changes nothing');
      assert.equal(ok(await listDest(t, c, resvKey)).destinations.length, 1);
    }
  });

  test('the allowed moves: stop PENDING and PROCESSING, resume STOPPED, cancel PENDING and STOPPED', async () => {
    const moves: Array<[Status, 'stop' | 'resume' | 'cancel', Status]> = [
      ['PENDING', 'stop', 'STOPPED'],
      ['PENDING', 'cancel', 'CANCELLED'],
      ['PROCESSING', 'stop', 'STOPPED'],
      ['STOPPED', 'resume', 'PENDING'],
      ['STOPPED', 'cancel', 'CANCELLED'],
    ];
    for (const [from, act, to] of moves) {
      await nextDay(t);
      const { resvKey } = await inState(from);
      const v = ok(await action(t, c, resvKey, act));
      assert.equal(v.status, to, `${from} → ${act}`);
      assert.equal(await statusOf(t, c, resvKey), to);
    }
  });

  test('stop while receipts are due: those finish, the reservation waits STOPPED; resume ends it DONE', async () => {
    const { resvKey, to } = await inState('PROCESSING');
    ok(await action(t, c, resvKey, 'stop'));
    await advance(t, 3600);
    const v = ok(await getResv(t, c, resvKey));
    assert.deepEqual([v.status, v.messages], ['STOPPED', { delivered: 1 }]);
    assert.deepEqual(await inboxCounts(t, [to]), [1]);
    // Nothing is left to send: PROCESSING again, and DONE as soon as it is read.
    assert.equal(ok(await action(t, c, resvKey, 'resume')).status, 'DONE');
    await settle(t);
    assert.deepEqual(await inboxCounts(t, [to]), [1]);
  });
});

describeEachDb('reservation: stop while sending', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('73');

  before(async () => {
    // Workers start later: the firing is run alone (fireDue), the sending when the test says.
    t = await startTestGateway(db, { start: false });
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());

  test('fired but not yet handed over: stop halts the sending, the rest waits; resume sends it once', async () => {
    const to = [phone(), phone(), phone()];
    const { resvKey, msgKeys } = await reserve(t, c, { to, at: '2026-12-01 10:15:00', flow: [sms(c, 'go')] });
    await setClock(t, '2026-12-01 10:15:00');
    await fireDue(t);
    const fired = ok(await getResv(t, c, resvKey));
    assert.deepEqual([fired.status, fired.messages], ['PROCESSING', { queued: 3 }]);

    const stopped = ok(await action(t, c, resvKey, 'stop'));
    assert.deepEqual([stopped.status, stopped.messages], ['STOPPED', { held: 3 }]);
    t.gw.start();
    await settle(t);
    await advance(t, 3600);
    assert.deepEqual(await inboxCounts(t, to), [0, 0, 0], 'nothing goes out while stopped');

    // As it is when read back: sent already, maybe (the engine runs here).
    const resumed = ok(await action(t, c, resvKey, 'resume')).status;
    assert.ok(['PROCESSING', 'DONE'].includes(resumed), resumed);
    await settle(t);
    assert.deepEqual(await inboxCounts(t, to), [1, 1, 1]);
    assert.equal((await drainReports(t, c, msgKeys)).length, 3);
    assert.equal(await statusOf(t, c, resvKey), 'DONE');
  });
});
