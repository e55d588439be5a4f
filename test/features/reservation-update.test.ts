import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { type Client, inbox, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  action,
  addDest,
  advance,
  brandFlow,
  drainReports,
  getResv,
  inboxTexts,
  inSeconds,
  listDest,
  nextDay,
  ok,
  onDay,
  phones,
  refused,
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
 * PUT /api/comm/v1/reservation/resvKey/{resvKey} (issue 4, point 3): while PENDING, the time, the
 * name and the messages change; what is delivered is the new text at the new time; an update that
 * breaks a rule of a reservation or of a send is refused whole and changes nothing.
 */

describeEachDb('reservation: update', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('76');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());
  beforeEach(() => nextDay(t));

  /** Moves the clock to `at` in one step, and lets due work finish. */
  const until = (at: string) => advance(t, secondsUntil(t, at));

  test('the time, later: nothing at the old time, sent at the new one and not a second before', async () => {
    const to = phone();
    const { resvKey } = await reserve(t, c, { to: [to], at: onDay(t, 0, '10:20:00') });
    const v = ok(await updateResv(t, c, resvKey, { resvSendTime: onDay(t, 0, '10:40:00') }));
    assert.deepEqual([v.status, v.resvSendTime], ['PENDING', onDay(t, 0, '10:40:00')]);
    await until(onDay(t, 0, '10:20:00'));
    assert.deepEqual(await inboxTexts(t, [to]), [[]]);
    await until(onDay(t, 0, '10:39:59'));
    assert.deepEqual(await inboxTexts(t, [to]), [[]]);
    assert.equal(await statusOf(t, c, resvKey), 'PENDING');
    await advance(t, 1);
    assert.deepEqual(await inboxTexts(t, [to]), [['reserved']]);
  });

  test('the time, earlier: sent at the new time', async () => {
    const to = phone();
    const { resvKey } = await reserve(t, c, { to: [to], at: onDay(t, 0, '12:00:00') });
    ok(await updateResv(t, c, resvKey, { resvSendTime: onDay(t, 0, '10:30:00') }));
    await until(onDay(t, 0, '10:29:59'));
    assert.deepEqual(await inboxTexts(t, [to]), [[]]);
    await advance(t, 1);
    assert.deepEqual(await inboxTexts(t, [to]), [['reserved']]);
    await until(onDay(t, 0, '12:00:00'));
    assert.deepEqual(await inboxTexts(t, [to]), [['reserved']], 'not again at the old time');
  });

  test('the name (A332 over 100 characters), nothing else changes', async () => {
    const at = onDay(t, 0, '11:00:00');
    const { resvKey } = await reserve(t, c, { to: [phone()], at, name: 'old' });
    const v = ok(await updateResv(t, c, resvKey, { resvName: '새 이름' }));
    assert.deepEqual([v.resvName, v.resvSendTime, v.status], ['새 이름', at, 'PENDING']);
    refused(await updateResv(t, c, resvKey, { resvName: 'n'.repeat(101) }), 'A332');
    ok(await updateResv(t, c, resvKey, { resvName: 'n'.repeat(100) }));
    assert.equal(ok(await getResv(t, c, resvKey)).resvName, 'n'.repeat(100));
  });

  test('the messages: the new text, substituted, is what is delivered; the msgKeys stay', async () => {
    const [a, b] = [phone(), phone()];
    const { resvKey, msgKeys } = await reserve(t, c, {
      to: [
        { to: a, replaceWords: { n: '민수' } },
        { to: b, replaceWords: { n: 'Jin' } },
      ],
      flow: [sms(c, 'old #{n}')],
      at: onDay(t, 0, '10:30:00'),
    });
    const v = ok(
      await updateResv(t, c, resvKey, {
        messageFlow: [{ mms: { from: c.sender, title: 'T #{n}', text: 'new #{n}' } }],
      }),
    );
    assert.deepEqual([v.status, v.destinationCount, v.messages], ['PENDING', 2, { held: 2 }]);
    assert.deepEqual(
      ok(await listDest(t, c, resvKey)).destinations.map((d) => d.msgKey),
      msgKeys,
    );
    await until(onDay(t, 0, '10:30:00'));
    const got = [...(await inbox(t, a)), ...(await inbox(t, b))];
    assert.deepEqual(
      got.map((m) => [m.msgKey, m.channel, m.title, m.text]),
      [
        [msgKeys[0], 'mms', 'T 민수', 'new 민수'],
        [msgKeys[1], 'mms', 'T Jin', 'new Jin'],
      ],
    );
    assert.equal((await drainReports(t, c, msgKeys)).length, 2);
    assert.equal(await statusOf(t, c, resvKey), 'DONE');
  });

  test('time, name and messages at once', async () => {
    const to = phone();
    const { resvKey } = await reserve(t, c, { to: [to], at: onDay(t, 0, '10:30:00'), name: 'a' });
    const at = onDay(t, 0, '11:00:00');
    const v = ok(
      await updateResv(t, c, resvKey, { resvSendTime: at, resvName: 'b', messageFlow: [sms(c, 'all new')] }),
    );
    assert.deepEqual([v.resvSendTime, v.resvName], [at, 'b']);
    await until(onDay(t, 0, '10:59:59'));
    assert.deepEqual(await inboxTexts(t, [to]), [[]]);
    await advance(t, 1);
    assert.deepEqual(await inboxTexts(t, [to]), [['all new']]);
  });

  test('refused whole, changing nothing: A316, A315, A331, A330, A328, A327, A336', async () => {
    const [plain, long] = [phone(), phone()];
    const at = onDay(t, 0, '19:00:00');
    const { resvKey, msgKeys } = await reserve(t, c, {
      to: [
        { to: plain, replaceWords: { n: 'a' } },
        { to: long, replaceWords: { n: 'x'.repeat(80) } },
      ],
      flow: [sms(c, 'hi #{n}')],
      at,
      name: 'keep',
    });
    const night = onDay(t, 0, '20:00:00');
    const refusals: Array<[Record<string, unknown>, string, string?]> = [
      [{ resvSendTime: inSeconds(t, 599) }, 'A316'],
      [{ resvSendTime: onDay(t, 0, '19:00') }, 'A315'],
      [{ resvSendTime: onDay(t, 367, '10:00:00') }, 'A331'],
      // Advertising text at the kept time (19:00 is allowed) but moved into the night: refused.
      [{ resvSendTime: night, messageFlow: [sms(c, '(광고) #{n}')] }, 'A330', night],
      [{ resvSendTime: night, messageFlow: [brandFlow(c)] }, 'A330', night],
      // The new text is too long for one recipient after substitution: the whole update is refused.
      [{ messageFlow: [sms(c, 'a longer text for #{n}')] }, 'A328', msgKeys[1]],
      [{ messageFlow: [{ sms: { from: '0299998888', text: 'x' } }] }, 'A327', '0299998888'],
      [{ messageFlow: [] }, 'A336'],
      [{ resvName: 'changed', resvSendTime: inSeconds(t, 60) }, 'A316'],
    ];
    for (const [body, code, detail] of refusals) refused(await updateResv(t, c, resvKey, body), code, detail);
    const v = ok(await getResv(t, c, resvKey));
    assert.deepEqual(
      [v.status, v.resvSendTime, v.resvName, v.messages],
      ['PENDING', at, 'keep', { held: 2 }],
    );
    await until(at);
    assert.deepEqual(await inboxTexts(t, [plain, long]), [['hi a'], [`hi ${'x'.repeat(80)}`]]);
  });

  test('A330: advertising texts at a kept night time; accepted at 08:00 and 19:59', async () => {
    const r = await reserve(t, c, { to: [phone()], at: onDay(t, 0, '23:00:00') });
    refused(await updateResv(t, c, r.resvKey, { messageFlow: [sms(c, '(광고) 세일')] }), 'A330');
    refused(await updateResv(t, c, r.resvKey, { messageFlow: [brandFlow(c)] }), 'A330');
    ok(await updateResv(t, c, r.resvKey, { messageFlow: [sms(c, 'still plain')] }));
    for (const at of [onDay(t, 0, '19:59:00'), onDay(t, 1, '08:00:00')]) {
      const v = ok(await updateResv(t, c, r.resvKey, { resvSendTime: at, messageFlow: [brandFlow(c)] }));
      assert.equal(v.resvSendTime, at);
    }
    refused(await updateResv(t, c, r.resvKey, { resvSendTime: onDay(t, 1, '07:59:00') }), 'A330');
  });

  test('after an update of the messages, cancel, stop, resume and add act on the new ones', async () => {
    const [a, b, added] = [phone(), phone(), phone()];
    const first = await reserve(t, c, { to: [a], at: onDay(t, 0, '10:30:00') });
    ok(await updateResv(t, c, first.resvKey, { messageFlow: [sms(c, 'v2')] }));
    assert.deepEqual(ok(await action(t, c, first.resvKey, 'cancel')).messages, { cancelled: 1 });

    const second = await reserve(t, c, {
      to: [{ to: b, replaceWords: { n: 'b' } }],
      at: onDay(t, 0, '10:30:00'),
    });
    ok(await updateResv(t, c, second.resvKey, { messageFlow: [sms(c, 'v2 #{n}')] }));
    const add = ok(await addDest(t, c, second.resvKey, [{ to: added, replaceWords: { n: 'new' } }]));
    assert.equal(add.destinations[0]?.code, 'A000');
    ok(await action(t, c, second.resvKey, 'stop'));
    await until(onDay(t, 0, '11:00:00'));
    assert.deepEqual(await inboxTexts(t, [a, b, added]), [[], [], []]);
    ok(await action(t, c, second.resvKey, 'resume'));
    await settle(t);
    assert.deepEqual(await inboxTexts(t, [a, b, added]), [[], ['v2 b'], ['v2 new']]);
    assert.equal(await statusOf(t, c, second.resvKey), 'DONE');
  });

  test('an update racing a stop never strands a message: each goes out once, new text iff accepted', async () => {
    const at = onDay(t, 0, '10:30:00');
    const runs: Array<{ to: string; resvKey: string; updated: boolean }> = [];
    for (let i = 0; i < 12; i++) {
      const to = phone();
      const { resvKey } = await reserve(t, c, { to: [to], at, flow: [sms(c, 'old')] });
      const [u, s] = await Promise.all([
        updateResv(t, c, resvKey, { messageFlow: [sms(c, 'new')] }),
        action(t, c, resvKey, 'stop'),
      ]);
      assert.equal(s.data.code, 'A000', s.raw);
      if (u.data.code !== 'A000') refused(u, 'A824');
      ok(await action(t, c, resvKey, 'resume'));
      runs.push({ to, resvKey, updated: u.data.code === 'A000' });
    }
    await until(at);
    for (const r of runs) {
      assert.deepEqual(await inboxTexts(t, [r.to]), [[r.updated ? 'new' : 'old']], r.resvKey);
      assert.equal(await statusOf(t, c, r.resvKey), 'DONE');
    }
  });
});
