import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { type Client, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  action,
  addDest,
  advance,
  drainReports,
  getResv,
  inboxCounts,
  inboxTexts,
  listDest,
  listResv,
  nextDay,
  ok,
  onDay,
  phones,
  refused,
  removeDest,
  reserve,
  START,
  secondsUntil,
  setClock,
  settle,
  sms,
  statusOf,
  updateResv,
} from './reservation-helpers.ts';

/*
 * A reservation's recipients (issue 4, point 3): listed, added (up to 1000 a call, each checked
 * as a send checks it) and removed by msgKey while they wait; and the list of reservations by send
 * day with cursor paging.
 */

describeEachDb('reservation: destinations', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('77');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());
  beforeEach(() => nextDay(t));

  const until = (at: string) => advance(t, secondsUntil(t, at));

  test('listed with msgKey, number, state and values; paged by offset and limit', async () => {
    const to = [phone(), phone(), phone()];
    const { resvKey, msgKeys } = await reserve(t, c, {
      to: to.map((p, i) => ({ to: p, replaceWords: { n: String(i) } })),
      flow: [sms(c, 'hi #{n}')],
    });
    const all = ok(await listDest(t, c, resvKey));
    assert.deepEqual(
      all.destinations.map((d) => [d.msgKey, d.to, d.status, d.reportCode]),
      msgKeys.map((k, i) => [k, to[i], 'held', '']),
    );
    assert.deepEqual(
      all.destinations.map((d) => d.replaceWords),
      [{ n: '0' }, { n: '1' }, { n: '2' }],
    );
    const page = ok(await listDest(t, c, resvKey, '?offset=1&limit=1'));
    assert.deepEqual([page.offset, page.limit, page.destinations.map((d) => d.msgKey)], [1, 1, [msgKeys[1]]]);
    assert.deepEqual(ok(await listDest(t, c, resvKey, '?offset=3')).destinations, []);
    refused(await listDest(t, c, resvKey, '?limit=1001'), 'A300');

    // The hosted service's cursor (its SDK iterates by it): lastSeq of the page, while hasNext.
    assert.deepEqual(
      all.destinations.map((d) => d.seq),
      [1, 2, 3],
    );
    assert.deepEqual([all.lastSeq, all.hasNext], [3, false]);
    const walked: string[] = [];
    const flags: boolean[] = [];
    let lastSeq = 0;
    for (;;) {
      const p = ok(await listDest(t, c, resvKey, `?lastSeq=${lastSeq}&limit=2`));
      walked.push(...p.destinations.map((d) => d.msgKey));
      flags.push(p.hasNext);
      if (!p.hasNext) break;
      lastSeq = p.lastSeq;
    }
    assert.deepEqual(walked, msgKeys);
    assert.deepEqual(flags, [true, false]);
    const past = ok(await listDest(t, c, resvKey, '?lastSeq=3&limit=2'));
    assert.deepEqual([past.destinations, past.lastSeq, past.hasNext], [[], 3, false]);
    await advance(t, 15 * 60);
    assert.deepEqual(
      ok(await listDest(t, c, resvKey)).destinations.map((d) => [d.status, d.reportCode]),
      to.map(() => ['delivered', '10000']),
    );
  });

  test('add (PENDING): each recipient checked as a send checks it; the accepted go out at the time', async () => {
    const [first, good, long] = [phone(), phone(), phone()];
    const { resvKey } = await reserve(t, c, {
      to: [{ to: first, replaceWords: { n: 'a' } }],
      flow: [sms(c, 'hi #{n}')],
      at: onDay(t, 0, '10:30:00'),
    });
    const added = ok(
      await addDest(t, c, resvKey, [
        { to: good, replaceWords: { n: 'b' } },
        { to: '0101234' },
        { to: '' },
        { to: long, replaceWords: { n: 'x'.repeat(100) } },
      ]),
    );
    assert.equal(added.resvKey, resvKey);
    assert.deepEqual(
      added.destinations.map((d) => [d.to, d.code]),
      [
        [good, 'A000'],
        ['0101234', 'A306'],
        ['', 'A306'],
        [long, 'A328'],
      ],
    );
    assert.match(added.destinations[0]?.msgKey ?? '', /\S/);
    assert.deepEqual(
      added.destinations.slice(1).map((d) => d.msgKey),
      ['', '', ''],
    );
    const v = ok(await getResv(t, c, resvKey));
    assert.deepEqual([v.destinationCount, v.messages], [2, { held: 2 }]);
    refused(await addDest(t, c, resvKey, []), 'A307');
    await until(onDay(t, 0, '10:29:59'));
    assert.deepEqual(await inboxCounts(t, [first, good]), [0, 0]);
    await advance(t, 1);
    assert.deepEqual(await inboxTexts(t, [first, good, long]), [['hi a'], ['hi b'], []]);
    const keys = [added.destinations[0]?.msgKey ?? ''];
    assert.deepEqual(
      (await drainReports(t, c, keys)).map((r) => r.reportCode),
      ['10000'],
    );
  });

  test('add: at most 1000 a call (A318 at 1001, nothing added); 1000 accepted and sent', async () => {
    const { resvKey } = await reserve(t, c, { to: [phone()], at: onDay(t, 0, '10:30:00') });
    const many = (n: number) => Array.from({ length: n }, phone);
    refused(await addDest(t, c, resvKey, many(1001)), 'A318', '1001');
    assert.equal(ok(await getResv(t, c, resvKey)).destinationCount, 1);
    const thousand = many(1000);
    const added = ok(await addDest(t, c, resvKey, thousand));
    assert.equal(added.destinations.filter((d) => d.code === 'A000').length, 1000);
    assert.equal(new Set(added.destinations.map((d) => d.msgKey)).size, 1000);
    assert.equal(ok(await getResv(t, c, resvKey)).destinationCount, 1001);
    assert.equal(ok(await listDest(t, c, resvKey, '?limit=1000')).destinations.length, 1000);
    await until(onDay(t, 0, '10:30:00'));
    const v = ok(await getResv(t, c, resvKey));
    assert.deepEqual([v.status, v.messages], ['DONE', { delivered: 1001 }]);
    assert.deepEqual(await inboxCounts(t, [thousand[0] ?? '', thousand[999] ?? '']), [1, 1]);
  });

  test('add (STOPPED after sending began): held until resumed, then sent', async () => {
    const [slow, later] = [phone(), phone()];
    await setHandset(t, slow, { receiptDelaySeconds: 600 });
    const { resvKey } = await reserve(t, c, { to: [slow], at: onDay(t, 0, '10:15:00') });
    await until(onDay(t, 0, '10:15:00'));
    ok(await action(t, c, resvKey, 'stop'));
    assert.equal(ok(await addDest(t, c, resvKey, [later])).destinations[0]?.code, 'A000');
    await advance(t, 3600);
    assert.deepEqual(await inboxCounts(t, [slow, later]), [1, 0]);
    assert.deepEqual(ok(await getResv(t, c, resvKey)).messages, { delivered: 1, held: 1 });
    ok(await action(t, c, resvKey, 'resume'));
    await settle(t);
    assert.deepEqual(await inboxCounts(t, [slow, later]), [1, 1]);
    assert.equal(await statusOf(t, c, resvKey), 'DONE');
  });

  test('remove: a held recipient is gone for good; unknown A820; gone out A824', async () => {
    const [keep, drop, slow] = [phone(), phone(), phone()];
    await setHandset(t, slow, { receiptDelaySeconds: 600 });
    const r = await reserve(t, c, { to: [keep, drop], at: onDay(t, 0, '10:30:00') });
    const [keepKey, dropKey] = r.msgKeys;
    assert.ok(keepKey && dropKey);
    assert.deepEqual(ok(await removeDest(t, c, r.resvKey, dropKey)), { resvKey: r.resvKey, msgKey: dropKey });
    refused(await removeDest(t, c, r.resvKey, dropKey), 'A820', dropKey);
    refused(await removeDest(t, c, r.resvKey, '0nope'), 'A820', '0nope');
    // Another reservation's message is not this one's.
    const other = await reserve(t, c, { to: [phone()], at: onDay(t, 0, '10:30:00') });
    refused(await removeDest(t, c, r.resvKey, other.msgKeys[0] ?? ''), 'A820');
    assert.deepEqual(
      ok(await listDest(t, c, r.resvKey)).destinations.map((d) => d.msgKey),
      [keepKey],
    );
    assert.equal(ok(await getResv(t, c, r.resvKey)).destinationCount, 1);
    await until(onDay(t, 0, '10:30:00'));
    assert.deepEqual(await inboxCounts(t, [keep, drop]), [1, 0]);
    assert.deepEqual(await drainReports(t, c, [dropKey]), []);

    // STOPPED once sending began: a recipient that has gone out can no longer be removed.
    const s = await reserve(t, c, { to: [slow], at: onDay(t, 0, '10:45:00') });
    await until(onDay(t, 0, '10:45:00'));
    ok(await action(t, c, s.resvKey, 'stop'));
    refused(await removeDest(t, c, s.resvKey, s.msgKeys[0] ?? ''), 'A824', 'gone out');
    await advance(t, 600);
    refused(await removeDest(t, c, s.resvKey, s.msgKeys[0] ?? ''), 'A824', 'gone out');
    // DONE: refused for its state whatever the message.
    refused(await removeDest(t, c, r.resvKey, keepKey), 'A824', 'is DONE');
  });
});

describeEachDb('reservation: list', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  const phone = phones('78');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t, 'lister');
    other = await setupClient(t, 'other');
  });
  after(() => t.close());

  test('by Korea-time send day, in creation order, cursor paging by lastSeq/hasNext/limit', async () => {
    // 2026-12-02: 00:00:00 to 23:59:59 Korea time; 2026-12-03 00:00:00 is the next day.
    const times = [
      '2026-12-02 23:59:59',
      '2026-12-02 00:00:00',
      '2026-12-03 00:00:00',
      '2026-12-02 12:00:00',
      '2026-12-01 23:00:00',
      '2026-12-02 10:00:00',
      '2026-12-02 08:30:00',
    ];
    const keys: string[] = [];
    for (const [i, at] of times.entries()) {
      keys.push((await reserve(t, c, { to: [phone()], at, name: `r${i}` })).resvKey);
    }
    await reserve(t, other, { to: [phone()], at: '2026-12-02 09:00:00' });
    const day = [0, 1, 3, 5, 6].map((i) => keys[i]);

    const all = ok(await listResv(t, c, '?resvSendTime=20261202'));
    assert.deepEqual(
      all.reservations.map((r) => r.resvKey),
      day,
    );
    assert.deepEqual([all.hasNext, all.limit, all.lastSeq], [false, 100, all.reservations[4]?.seq]);
    assert.deepEqual(
      all.reservations.map((r) => [r.resvName, r.resvSendTime, r.status]),
      [0, 1, 3, 5, 6].map((i) => [`r${i}`, times[i], 'PENDING']),
    );

    const seen: string[] = [];
    let cursor = '';
    const pages: boolean[] = [];
    for (;;) {
      const p = ok(await listResv(t, c, `?resvSendTime=20261202&limit=2${cursor}`));
      assert.equal(p.limit, 2);
      assert.ok(p.reservations.length <= 2);
      seen.push(...p.reservations.map((r) => r.resvKey));
      pages.push(p.hasNext);
      if (!p.hasNext) break;
      cursor = `&lastSeq=${p.lastSeq}`;
    }
    assert.deepEqual(seen, day);
    assert.deepEqual(pages, [true, true, false]);
    const last = ok(await listResv(t, c, `?resvSendTime=20261202&lastSeq=${all.lastSeq}`));
    assert.deepEqual([last.reservations, last.hasNext, last.lastSeq], [[], false, all.lastSeq]);

    assert.deepEqual(
      ok(await listResv(t, c, '?resvSendTime=20261203')).reservations.map((r) => r.resvKey),
      [keys[2]],
    );
    assert.deepEqual(
      ok(await listResv(t, c, '?resvSendTime=20261201')).reservations.map((r) => r.resvKey),
      [keys[4]],
    );
    assert.deepEqual(
      ok(await listResv(t, c)).reservations.map((r) => r.resvKey),
      keys,
    );
    assert.equal(ok(await listResv(t, other)).reservations.length, 1, 'each account sees its own');
    assert.equal(ok(await listResv(t, c, '?limit=1000')).reservations.length, 7);

    // The same day named by a time of it, as a reservation's body writes resvSendTime.
    assert.deepEqual(
      ok(await listResv(t, c, `?resvSendTime=${encodeURIComponent('2026-12-02 17:45:00')}`)).reservations.map(
        (r) => r.resvKey,
      ),
      day,
    );
  });

  test('by paymentCode: only the reservations whose send carries it', async () => {
    const a = await reserve(t, c, { to: [phone()], extra: { paymentCode: 'dept-a' } });
    const b = await reserve(t, c, { to: [phone()], extra: { paymentCode: 'dept-b' } });
    await reserve(t, c, { to: [phone()] });
    await reserve(t, other, { to: [phone()], extra: { paymentCode: 'dept-a' } });
    const keysOf = async (q: string) => ok(await listResv(t, c, q)).reservations.map((r) => r.resvKey);
    assert.deepEqual(await keysOf('?paymentCode=dept-a'), [a.resvKey]);
    assert.deepEqual(await keysOf('?paymentCode=dept-b'), [b.resvKey]);
    assert.deepEqual(await keysOf('?paymentCode=none'), []);
    // An update makes a new request: it keeps the paymentCode.
    ok(await updateResv(t, c, a.resvKey, { messageFlow: [sms(c, 'changed')] }));
    assert.deepEqual(await keysOf('?paymentCode=dept-a'), [a.resvKey]);
  });

  test('refusals: limit over 1000 or under 1 (A300), a day neither yyyyMMdd nor a time (A315)', async () => {
    for (const q of ['?limit=1001', '?limit=0', '?lastSeq=-1', '?lastSeq=99999999999999999999']) {
      refused(await listResv(t, c, q), 'A300');
    }
    refused(await listResv(t, c, `?paymentCode=${'p'.repeat(101)}`), 'A310');
    for (const q of [
      '?resvSendTime=2026-12-02',
      '?resvSendTime=20261332',
      '?resvSendTime=2026-12-02%2025:00:00',
    ]) {
      refused(await listResv(t, c, q), 'A315');
    }
  });

  test('states as they are now: DONE once every message is final, STOPPED, CANCELLED', async () => {
    await setClock(t, '2026-12-05 10:00:00');
    await settle(t);
    const done = await reserve(t, c, { to: [phone()], at: '2026-12-05 10:15:00' });
    const stopped = await reserve(t, c, { to: [phone()], at: '2026-12-05 10:15:00' });
    const cancelled = await reserve(t, c, { to: [phone()], at: '2026-12-05 10:15:00' });
    ok(await action(t, c, stopped.resvKey, 'stop'));
    ok(await action(t, c, cancelled.resvKey, 'cancel'));
    await advance(t, 15 * 60);
    const list = ok(await listResv(t, c, '?resvSendTime=20261205'));
    assert.deepEqual(
      list.reservations.map((r) => [r.resvKey, r.status]),
      [
        [done.resvKey, 'DONE'],
        [stopped.resvKey, 'STOPPED'],
        [cancelled.resvKey, 'CANCELLED'],
      ],
    );
  });
});
