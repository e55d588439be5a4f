import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { createSandboxConnector, type SandboxConnector } from '../../src/connectors/sandbox/connector.ts';
import type { HandsetSettings } from '../../src/connectors/sandbox/handset.ts';
import { RECEIPT_JOB } from '../../src/connectors/sandbox/receipts.ts';
import { settingsToJson } from '../../src/connectors/sandbox/settings.ts';
import type { DeliveryResult, OutboundMessage, SubmitOutcome } from '../../src/connectors/types.ts';
import { JobRunner } from '../../src/engine/runner.ts';
import { listInbox, saveHandset } from '../../src/store/sandbox/sandbox.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { brand, msg, push, T } from './sandbox-fixtures.ts';

describeEachDb('sandbox connector', (db) => {
  let t: TestGateway;
  let conn: SandboxConnector;
  let runner: JobRunner;
  const results: { connector: string; networkId: string; result: DeliveryResult }[] = [];

  before(async () => {
    // The gateway's own workers stay off: this file's runner hands receipts to this file's sink.
    t = await startTestGateway(db, { start: false });
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-03-10 12:00:00' },
    });
    const ctx = { ...t.gw.ctx, workAdded: () => runner.wake() };
    conn = createSandboxConnector({
      ctx,
      sink: {
        async deliveryResult(connector, networkId, result) {
          results.push({ connector, networkId, result });
        },
        async deliveryResults(connector, batch) {
          for (const b of batch) results.push({ connector, networkId: b.networkId, result: b.result });
          return { held: [] };
        },
      },
    });
    runner = new JobRunner({
      store: ctx.store,
      clock: ctx.clock,
      events: ctx.events,
      handlers: conn.jobHandlers,
      leaseMs: 30_000,
      pollMs: 50,
    });
    runner.start();
  });
  after(async () => {
    await runner.stop();
    await t.close();
  });
  beforeEach(() => {
    results.length = 0;
  });

  const now = () => t.gw.ctx.clock.now();
  const setHandset = (phone: string, s: HandsetSettings) =>
    saveHandset(t.gw.ctx.store, phone, settingsToJson(s), now());
  const inbox = (phone: string) => listInbox(t.gw.ctx.store, phone, 0, 1000);
  const advance = async (seconds: number) => {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: seconds },
    });
    assert.equal(res.statusCode, 200);
    await runner.whenIdle();
  };
  const receiptJobs = () =>
    t.gw.ctx.store.db
      .selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('kind', '=', RECEIPT_JOB)
      .execute();

  test('declares every channel and the receipt job kind', () => {
    assert.equal(conn.name, 'sandbox');
    assert.deepEqual([...conn.channels].sort(), ['brandmessage', 'infomsg', 'mms', 'rcs', 'sms']);
    assert.deepEqual([...conn.jobHandlers.keys()], [RECEIPT_JOB]);
  });

  test('delivers to an unknown number at once: inbox row, result 10000, deterministic networkId', async () => {
    const phone = '01011110003';
    const m = msg({
      to: phone,
      submittedAt: now(),
      title: 'T',
      payload: { text: 'hello', extra: { a: [1] } },
    });
    const [out] = await conn.submit([m]);
    assert.deepEqual(out, {
      kind: 'accepted',
      networkId: `${m.msgKey}-0`,
      result: { delivered: true, code: '10000', text: 'Delivered', carrier: 'SKT', at: m.submittedAt },
    });
    const rows = await inbox(phone);
    assert.equal(rows.length, 1);
    const { id: _id, ...row } = rows[0]!;
    assert.deepEqual(row, {
      phone,
      msgKey: m.msgKey,
      step: 0,
      channel: 'sms',
      from: '0212345678',
      title: 'T',
      text: 'hello',
      payload: JSON.stringify(m.payload),
      receivedAt: m.submittedAt,
    });
  });

  test('failures are accepted-then-failed results with the carrier, and reach no inbox', async () => {
    const phone = '01011110015';
    await setHandset(phone, { reachable: false, carrier: 'KT' });
    const outs = await conn.submit([msg({ to: phone }), msg({ to: phone, channel: 'rcs' })]);
    for (const out of outs) {
      assert.equal(out.kind, 'accepted');
      assert.deepEqual(out.kind === 'accepted' && out.result, {
        delivered: false,
        code: '30001',
        text: 'Handset unreachable',
        carrier: 'KT',
        at: T,
      });
    }
    assert.equal((await inbox(phone)).length, 0);
  });

  test('one batch, many handsets: one outcome per message in order, each by its own handset', async () => {
    const phones = ['01022220001', '01022220002', '01022220003', '01022220004', '01022220005'];
    await setHandset(phones[0]!, { fail: { sms: '23003' } });
    await setHandset(phones[1]!, { rcs: false });
    await setHandset(phones[2]!, { appUser: null });
    await setHandset(phones[3]!, { friendOf: ['OTHER'] });
    const batch: OutboundMessage[] = [];
    for (let i = 0; i < 40; i++) {
      for (const to of phones) {
        batch.push(msg({ to, channel: 'sms' }));
        batch.push(msg({ to, channel: 'rcs', msgType: 'RS', payload: {} }));
        batch.push(push({ to }));
        batch.push(brand({}, { to }));
      }
    }
    const outs = await conn.submit(batch);
    assert.equal(outs.length, batch.length);
    const code = (o: SubmitOutcome) =>
      o.kind === 'accepted' ? (o.result?.code ?? 'later') : o.kind === 'rejected' ? o.code : 'skipped';
    const expected: Record<string, string[]> = {
      [phones[0]!]: ['23003', '10000', '10000', '10000'],
      [phones[1]!]: ['10000', '30002', '10000', '10000'],
      [phones[2]!]: ['10000', '10000', '30003', '30003'],
      [phones[3]!]: ['10000', '10000', '10000', '30004'],
      [phones[4]!]: ['10000', '10000', '10000', '10000'],
    };
    batch.forEach((m, i) => {
      assert.equal(outs[i]?.kind === 'accepted' && outs[i].networkId, `${m.msgKey}-${m.step}`);
      assert.equal(code(outs[i]!), expected[m.to]![i % 4], `${m.to} ${m.channel}`);
    });
    assert.equal((await inbox(phones[4]!)).length, 160);
    assert.equal((await inbox(phones[2]!)).length, 80);
  });

  test('unified-only RCS handsets get the message without header, footer and copyAllowed', async () => {
    const phone = '01011110027';
    await setHandset(phone, { rcs: { unified: true, android: false } });
    const payload = {
      formatId: 'SS000000',
      body: { description: 'hi' },
      header: '1',
      footer: 'f',
      copyAllowed: true,
    };
    await conn.submit([msg({ to: phone, channel: 'rcs', msgType: 'RS', payload })]);
    const [row] = await inbox(phone);
    assert.deepEqual(JSON.parse(row!.payload), { formatId: 'SS000000', body: { description: 'hi' } });
  });

  test('a resubmitted (msgKey, step) gets the same answer and is not delivered twice', async () => {
    const phone = '01011110038';
    const m = msg({ to: phone, submittedAt: now() });
    const first = await conn.submit([m]);
    const second = await conn.submit([m, { ...m, step: 1 }]);
    assert.deepEqual(second[0], first[0]);
    assert.equal(second[1]?.kind === 'accepted' && second[1].networkId, `${m.msgKey}-1`);
    const rows = await inbox(phone);
    assert.deepEqual(
      rows.map((r) => [r.msgKey, r.step]),
      [
        [m.msgKey, 0],
        [m.msgKey, 1],
      ],
    );
  });

  test('polling receipts arrive after receiptDelaySeconds on the manual clock, once', async () => {
    const phone = '01011110049';
    await setHandset(phone, { receiptDelaySeconds: 30, carrier: 'LGU+' });
    const sentAt = now();
    const polling = push({ to: phone, submittedAt: sentAt, payload: { responseMethod: 'polling' } });
    const sms = msg({ to: phone, submittedAt: sentAt });
    const pushNow = push({ to: phone, submittedAt: sentAt });
    const outs = await conn.submit([polling, sms, pushNow]);
    assert.deepEqual(outs.slice(0, 2), [
      { kind: 'accepted', networkId: `${polling.msgKey}-0` },
      { kind: 'accepted', networkId: `${sms.msgKey}-0` },
    ]);
    // Push counts as delivered without waiting for the handset.
    assert.equal(outs[2]?.kind === 'accepted' && outs[2].result?.code, '10000');
    assert.equal((await inbox(phone)).length, 3);
    // A resubmission while the receipt waits queues no second one.
    await conn.submit([polling]);
    const jobs = await receiptJobs();
    assert.equal(jobs.length, 2);
    for (const j of jobs) assert.equal(Number(j.run_at), sentAt + 30_000);

    await advance(29);
    assert.equal(results.length, 0);
    await advance(1);
    assert.deepEqual(
      results.map((r) => r.networkId).sort(),
      [`${polling.msgKey}-0`, `${sms.msgKey}-0`].sort(),
    );
    for (const r of results) {
      assert.equal(r.connector, 'sandbox');
      assert.deepEqual(r.result, {
        delivered: true,
        code: '10000',
        text: 'Delivered',
        carrier: 'LGU+',
        at: sentAt + 30_000,
      });
    }
    assert.equal((await receiptJobs()).length, 0);
    await advance(3600);
    assert.equal(results.length, 2);
  });

  test('international numbers behave the same', async () => {
    const phone = '447700900123';
    const [ok] = await conn.submit([msg({ to: phone, international: true })]);
    assert.equal(ok?.kind === 'accepted' && ok.result?.code, '10000');
    await setHandset(phone, { reachable: false });
    const [ko] = await conn.submit([msg({ to: phone, international: true })]);
    assert.equal(ko?.kind === 'accepted' && ko.result?.code, '30001');
  });

  test('an empty batch answers nothing', async () => {
    assert.deepEqual(await conn.submit([]), []);
  });
});
