import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst, kstDayStart } from '../../src/clock.ts';
import { type Client, inbox, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  clockNow,
  DAY_S,
  drain,
  infomsg,
  messageOf,
  mms,
  phones,
  rcs,
  reportsOf,
  sendOne,
  setClock,
  sms,
} from './delivery-helpers.ts';

/*
 * The delivery engine end to end, through HTTP only: a send, the sandbox handsets deciding each
 * step's fate, and what the client then sees (inbox, message inquiry, reports). Spec shared
 * behaviour 2 (failover) and 6 (push active-user rule); docs/sandbox.md, docs/reports.md.
 */

describeEachDb('delivery: failover', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('71');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  test('one-recipient sends made at once, dispatched in merged passes, each deliver once, failovers included', async () => {
    const own = await setupClient(t, 'merged-passes');
    const tos = Array.from({ length: 30 }, () => phone());
    // Every other one is no app user: its infomsg fails over to the sms inside the merged pass.
    for (const [i, to] of tos.entries()) if (i % 2 === 0) await setHandset(t, to, { appUser: null });
    const keys = await Promise.all(tos.map((to) => sendOne(t, own, { to }, [infomsg(own), sms(own)])));
    await settle(t);
    for (const [i, to] of tos.entries()) {
      const got = await inbox(t, to);
      assert.equal(got.length, 1, `${to} got ${got.length} messages`);
      assert.equal(got[0]?.msgKey, keys[i]);
      assert.equal(got[0]?.channel, i % 2 === 0 ? 'sms' : 'infomsg');
      const m = await messageOf(t, own, keys[i] ?? '');
      assert.equal(m.status, 'delivered');
      assert.equal(m.messages.length, i % 2 === 0 ? 2 : 1);
      assert.equal((await reportsOf(t, own, keys[i] ?? '')).length, 1);
    }
  });

  test('a non-app-user gets the sms after infomsg fails with 30003: two attempts, one report', async () => {
    const own = await setupClient(t, 'failover-report');
    const to = phone();
    await setHandset(t, to, { appUser: null });
    const msgKey = await sendOne(t, own, { to, replaceWords: { name: '홍길동' }, ref: 'dest-ref-1' }, [
      infomsg(own),
      sms(own),
    ]);
    await settle(t);

    const got = await inbox(t, to);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.channel, 'sms');
    assert.equal(got[0]?.text, '문자 홍길동');
    assert.equal(got[0]?.msgKey, msgKey);
    assert.equal(got[0]?.step, 1);

    const m = await messageOf(t, own, msgKey);
    assert.equal(m.status, 'delivered');
    assert.equal(m.to, to);
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.serviceType, a.fallback, a.status, a.reportCode]),
      [
        ['infomsg', 'INFOMSG', 'N', 'failed', '30003'],
        ['sms', 'SMS', 'Y', 'delivered', '10000'],
      ],
    );
    assert.equal(m.messages[0]?.reportText, 'NoSendAvailableException');
    assert.ok(m.messages.every((a) => a.msgKey === msgKey && a.sendTime !== '' && a.reportTime !== ''));

    const reports = await drain(t, own);
    assert.equal(reports.length, 1, JSON.stringify(reports));
    const [r] = reports;
    assert.equal(r?.msgKey, msgKey);
    assert.equal(r?.reportType, 'STANDARD');
    assert.equal(r?.reportCode, '10000');
    assert.equal(r?.serviceType, 'SMS');
    assert.equal(r?.msgType, 'SM');
    assert.equal(r?.ref, 'dest-ref-1');
    assert.equal(r?.reportTime, '2026-03-10 12:00:00');
    assert.equal(r?.sendTime, '2026-03-10 12:00:00');
  });

  test('an active app user gets the infomsg only: no failover', async () => {
    const to = phone();
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: '김' } }, [infomsg(c), sms(c)]);
    await settle(t);
    const got = await inbox(t, to);
    assert.deepEqual(
      got.map((g) => [g.channel, g.step, g.text]),
      [['infomsg', 0, '알림톡 김']],
    );
    const m = await messageOf(t, c, msgKey);
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.fallback, a.reportCode]),
      [['infomsg', 'N', '10000']],
    );
    const reports = await reportsOf(t, c, msgKey);
    assert.deepEqual(
      reports.map((r) => [r.reportType, r.reportCode, r.serviceType, r.msgType]),
      [['STANDARD', '10000', 'INFOMSG', 'AT']],
    );
  });

  test('a handset failing sms with 23003 gets the mms after failover', async () => {
    const to = phone();
    await setHandset(t, to, { fail: { sms: '23003' }, carrier: 'KT' });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: '이' } }, [sms(c), mms(c)]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => [g.channel, g.step, g.text, g.title]),
      [['mms', 1, '장문 이', '알림']],
    );
    const m = await messageOf(t, c, msgKey);
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.fallback, a.status, a.reportCode, a.carrier]),
      [
        ['sms', 'N', 'failed', '23003', 'KT'],
        ['mms', 'Y', 'delivered', '10000', 'KT'],
      ],
    );
    assert.deepEqual(
      (await reportsOf(t, c, msgKey)).map((r) => [r.reportType, r.reportCode, r.serviceType, r.msgType]),
      [['STANDARD', '10000', 'MMS', 'LM']],
    );
  });

  test('with sms the only step, the handset code 23003 is the final report', async () => {
    const to = phone();
    await setHandset(t, to, { fail: { sms: '23003' }, carrier: 'LGU+' });
    const msgKey = await sendOne(t, c, to, [sms(c, 'hello')]);
    await settle(t);
    assert.deepEqual(await inbox(t, to), []);
    const m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'failed');
    const reports = await reportsOf(t, c, msgKey);
    assert.equal(reports.length, 1);
    assert.equal(reports[0]?.reportType, 'STANDARD');
    assert.equal(reports[0]?.reportCode, '23003');
    assert.equal(reports[0]?.reportText, 'Failed by sandbox handset setting');
    assert.equal(reports[0]?.carrier, 'LGU+');
    assert.equal(reports[0]?.serviceType, 'SMS');
  });

  test('an unreachable handset fails every step with 30001; the last step gives the report', async () => {
    const to = phone();
    await setHandset(t, to, { reachable: false });
    const msgKey = await sendOne(t, c, to, [sms(c, 'a'), mms(c, 'b')]);
    await settle(t);
    assert.deepEqual(await inbox(t, to), []);
    const m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'failed');
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.fallback, a.status, a.reportCode]),
      [
        ['sms', 'N', 'failed', '30001'],
        ['mms', 'Y', 'failed', '30001'],
      ],
    );
    assert.deepEqual(
      (await reportsOf(t, c, msgKey)).map((r) => [r.reportType, r.reportCode, r.reportText, r.serviceType]),
      [['STANDARD', '30001', 'Handset unreachable', 'MMS']],
    );
  });

  test('[rcs, infomsg, sms] on a non-RCS non-app-user: three attempts in that order, sms delivered', async () => {
    const to = phone();
    await setHandset(t, to, { rcs: false, appUser: null });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: '박' } }, [rcs(c), infomsg(c), sms(c)]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => [g.channel, g.step, g.text]),
      [['sms', 2, '문자 박']],
    );
    const m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'delivered');
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.serviceType, a.fallback, a.status, a.reportCode]),
      [
        ['rcs', 'RCS', 'N', 'failed', '30002'],
        ['infomsg', 'INFOMSG', 'Y', 'failed', '30003'],
        ['sms', 'SMS', 'Y', 'delivered', '10000'],
      ],
    );
    assert.equal((await reportsOf(t, c, msgKey)).length, 1);
  });

  test("the client's order is respected: [sms, rcs] sends the sms first and stops there", async () => {
    const to = phone();
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: '최' } }, [sms(c), rcs(c)]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => [g.channel, g.step]),
      [['sms', 0]],
    );
    const m = await messageOf(t, c, msgKey);
    assert.deepEqual(
      m.messages.map((a) => [a.channel, a.fallback, a.reportCode]),
      [['sms', 'N', '10000']],
    );
  });

  test('[mms, rcs, sms] with mms failing: rcs (an RCS device) is second and delivers', async () => {
    const to = phone();
    await setHandset(t, to, { fail: { mms: '24001' } });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: '정' } }, [mms(c), rcs(c), sms(c)]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => [g.channel, g.step, g.text]),
      [['rcs', 1, 'RCS 정']],
    );
    assert.deepEqual(
      (await messageOf(t, c, msgKey)).messages.map((a) => [a.channel, a.reportCode]),
      [
        ['mms', '24001'],
        ['rcs', '10000'],
      ],
    );
    assert.deepEqual(
      (await reportsOf(t, c, msgKey)).map((r) => [r.reportCode, r.serviceType]),
      [['10000', 'RCS']],
    );
  });
});

/**
 * Spec shared behaviour 6 through a real send: push infomsg needs an active user (connected,
 * used the app within 168 hours, not signed up on the Korea-time day of the send); otherwise
 * NoSendAvailableException and the next step goes out.
 */
describeEachDb('delivery: push active-user rule', (db) => {
  let t: TestGateway;
  let c: Client;
  let now: number;
  const phone = phones('72');
  before(async () => {
    t = await startTestGateway(db);
    // 08:00 in Korea is 23:00 UTC the day before: a Korea-time day and a UTC day differ here.
    await setClock(t, '2026-03-11 08:00:00');
    now = await clockNow(t);
    c = await setupClient(t);
  });
  after(() => t.close());

  const HOUR_MS = 3600_000;
  const longAgo = () => isoKst(now - 365 * DAY_S * 1000, true);

  /** Sends [infomsg push, sms] to a handset with this app user; answers the channels attempted. */
  async function outcome(appUser: Record<string, unknown>): Promise<{ tried: string[][]; got: string[] }> {
    const to = phone();
    await setHandset(t, to, { appUser });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'x' } }, [
      infomsg(c, '알림 #{name}', { responseMethod: 'push' }),
      sms(c),
    ]);
    await settle(t);
    const m = await messageOf(t, c, msgKey);
    assert.equal(m.status, 'delivered');
    const reports = await reportsOf(t, c, msgKey);
    assert.equal(reports.length, 1);
    return {
      tried: m.messages.map((a) => [a.channel, a.reportCode]),
      got: (await inbox(t, to)).map((g) => g.channel),
    };
  }

  const failedOver = {
    tried: [
      ['infomsg', '30003'],
      ['sms', '10000'],
    ],
    got: ['sms'],
  };
  const pushed = { tried: [['infomsg', '10000']], got: ['infomsg'] };

  test('last active 169 hours before the send: failover to sms', async () => {
    const lastActiveAt = isoKst(now - 169 * HOUR_MS, true);
    assert.deepEqual(await outcome({ connected: true, lastActiveAt, signedUpAt: longAgo() }), failedOver);
  });

  test('last active exactly 168 hours before the send: still active, infomsg delivered', async () => {
    const lastActiveAt = isoKst(now - 168 * HOUR_MS, true);
    assert.deepEqual(await outcome({ connected: true, lastActiveAt, signedUpAt: longAgo() }), pushed);
  });

  test("signed up at 00:00 of the send's Korea-time day: failover to sms", async () => {
    const signedUpAt = isoKst(kstDayStart(now), true);
    assert.equal(signedUpAt, '2026-03-11T00:00:00.000+09:00');
    assert.deepEqual(await outcome({ connected: true, signedUpAt }), failedOver);
  });

  test('signed up the Korea-time evening before (the same UTC day as the send): active', async () => {
    const signedUpAt = '2026-03-10T23:00:00+09:00';
    assert.deepEqual(await outcome({ connected: true, signedUpAt }), pushed);
  });

  test('not connected: failover to sms', async () => {
    assert.deepEqual(await outcome({ connected: false }), failedOver);
  });

  test('polling needs an app user, not an active one: an idle user gets the infomsg', async () => {
    const to = phone();
    await setHandset(t, to, { appUser: { connected: false, lastActiveAt: longAgo() } });
    const msgKey = await sendOne(t, c, { to, replaceWords: { name: 'y' } }, [
      infomsg(c, '알림 #{name}', { responseMethod: 'polling', timeout: 60 }),
      sms(c),
    ]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((g) => g.channel),
      ['infomsg'],
    );
    assert.deepEqual(
      (await reportsOf(t, c, msgKey)).map((r) => [r.reportCode, r.serviceType]),
      [['MS03', 'INFOMSG']],
    );
  });
});
