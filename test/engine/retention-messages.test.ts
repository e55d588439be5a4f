import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DAY_MS, formatKst } from '../../src/clock.ts';
import { purge } from '../../src/engine/purge.ts';
import { enqueueJobs } from '../../src/store/jobs/jobs.ts';
import { reportJobPayload } from '../../src/store/messages/admin-deliveries.ts';
import { REPORT_WEBHOOK_JOB } from '../../src/store/messages/reports.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  advanceDays,
  holdPurgeJob,
  releasePurgeJob,
  rowCount,
  sendTo,
  settleAll,
} from './retention-helpers.ts';

/*
 * Messages and what hangs on them (attempts, reports, requests, reservations) go once final for
 * longer than OMNIGATE_RETENTION_MESSAGES_DAYS (90 by default); anything still live stays.
 */
describeEachDb('retention: messages', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db);
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-12-01 10:00:00' },
    });
    c = await setupClient(t);
  });
  after(() => t.close());

  const poll = async () => {
    const res = await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: c.apiKey });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ data: { data: { reportId: string; report: Array<{ msgKey: string }> | null } } }>().data
      .data;
  };
  const ack = async (reportId: string) => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/comm/v1/report/polling/${reportId}`,
      apiKey: c.apiKey,
    });
    assert.equal(res.statusCode, 200, res.body);
  };
  /** Reads and acknowledges every waiting report. */
  const drainReports = async () => {
    for (let b = await poll(); b.reportId !== ''; b = await poll()) await ack(b.reportId);
  };
  const messages = (keys: readonly string[]) => rowCount(t, 'messages', 'msg_key', keys);
  const attempts = (keys: readonly string[]) => rowCount(t, 'message_attempts', 'msg_key', keys);
  const reports = (keys: readonly string[]) => rowCount(t, 'reports', 'msg_key', keys);

  test('old final messages go with their attempts, reports and SMPP records; younger and live ones stay', async () => {
    // A reservation 300 days ahead: its messages are held, whatever their age.
    const resv = await t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: '01090000001' }],
        messageFlow: [{ sms: { from: c.sender, text: 'later' } }],
        resvSendTime: formatKst(t.gw.ctx.clock.now() + 300 * DAY_MS),
      },
    });
    assert.equal(resv.statusCode, 200, resv.body);
    const held = resv
      .json<{ data: { data: { destinations: Array<{ msgKey: string }> } } }>()
      .data.data.destinations.map((d) => d.msgKey);

    const old = await sendTo(t, c, [
      '01090000011',
      '01090000012',
      '01090000013',
      '01090000014',
      '01090000015',
    ]);
    await settleAll(t);
    await drainReports();
    const [gone, waiting, hooked, unread, alsoGone] = old as [string, string, string, string, string];
    assert.equal(await attempts(old), 5);
    assert.equal(await reports(old), 5);

    // SMPP records of a submission go with the message (as if an SMSC had taken it).
    const attempt = await t.gw.ctx.store.db
      .selectFrom('message_attempts')
      .select(['connector', 'msg_key', 'step'])
      .where('msg_key', '=', gone)
      .executeTakeFirstOrThrow();
    await t.gw.ctx.store.db
      .updateTable('message_attempts')
      .set({ network_id: 'net-1' })
      .where('msg_key', '=', gone)
      .execute();
    await t.gw.ctx.store.db
      .insertInto('smpp_submissions')
      .values({
        connector: attempt.connector,
        msg_key: gone,
        step: attempt.step,
        network_id: 'net-1',
        created_at: 0,
      })
      .execute();
    await t.gw.ctx.store.db
      .insertInto('early_receipts')
      .values({ connector: attempt.connector, network_id: 'net-1', result: '{}', created_at: 0 })
      .execute();

    await advanceDays(t, 60);
    const young = await sendTo(t, c, ['01090000021', '01090000022']);
    await settleAll(t);
    await drainReports();
    // Live: one waits for its receipt again (as a message does until its result comes) ...
    await t.gw.ctx.store.db
      .updateTable('messages')
      .set({ status: 'waiting', done_at: null, next_at: t.gw.ctx.clock.now() + 3650 * DAY_MS })
      .where('msg_key', '=', waiting)
      .execute();
    // ... one has a report whose webhook delivery is under way (a redelivery) ...
    const hookedReport = await t.gw.ctx.store.db
      .selectFrom('reports')
      .select('id')
      .where('msg_key', '=', hooked)
      .executeTakeFirstOrThrow();
    await t.gw.ctx.store.db
      .updateTable('reports')
      .set({ channel: 'webhook', acked_at: null, batch_id: null })
      .where('msg_key', '=', hooked)
      .execute();
    const farAhead = t.gw.ctx.clock.now() + 3650 * DAY_MS;
    await enqueueJobs(
      t.gw.ctx.store.db,
      [{ kind: REPORT_WEBHOOK_JOB, payload: { reportId: Number(hookedReport.id) }, runAt: farAhead }],
      t.gw.ctx.clock.now(),
    );
    // ... and one has a report handed out in a poll batch, not acknowledged.
    await t.gw.ctx.store.db
      .updateTable('reports')
      .set({ acked_at: null, batch_id: 'rpt_open' })
      .where('msg_key', '=', unread)
      .execute();

    await advanceDays(t, 31);

    assert.equal(await messages([gone, alsoGone]), 0, 'final for 91 days: gone');
    assert.equal(await attempts([gone, alsoGone]), 0);
    assert.equal(await reports([gone, alsoGone]), 0);
    assert.equal(await rowCount(t, 'smpp_submissions', 'msg_key', [gone]), 0);
    assert.equal(await rowCount(t, 'early_receipts', 'network_id', ['net-1']), 0);
    assert.equal(await messages([waiting, hooked, unread]), 3, 'live: kept');
    assert.equal(await attempts([waiting, hooked, unread]), 3);
    assert.equal(await reports([hooked, unread]), 2);
    assert.equal(await messages(young), 2, 'final for 31 days: kept');
    assert.equal(await reports(young), 2);
    assert.equal(await messages(held), 1, 'held for a reservation: kept');
    // Their request still has messages: it stays too.
    const request = await t.gw.ctx.store.db
      .selectFrom('messages')
      .select('request_id')
      .where('msg_key', '=', waiting)
      .executeTakeFirstOrThrow();
    assert.equal(await rowCount(t, 'send_requests', 'id', [request.request_id]), 1);

    // The delivery job given up (dead) no longer holds its report; the poll batch acknowledged,
    // the message of the other report goes; so does the request once its last message is gone.
    await t.gw.ctx.store.db
      .updateTable('jobs')
      .set({ state: 'dead' })
      .where('kind', '=', REPORT_WEBHOOK_JOB)
      .where('payload', '=', reportJobPayload(Number(hookedReport.id)))
      .execute();
    await t.gw.ctx.store.db
      .updateTable('reports')
      .set({ acked_at: t.gw.ctx.clock.now() })
      .where('batch_id', '=', 'rpt_open')
      .execute();
    await t.gw.ctx.store.db
      .updateTable('messages')
      .set({ status: 'delivered', done_at: t.gw.ctx.clock.now() - 91 * DAY_MS, next_at: null })
      .where('msg_key', '=', waiting)
      .execute();
    await advanceDays(t, 1);
    assert.equal(await messages(old), 0);
    assert.equal(await reports(old), 0);
    assert.equal(await rowCount(t, 'jobs', 'payload', [reportJobPayload(Number(hookedReport.id))]), 0);
    assert.equal(await rowCount(t, 'send_requests', 'id', [request.request_id]), 0);
    assert.equal(await messages(held), 1);
  });

  test('a report made after the cutoff holds its message; a finished reservation goes with its messages', async () => {
    const [late] = await sendTo(t, c, ['01090000031']);
    await settleAll(t);
    await drainReports();
    await advanceDays(t, 80);
    // A late report (a handset's receipt, say) 80 days after the message ended.
    const report = await t.gw.ctx.store.db
      .selectFrom('reports')
      .selectAll()
      .where('msg_key', '=', late ?? '')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = report;
    await t.gw.ctx.store.db
      .insertInto('reports')
      .values({ ...copy, created_at: t.gw.ctx.clock.now(), acked_at: t.gw.ctx.clock.now() })
      .execute();
    await advanceDays(t, 20);
    assert.equal(await messages([late ?? '']), 1, 'its late report is 20 days old');
    assert.equal(await reports([late ?? '']), 2);

    // The reservation of the first test: cancelled now, gone 90 days later with its request.
    const resv = await t.gw.ctx.store.db.selectFrom('reservations').selectAll().executeTakeFirstOrThrow();
    const cancel = await t.request({
      method: 'POST',
      url: `/api/comm/v1/reservation/resvKey/${resv.resv_key}/cancel`,
      apiKey: c.apiKey,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await advanceDays(t, 89);
    assert.equal(await rowCount(t, 'reservations', 'resv_key', [resv.resv_key]), 1);
    assert.equal(await rowCount(t, 'messages', 'request_id', [resv.request_id]), 1);
    await advanceDays(t, 2);
    assert.equal(await rowCount(t, 'messages', 'request_id', [resv.request_id]), 0);
    assert.equal(await rowCount(t, 'reservations', 'resv_key', [resv.resv_key]), 0);
    assert.equal(await rowCount(t, 'send_requests', 'id', [resv.request_id]), 0);
    assert.equal(await messages([late ?? '']), 0, 'its late report reached its age too');
  });

  test('a dry run counts what the purge then deletes, and deletes nothing', async () => {
    await holdPurgeJob(t);
    const keys = await sendTo(t, c, ['01090000041', '01090000042', '01090000043']);
    await settleAll(t);
    await drainReports();
    await advanceDays(t, 95);
    const before = {
      messages: await messages(keys),
      attempts: await attempts(keys),
      reports: await reports(keys),
    };
    assert.deepEqual(before, { messages: 3, attempts: 3, reports: 3 });

    const dry = await purge(t.gw.ctx, { dryRun: true });
    assert.equal(dry.dryRun, true);
    const dryMessages = dry.kinds.find((k) => k.kind === 'messages');
    assert.deepEqual(dryMessages?.rows, { messages: 3, message_attempts: 3, reports: 3, send_requests: 1 });
    assert.deepEqual(
      { messages: await messages(keys), attempts: await attempts(keys), reports: await reports(keys) },
      before,
      'a dry run deletes nothing',
    );

    const real = await purge(t.gw.ctx);
    assert.equal(real.done, true);
    for (const k of real.kinds) {
      assert.deepEqual(
        k.rows,
        dry.kinds.find((d) => d.kind === k.kind)?.rows,
        `${k.kind}: dry run and purge agree`,
      );
      assert.equal(k.files, dry.kinds.find((d) => d.kind === k.kind)?.files);
    }
    assert.equal(await messages(keys), 0);
    const again = await purge(t.gw.ctx, { dryRun: true });
    assert.deepEqual(again.kinds.find((k) => k.kind === 'messages')?.rows, {});
    await releasePurgeJob(t);
  });
});
