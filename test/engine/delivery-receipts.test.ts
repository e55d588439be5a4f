import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { advance, type Client, inbox, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  DAY_S,
  HOUR_S,
  infomsg,
  messageOf,
  mms,
  phones,
  reportsOf,
  sendOne,
  setClock,
  sms,
} from './delivery-helpers.ts';

/*
 * Results that come later than the submission: delivery receipts on the gateway clock, waits that
 * run out (polling timeout ME09, 24-hour receipt wait 80001, international DLR 5 days 80002), and
 * the two report records of an international message (spec shared behaviours 6 and 9).
 */

describeEachDb('delivery: receipts and waits', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('73');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  const polling = (cl: Client, timeout: number) =>
    infomsg(cl, '알림 #{name}', { responseMethod: 'polling', timeout });

  test('polling: a receipt 30 s after the send, within timeout 60, is MS03', async () => {
    const to = phone();
    await setHandset(t, to, { receiptDelaySeconds: 30 });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'a' } }, [polling(c, 60), sms(c)]);
    await settle(t);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);
    const waiting = await messageOf(t, c, msgKey);
    assert.equal(waiting.status, 'waiting');
    assert.deepEqual(
      waiting.messages.map((a) => [a.channel, a.status, a.reportCode, a.reportTime]),
      [['infomsg', 'waiting', '', '']],
    );

    await advance(t, 29);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);
    await advance(t, 1);
    const reports = await reportsOf(t, c, msgKey);
    assert.deepEqual(
      reports.map((r) => [r.reportType, r.reportCode, r.serviceType]),
      [['STANDARD', 'MS03', 'INFOMSG']],
    );
    assert.equal((await messageOf(t, c, msgKey)).status, 'delivered');

    // The wait running out later changes nothing, and the sms step never goes out.
    await advance(t, 60);
    assert.equal((await reportsOf(t, c, msgKey)).length, 1);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['infomsg'],
    );
  });

  test('polling: no receipt within timeout 60 is ME09, without failover; the late receipt adds nothing', async () => {
    const to = phone();
    await setHandset(t, to, { receiptDelaySeconds: 120 });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'b' } }, [polling(c, 60), sms(c)]);
    await settle(t);
    await advance(t, 59);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);

    await advance(t, 1);
    const reports = await reportsOf(t, c, msgKey);
    assert.deepEqual(
      reports.map((r) => [r.reportType, r.reportCode, r.serviceType]),
      [['STANDARD', 'ME09', 'INFOMSG']],
    );
    const m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'uncertain');
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.status, a.reportCode]),
      [['infomsg', 'uncertain', 'ME09']],
    );
    // Success uncertain is not a failure: the next step (sms) is not sent.
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['infomsg'],
    );

    await advance(t, 60);
    assert.equal((await reportsOf(t, c, msgKey)).length, 1);
    assert.equal((await messageOf(t, c, msgKey)).status, 'uncertain');
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['infomsg'],
    );
  });

  test('sms with a 10 s receipt delay: no report before 10 s on the clock, 10000 at 10 s', async () => {
    const to = phone();
    await setHandset(t, to, { receiptDelaySeconds: 10, carrier: 'SKT' });
    const msgKey = await sendOne(t, c, to, [sms(c, 'late receipt')]);
    await settle(t);
    // Delivered to the handset at once; only the receipt waits.
    assert.equal((await inbox(t, to)).length, 1);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);
    assert.equal((await messageOf(t, c, msgKey)).status, 'waiting');
    await advance(t, 9);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);

    await advance(t, 1);
    const reports = await reportsOf(t, c, msgKey);
    assert.equal(reports.length, 1);
    const [r] = reports;
    assert.equal(r?.reportCode, '10000');
    assert.equal(r?.reportType, 'STANDARD');
    assert.equal(r?.carrier, 'SKT');
    // sendTime is the submission, reportTime the receipt, 10 s apart.
    assert.equal(
      Date.parse(`${r?.reportTime.replace(' ', 'T')}Z`) - Date.parse(`${r?.sendTime.replace(' ', 'T')}Z`),
      10_000,
    );
    const m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'delivered');
    assert.deepEqual(
      m.messages.map((a) => [a.status, a.reportCode, a.reportTime]),
      [['delivered', '10000', r?.reportTime]],
    );
  });

  test('no receipt within 24 hours: 80001 and failover; the next step waits its own 24 hours', async () => {
    const to = phone();
    await setHandset(t, to, { receiptDelaySeconds: 3 * DAY_S });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'c' } }, [sms(c), mms(c)]);
    await settle(t);
    await advance(t, DAY_S - 1);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['sms'],
    );

    await advance(t, 1);
    assert.deepEqual(await reportsOf(t, c, msgKey), []);
    let m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'waiting');
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.fallback, a.status, a.reportCode]),
      [
        ['sms', 'N', 'failed', '80001'],
        ['mms', 'Y', 'waiting', ''],
      ],
    );
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['sms', 'mms'],
    );

    await advance(t, DAY_S);
    m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'failed');
    assert.deepEqual(
      (await reportsOf(t, c, msgKey)).map((r) => [r.reportType, r.reportCode, r.serviceType]),
      [['STANDARD', '80001', 'MMS']],
    );
    // The receipts that come after their waits ran out change nothing.
    await advance(t, 2 * DAY_S);
    assert.equal((await reportsOf(t, c, msgKey)).length, 1);
    assert.equal((await messageOf(t, c, msgKey)).status, 'failed');
  });
});

/**
 * The clock moved past a receipt and past its wait's end in one step: the receipt came first on
 * the clock, so it must decide, whatever order the workers happen to run the two in.
 */
describeEachDb('delivery: receipt and wait due together', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('77');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  test('polling: receipt at 30 s, timeout 60, clock moved 120 s at once: MS03', async () => {
    for (let i = 0; i < 3; i++) {
      const to = phone();
      await setHandset(t, to, { receiptDelaySeconds: 30 });
      const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'j' } }, [
        infomsg(c, '알림 #{name}', { responseMethod: 'polling', timeout: 60 }),
        sms(c),
      ]);
      await settle(t);
      await advance(t, 120);
      assert.deepEqual(
        (await reportsOf(t, c, msgKey)).map((r) => r.reportCode),
        ['MS03'],
      );
    }
  });

  test('sms: receipt at 10 s, clock moved 2 days at once: 10000, no failover', async () => {
    for (let i = 0; i < 3; i++) {
      const to = phone();
      await setHandset(t, to, { receiptDelaySeconds: 10 });
      const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'k' } }, [sms(c), mms(c)]);
      await settle(t);
      await advance(t, 2 * DAY_S);
      assert.deepEqual(
        (await reportsOf(t, c, msgKey)).map((r) => [r.reportCode, r.serviceType]),
        [['10000', 'SMS']],
      );
      // A failover here would be a second message on the handset for one that was delivered.
      assert.deepEqual(
        (await inbox(t, to)).map((g) => g.channel),
        ['sms'],
      );
    }
  });

  test('polling on a clock between seconds: ME09 once exactly the timeout has passed', async () => {
    await setClock(t, '2026-03-12T12:00:00.500+09:00');
    const to = phone();
    await setHandset(t, to, { receiptDelaySeconds: 120 });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'l' } }, [
      infomsg(c, '알림 #{name}', { responseMethod: 'polling', timeout: 60 }),
      sms(c),
    ]);
    await settle(t);
    await advance(t, 60);
    assert.deepEqual(
      (await reportsOf(t, c, msgKey)).map((r) => r.reportCode),
      ['ME09'],
    );
  });
});

describeEachDb('delivery: international DLR', (db) => {
  let t: TestGateway;
  let off: Client;
  let on: Client;
  let n = 0;
  const intl = () => `1415555${String(++n).padStart(4, '0')}`;
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
    off = await setupClient(t, 'dlr-off');
    on = await setupClient(t, 'dlr-on');
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/v1/keys/${on.keyId}`,
      admin: true,
      body: { dlr: true },
    });
    assert.equal(res.statusCode, 200, res.body);
  });
  after(() => t.close());

  test('DLR off: one STANDARD report (the acceptance), none later', async () => {
    const to = intl();
    await setHandset(t, to, { receiptDelaySeconds: 30 });
    const msgKey = await sendOne(t, off, to, [sms(off, 'hello')]);
    await settle(t);
    assert.equal((await inbox(t, to)).length, 1);
    assert.deepEqual(
      (await reportsOf(t, off, msgKey)).map((r) => [r.reportType, r.reportCode, r.serviceType]),
      [['STANDARD', '10000', 'SMS']],
    );
    await advance(t, 60);
    assert.equal((await reportsOf(t, off, msgKey)).length, 1);
  });

  test('DLR on: a STANDARD and a DLR record, told apart by reportType', async () => {
    const to = intl();
    const msgKey = await sendOne(t, on, to, [sms(on, 'hello')]);
    await settle(t);
    const reports = await reportsOf(t, on, msgKey);
    assert.deepEqual(reports.map((r) => [r.reportType, r.reportCode]).sort(), [
      ['DLR', '10000'],
      ['STANDARD', '10000'],
    ]);
    assert.ok(reports.every((r) => r.msgKey === msgKey && r.serviceType === 'SMS'));
  });

  test('DLR on with a 30 s receipt: STANDARD at once, the DLR when the receipt comes', async () => {
    const to = intl();
    await setHandset(t, to, { receiptDelaySeconds: 30 });
    const msgKey = await sendOne(t, on, to, [sms(on, 'hello')]);
    await settle(t);
    assert.deepEqual(
      (await reportsOf(t, on, msgKey)).map((r) => r.reportType),
      ['STANDARD'],
    );
    await advance(t, 30);
    assert.deepEqual(
      (await reportsOf(t, on, msgKey)).map((r) => [r.reportType, r.reportCode]),
      [
        ['STANDARD', '10000'],
        ['DLR', '10000'],
      ],
    );
  });

  test('DLR on, no receipt within 5 days: a DLR 80002 at 5 days, nothing when it comes at 6', async () => {
    const to = intl();
    await setHandset(t, to, { receiptDelaySeconds: 6 * DAY_S });
    const msgKey = await sendOne(t, on, to, [sms(on, 'hello'), mms(on, 'never')]);
    await settle(t);
    assert.deepEqual(
      (await reportsOf(t, on, msgKey)).map((r) => r.reportType),
      ['STANDARD'],
    );
    await advance(t, 5 * DAY_S - 1);
    assert.equal((await reportsOf(t, on, msgKey)).length, 1);

    await advance(t, 1);
    const reports = await reportsOf(t, on, msgKey);
    assert.deepEqual(
      reports.map((r) => [r.reportType, r.reportCode]),
      [
        ['STANDARD', '10000'],
        ['DLR', '80002'],
      ],
    );
    await advance(t, DAY_S + HOUR_S);
    assert.equal((await reportsOf(t, on, msgKey)).length, 2);
    // The acceptance ended the flow: the message's later steps are never tried (no second channel).
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['sms'],
    );
  });
});
