import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { type Client, inbox, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  advance,
  BASE,
  brandFlow,
  call,
  drainReports,
  getResv,
  inboxCounts,
  inboxTexts,
  inSeconds,
  listDest,
  listResv,
  nextDay,
  ok,
  onDay,
  phones,
  refused,
  reserve,
  reserveRaw,
  START,
  setClock,
  settle,
  sms,
  statusOf,
  updateResv,
} from './reservation-helpers.ts';

/*
 * POST /api/comm/v1/reservation (issue 4, points 1, 2 and 4): the messages wait until
 * resvSendTime and then go out once, through the send engine; the time, name and advertising
 * rules of a reservation; every request-time check of a send applies when the reservation is made.
 */

describeEachDb('reservation: create and fire', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('71');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());
  // Each test starts at 10:00:00 of a day of its own.
  beforeEach(() => nextDay(t));

  test('fires at its minute and not a second before, substituted, through the engine', async () => {
    const [a, b] = [phone(), phone()];
    const at = onDay(t, 0, '10:15:00');
    const res = await reserveRaw(t, c, {
      to: [
        { to: a, replaceWords: { n: '민수' } },
        { to: b, replaceWords: { n: 'Jin' } },
      ],
      flow: [sms(c, 'hello #{n}')],
      at,
      name: 'morning',
      extra: { ref: 'order-7', paymentCode: 'PAY1' },
    });
    const created = ok(res);
    assert.match(res.data.resvKey ?? '', /\S/);
    assert.equal(res.data.ref, 'order-7');
    assert.deepEqual(
      created.destinations.map((d) => [d.to, d.code, d.result]),
      [
        [a, 'A000', 'SUCCESS'],
        [b, 'A000', 'SUCCESS'],
      ],
    );
    const keys = created.destinations.map((d) => d.msgKey);
    assert.equal(new Set(keys).size, 2);
    const resvKey = res.data.resvKey ?? '';

    await settle(t);
    const pending = ok(await getResv(t, c, resvKey));
    assert.equal(pending.status, 'PENDING');
    assert.equal(pending.resvName, 'morning');
    assert.equal(pending.resvSendTime, at);
    assert.equal(pending.destinationCount, 2);
    assert.deepEqual(pending.messages, { held: 2 });

    await advance(t, 15 * 60 - 1);
    assert.deepEqual(await inboxCounts(t, [a, b]), [0, 0], 'nothing at 10:14:59');
    assert.equal(await statusOf(t, c, resvKey), 'PENDING');
    assert.deepEqual(await drainReports(t, c, keys), []);

    await advance(t, 1);
    const got = [...(await inbox(t, a)), ...(await inbox(t, b))];
    assert.deepEqual(
      got.map((m) => [m.msgKey, m.channel, m.text, m.receivedAt]),
      [
        [keys[0], 'sms', 'hello 민수', `${at.replace(' ', 'T')}+09:00`],
        [keys[1], 'sms', 'hello Jin', `${at.replace(' ', 'T')}+09:00`],
      ],
    );
    const reports = await drainReports(t, c, keys);
    assert.deepEqual(reports.map((r) => [r.msgKey, r.reportCode, r.sendTime]).sort(), [
      [keys[0], '10000', at],
      [keys[1], '10000', at],
    ]);
    const done = ok(await getResv(t, c, resvKey));
    assert.equal(done.status, 'DONE');
    assert.deepEqual(done.messages, { delivered: 2 });

    // Nothing more, however far the clock goes.
    await advance(t, 24 * 3600);
    assert.deepEqual(await inboxCounts(t, [a, b]), [1, 1]);
    assert.deepEqual(await drainReports(t, c, keys), []);
  });

  test('a time with seconds fires at that second', async () => {
    const to = phone();
    const { resvKey } = await reserve(t, c, { to: [to], at: onDay(t, 0, '10:20:30') });
    await advance(t, 20 * 60 + 29);
    assert.deepEqual(await inboxCounts(t, [to]), [0]);
    await advance(t, 1);
    assert.deepEqual(await inboxCounts(t, [to]), [1]);
    assert.equal(await statusOf(t, c, resvKey), 'DONE');
  });

  test('failover, reports and DONE once every message is final', async () => {
    const [noRcs, slow] = [phone(), phone()];
    await setHandset(t, noRcs, { rcs: false });
    await setHandset(t, slow, { receiptDelaySeconds: 60 });
    const { resvKey, msgKeys } = await reserve(t, c, {
      to: [
        { to: noRcs, replaceWords: { n: 'A' } },
        { to: slow, replaceWords: { n: 'B' } },
      ],
      flow: [
        {
          rcs: { brandKey: c.brandKey, formatId: 'SL000000', body: { title: 'T', description: 'rcs #{n}' } },
        },
        sms(c, 'sms #{n}'),
      ],
      at: onDay(t, 0, '10:10:00'),
    });
    await advance(t, 600);
    assert.deepEqual(
      [...(await inbox(t, noRcs)), ...(await inbox(t, slow))].map((m) => [m.msgKey, m.channel, m.text]),
      [
        [msgKeys[0], 'sms', 'sms A'],
        [msgKeys[1], 'rcs', 'rcs B'],
      ],
    );
    // The slow handset's receipt is still due: the reservation is still sending.
    const sending = ok(await getResv(t, c, resvKey));
    assert.equal(sending.status, 'PROCESSING');
    assert.deepEqual(sending.messages, { delivered: 1, waiting: 1 });
    await advance(t, 60);
    const done = ok(await getResv(t, c, resvKey));
    assert.equal(done.status, 'DONE');
    assert.deepEqual(done.messages, { delivered: 2 });
    const reports = await drainReports(t, c, msgKeys);
    assert.deepEqual(
      reports.map((r) => [r.msgKey, r.reportCode]),
      [
        [msgKeys[0], '10000'],
        [msgKeys[1], '10000'],
      ],
    );
  });

  test('A316: at least 10 minutes ahead (10:10:00 accepted, 10:09:59 refused)', async () => {
    refused(await reserveRaw(t, c, { to: [phone()], at: inSeconds(t, 599) }), 'A316', 'is before');
    refused(await reserveRaw(t, c, { to: [phone()], at: inSeconds(t, -60) }), 'A316');
    await reserve(t, c, { to: [phone()], at: inSeconds(t, 600) });
  });

  test('A315: resvSendTime missing or not yyyy-MM-dd HH:mm:ss', async () => {
    for (const at of [
      '2026-12-31T10:00:00',
      '2026/12/31 10:00:00',
      '2026-12-31 10:00',
      '20261231100000',
      '2026-02-30 10:00:00',
      '2026-12-31 24:00:00',
      '',
    ]) {
      refused(await reserveRaw(t, c, { to: [phone()], at }), 'A315');
    }
    const body = { destinations: [{ to: phone() }], messageFlow: [sms(c, 'x')] };
    refused(await call(t, c, 'POST', BASE, body), 'A315', 'required');
  });

  test('A331: at most a year ahead (the same time next year accepted, a second more refused)', async () => {
    const today = onDay(t, 0, '10:00:00');
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    refused(
      await reserveRaw(t, c, { to: [phone()], at: nextYear.replace(':00:00', ':00:01') }),
      'A331',
      nextYear,
    );
    refused(await reserveRaw(t, c, { to: [phone()], at: onDay(t, 366, '10:00:00') }), 'A331');
    const { resvKey } = await reserve(t, c, { to: [phone()], at: nextYear });
    assert.equal(ok(await getResv(t, c, resvKey)).resvSendTime, nextYear);
    // From a leap day, the year ends on 1 March.
    await setClock(t, '2028-02-29 10:00:00');
    await settle(t);
    await reserve(t, c, { to: [phone()], at: '2029-03-01 10:00:00' });
    refused(await reserveRaw(t, c, { to: [phone()], at: '2029-03-01 10:00:01' }), 'A331');
  });

  test('A332: resvName of 100 characters accepted, 101 refused', async () => {
    const hundred = '가'.repeat(60) + 'a'.repeat(40);
    const { resvKey } = await reserve(t, c, { to: [phone()], name: hundred });
    assert.equal(ok(await getResv(t, c, resvKey)).resvName, hundred);
    refused(await reserveRaw(t, c, { to: [phone()], name: `${hundred}b` }), 'A332', '101');
    const empty = await reserve(t, c, { to: [phone()] });
    assert.equal(ok(await getResv(t, c, empty.resvKey)).resvName, '');
  });

  test('A330: advertising not at 20:00 to 08:00 (text "(광고)" and brand messages)', async () => {
    const ad = sms(c, '(광고) 세일 무료수신거부 0801234567');
    for (const flow of [[ad], [brandFlow(c)], [sms(c, 'plain'), brandFlow(c)]]) {
      for (const at of [onDay(t, 0, '20:00:00'), onDay(t, 1, '07:59:00'), onDay(t, 1, '07:59:59')]) {
        refused(await reserveRaw(t, c, { to: [phone()], flow, at }), 'A330', at);
      }
      for (const at of [onDay(t, 0, '19:59:00'), onDay(t, 0, '19:59:59'), onDay(t, 1, '08:00:00')]) {
        await reserve(t, c, { to: [phone()], flow, at });
      }
    }
    // Leading spaces do not hide the label; a label elsewhere is not advertising.
    const spaced = sms(c, '  (광고) 세일');
    refused(await reserveRaw(t, c, { to: [phone()], flow: [spaced], at: onDay(t, 0, '22:00:00') }), 'A330');
    await reserve(t, c, { to: [phone()], flow: [sms(c, '안내 (광고)')], at: onDay(t, 0, '22:00:00') });
    await reserve(t, c, { to: [phone()], flow: [sms(c, 'night')], at: onDay(t, 1, '03:00:00') });
  });

  test('every check of a send applies: A306 and A328 per recipient, A327 and A318 on the request', async () => {
    const [good, long] = [phone(), phone()];
    const res = await reserveRaw(t, c, {
      to: [{ to: good }, { to: '0101234' }, { to: long, replaceWords: { n: 'x'.repeat(100) } }],
      flow: [sms(c, 'hi #{n}')],
    });
    const d = ok(res).destinations;
    assert.deepEqual(
      d.map((x) => [x.to, x.code]),
      [
        [good, 'A000'],
        ['0101234', 'A306'],
        [long, 'A328'],
      ],
    );
    assert.equal(d[1]?.msgKey, '');
    assert.ok(d[2]?.result.includes('90 bytes'), d[2]?.result);
    const resvKey = res.data.resvKey ?? '';
    assert.equal(ok(await getResv(t, c, resvKey)).destinationCount, 1);
    assert.deepEqual(
      ok(await listDest(t, c, resvKey)).destinations.map((x) => x.to),
      [good],
    );

    const before = ok(await listResv(t, c, '?limit=1000')).reservations.length;
    refused(
      await reserveRaw(t, c, { to: [phone()], flow: [{ sms: { from: '0299998888', text: 'x' } }] }),
      'A327',
      '0299998888',
    );
    refused(await reserveRaw(t, c, { to: Array.from({ length: 201 }, phone) }), 'A318');
    refused(await reserveRaw(t, c, { to: [] }), 'A307');
    refused(await reserveRaw(t, c, { to: [phone()], flow: [sms(c, '')] }), 'A303');
    refused(await reserveRaw(t, c, { to: [phone()], flow: [] }), 'A336');
    assert.equal(ok(await listResv(t, c, '?limit=1000')).reservations.length, before, 'nothing stored');
  });

  test('every recipient refused: no reservation (resvKey "")', async () => {
    const res = await reserveRaw(t, c, { to: ['12', '0101'] });
    assert.deepEqual(
      ok(res).destinations.map((d) => d.code),
      ['A306', 'A306'],
    );
    assert.equal(res.data.resvKey, '');
  });

  test('idempotency: a replay answers the same resvKey and msgKeys, A301 each, and sends nothing more', async () => {
    const [a, b] = [phone(), phone()];
    const extra = { idempotencyKey: `resv-${a}` };
    const at = onDay(t, 0, '11:00:00');
    const body = { to: [a, '0101', b], at, extra };
    const first = await reserveRaw(t, c, body);
    const keys = ok(first).destinations.map((d) => d.msgKey);
    assert.equal(keys[1], '');
    const replayed = async () => {
      const again = await reserveRaw(t, c, body);
      assert.equal(again.status, 200);
      assert.equal(again.data.resvKey, first.data.resvKey);
      assert.deepEqual(
        ok(again).destinations.map((d) => [d.to, d.msgKey, d.code]),
        [
          [a, keys[0], 'A301'],
          ['0101', '', 'A301'],
          [b, keys[2], 'A301'],
        ],
      );
    };
    await replayed();
    // The same after an update of the messages (they move to a new request).
    ok(await updateResv(t, c, first.data.resvKey ?? '', { messageFlow: [sms(c, 'updated')] }));
    await replayed();
    assert.equal(ok(await getResv(t, c, first.data.resvKey ?? '')).destinationCount, 2);
    await advance(t, 3600);
    assert.deepEqual(await inboxTexts(t, [a, b]), [['updated'], ['updated']]);
  });
});
