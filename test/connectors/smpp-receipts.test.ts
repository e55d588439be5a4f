import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { holdEarlyReceipts } from '../../src/store/messages/receipts.ts';
import { drain, messageOf, phones, reportsOf, sendAll, sendOne, sms } from '../engine/delivery-helpers.ts';
import { advance, type Client, inbox, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { type SmscOptions, SmscSimulator } from '../helpers/smsc.ts';
import { connectorsFile, eventually, finalOf, smppSuite, startSmppGateway } from './smpp-helpers.ts';

const LMS_ROUTES = [
  { channel: 'sms', connector: 'smsc' },
  { channel: 'lms', connector: 'smsc' },
];

const lms = (c: Client, text: string) => ({ mms: { msgType: 'LM', from: c.sender, title: '', text } });
/** The sandbox's MMS: no route takes it, so a failed SMPP step fails over to the simulated handset. */
const mmsToSandbox = (c: Client) => ({
  mms: { msgType: 'LM', from: c.sender, title: 'fallback', text: 'fb' },
});

describeEachDb('SMPP connector: delivery receipts', (db) => {
  let simulators = 0;
  /**
   * One simulator and gateway per case: each needs its own receipt behaviour. Each simulator's
   * message ids start apart from the earlier ones' (they share the suite's database).
   */
  async function withSmsc(
    options: SmscOptions,
    fields: Record<string, unknown>,
    body: (ctx: { smsc: SmscSimulator; t: TestGateway; c: Client }) => Promise<void>,
    routes: unknown[] = LMS_ROUTES,
  ): Promise<void> {
    simulators += 1;
    const smsc = await SmscSimulator.start({
      systemId: 'omnigate',
      password: 'secret',
      firstMessageId: 0x1000 * simulators,
      ...options,
    });
    const { t, c } = await smppSuite(db, smsc, { concatenation: true, ...fields }, routes);
    try {
      await body({ smsc, t, c });
    } finally {
      await t.close();
      await smsc.close();
    }
  }
  const next = phones('72');

  test('a receipt that comes before the submit_sm_resp is matched all the same', async () => {
    await withSmsc({ receiptTiming: 'before' }, {}, async ({ smsc, t, c }) => {
      const to = next();
      const key = await sendOne(t, c, to, [sms(c, 'early')]);
      assert.equal((await finalOf(t, c, key)).status, 'delivered');
      assert.equal(smsc.submitted.filter((m) => m.destinationAddr === to).length, 1);
      const [r] = await reportsOf(t, c, key);
      assert.equal(r?.reportCode, '10000');
    });
  });

  test('the receipts of every part of an LMS, before their responses, deliver it once', async () => {
    await withSmsc({ receiptTiming: 'before' }, {}, async ({ smsc, t, c }) => {
      const to = next();
      const key = await sendOne(t, c, to, [lms(c, 'x'.repeat(400))]);
      assert.equal((await finalOf(t, c, key)).status, 'delivered');
      assert.equal(smsc.submitted.filter((m) => m.destinationAddr === to).length, 3);
      assert.equal((await reportsOf(t, c, key)).length, 1);
    });
  });

  for (const [submit, receipt, formats] of [
    ['hex', 'decimal', { submit: 'hex', receipt: 'decimal' }],
    ['decimal', 'hex-padded-lower', { submit: 'decimal', receipt: 'hex' }],
    ['hex', 'hex-padded-lower', { submit: 'string', receipt: 'string' }],
  ] as const) {
    test(`ids normalised: ${submit} answers, ${receipt} receipts, read as ${formats.submit}/${formats.receipt}`, async () => {
      await withSmsc(
        { idFormat: submit, receiptIdFormat: receipt },
        { messageIds: formats },
        async ({ t, c }) => {
          const key = await sendOne(t, c, next(), [sms(c, 'ids')]);
          assert.equal((await finalOf(t, c, key)).status, 'delivered');
        },
      );
    });
  }

  test('an undeliverable receipt fails the step with 82005 and the next channel delivers', async () => {
    const bad = next();
    await withSmsc(
      { receiptStat: (d) => (d === bad ? 'UNDELIV' : 'DELIVRD') },
      {},
      async ({ t, c }) => {
        const key = await sendOne(t, c, bad, [sms(c, 'no'), mmsToSandbox(c)]);
        const view = await finalOf(t, c, key);
        assert.equal(view.status, 'delivered');
        assert.deepEqual(
          view.messages.map((m) => [m.channel, m.reportCode]),
          [
            ['sms', '82005'],
            ['mms', '10000'],
          ],
        );
        assert.equal((await inbox(t, bad)).length, 1);
      },
      [{ channel: 'sms', connector: 'smsc' }],
    );
  });

  test('a failed part fails the whole LMS', async () => {
    const bad = next();
    await withSmsc({ receiptStat: (d) => (d === bad ? 'EXPIRED' : 'DELIVRD') }, {}, async ({ t, c }) => {
      const key = await sendOne(t, c, bad, [lms(c, 'y'.repeat(300))]);
      const view = await finalOf(t, c, key);
      assert.equal(view.status, 'failed');
      assert.equal(view.messages[0]?.reportCode, '82003');
      assert.equal((await reportsOf(t, c, key)).length, 1);
    });
  });

  test('a burst of late receipts, SMS and LMS parts mixed, settles each message once', async () => {
    await withSmsc({ receiptTiming: 'hold' }, {}, async ({ smsc, t, c }) => {
      const tos = Array.from({ length: 60 }, () => next());
      const sms60 = await sendAll(t, c, tos, [sms(c, 'burst')]);
      const lms10 = await sendAll(t, c, tos.slice(0, 10), [lms(c, 'w'.repeat(320))]);
      const keys = [...sms60, ...lms10];
      await eventually(async () => smsc.submitted.length >= 60 + 10 * 3, 'every submit');
      for (const k of keys)
        await eventually(async () => (await messageOf(t, c, k)).status === 'waiting', `${k} waiting`);
      await smsc.releaseReceipts();
      for (const k of keys) assert.equal((await finalOf(t, c, k)).status, 'delivered');
      const reports = (await drain(t, c)).filter((r) => keys.includes(r.msgKey));
      assert.equal(reports.length, keys.length);
      assert.equal(new Set(reports.map((r) => r.msgKey)).size, keys.length);
    });
  });

  test('no receipt within the wait fails the step (80001); the late receipt changes nothing', async () => {
    await withSmsc({ receiptTiming: 'hold' }, { receiptWaitSeconds: 60 }, async ({ smsc, t, c }) => {
      const key = await sendOne(t, c, next(), [sms(c, 'slow')]);
      await eventually(async () => (await messageOf(t, c, key)).status === 'waiting', 'the submit');
      await advance(t, 59);
      assert.equal((await messageOf(t, c, key)).status, 'waiting');
      await advance(t, 2);
      const view = await finalOf(t, c, key);
      assert.equal(view.status, 'failed');
      assert.equal(view.messages[0]?.reportCode, '80001');
      await smsc.releaseReceipts();
      assert.equal((await messageOf(t, c, key)).status, 'failed');
      assert.equal((await reportsOf(t, c, key)).length, 1);
    });
  });
});

describeEachDb('SMPP connector: the sweep settles held receipts', (db) => {
  test('a receipt held for a submission that is recorded and waiting is settled by the sweep', async () => {
    const smsc = await SmscSimulator.start({
      systemId: 'omnigate',
      password: 'secret',
      receiptTiming: 'hold',
    });
    const { t, c } = await smppSuite(db, smsc);
    try {
      const key = await sendOne(t, c, '01072980001', [sms(c, 'held')]);
      await eventually(async () => (await messageOf(t, c, key)).status === 'waiting', 'the submit');
      const [m] = smsc.submitted;
      assert.ok(m);
      // As a settlement that failed after taking it would leave it: held, its attempt waiting.
      const now = t.gw.ctx.clock.now();
      const result = { delivered: true, code: '10000', text: 'DELIVRD err:000', carrier: null, at: now };
      await holdEarlyReceipts(t.gw.ctx.store, 'smsc', [{ networkId: m.messageId.toLowerCase(), result }]);
      await advance(t, 61);
      assert.equal((await finalOf(t, c, key)).status, 'delivered');
      assert.equal((await reportsOf(t, c, key)).length, 1);
    } finally {
      await t.close();
      await smsc.close();
    }
  });
});

describeEachDb('SMPP connector: receipts across a restart', (db) => {
  let smsc: SmscSimulator;
  before(async () => {
    smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret', receiptTiming: 'hold' });
  });
  after(async () => {
    await smsc.close();
  });

  test('a receipt that arrives after the gateway restarted is matched through the store', async () => {
    const file = connectorsFile(db, smsc, { concatenation: true }, LMS_ROUTES);
    let t = await startSmppGateway(db, file);
    await smsc.waitFor(() => smsc.sessions().length === 1, 'the first bind');
    const c = await setupClient(t, 'restart');
    const single = await sendOne(t, c, '01072990001', [sms(c, 'before restart')]);
    const long = await sendOne(t, c, '01072990002', [lms(c, 'z'.repeat(200))]);
    for (const k of [single, long])
      await eventually(async () => (await messageOf(t, c, k)).status === 'waiting', `${k} submitted`);
    await t.close();
    await smsc.waitFor(() => smsc.sessions().length === 0, 'the unbind');

    t = await startSmppGateway(db, file);
    try {
      await smsc.waitFor(() => smsc.sessions().length === 1, 'the bind after the restart');
      await smsc.releaseReceipts();
      for (const k of [single, long]) assert.equal((await finalOf(t, c, k)).status, 'delivered');
      assert.equal(smsc.submitted.length, 3);
    } finally {
      await t.close();
    }
  });
});
