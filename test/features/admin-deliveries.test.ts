import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatKst } from '../../src/clock.ts';
import { routeReports } from '../../src/features/reports/route.ts';
import { REPORT_WEBHOOK_JOB, type ReportBody } from '../../src/store/messages/reports.ts';
import { advance, type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { moAccount, moOf, Receiver, sendMo, setWebhook } from './mo-helpers.ts';
import { adminOk, adminRefused, type Deliveries, type DeliveryRow, needsAuth } from './ops-helpers.ts';

/*
 * Webhook deliveries as the operator sees them (GET /admin/v1/webhook-deliveries) and report
 * redelivery (POST /admin/v1/reports/{reportId}/redeliver), against a receiver on 127.0.0.1 that
 * fails and then answers.
 */

const SECRET = 'receiver-secret-0123';

const list = (t: TestGateway, q: string) => adminOk<Deliveries>(t, 'GET', `/admin/v1/webhook-deliveries${q}`);

async function reportIdOf(t: TestGateway, msgKey: string): Promise<number> {
  const row = await t.gw.ctx.store.db
    .selectFrom('reports')
    .select('id')
    .where('msg_key', '=', msgKey)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function reportMode(t: TestGateway, accountId: string, mode: 'webhook' | 'polling'): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: `/admin/v1/accounts/${accountId}/report-mode`,
    admin: true,
    body: { mode },
  });
  assert.equal(res.statusCode, 200, res.body);
}

describeEachDb('admin: webhook deliveries, with a receiver that fails and then answers', (db) => {
  let t: TestGateway;
  let receiver: Receiver;
  let c: Client;

  before(async () => {
    receiver = new Receiver(SECRET);
    await receiver.start();
    t = await startTestGateway(db, { clock: 'manual' });
    c = await setupClient(t, 'hooked');
    await setWebhook(t, c.accountId, { url: receiver.url, secret: SECRET });
    await reportMode(t, c.accountId, 'webhook');
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  test('the operator token is required', async () => {
    await needsAuth(t, 'GET', '/admin/v1/webhook-deliveries?kind=mo');
    await needsAuth(t, 'POST', '/admin/v1/reports/1/redeliver');
  });

  test('MO: failed with its attempts, last error and next retry; redelivered; then delivered', async () => {
    receiver.mode = 'status500';
    const mo = await moAccount(t, 'mo-owner', '0215880001', { url: receiver.url, secret: SECRET });
    const { msgKey } = await sendMo(t, { to: '0215880001', from: '01051000001', content: '문의드립니다' });
    await settle(t);
    const failed = await list(t, `?kind=mo&state=failed&accountId=${mo.accountId}`);
    assert.equal(failed.kind, 'mo');
    const row = failed.deliveries.find((d) => d.msgKey === msgKey);
    assert.equal(row?.status, 'FAILED');
    assert.equal(row?.attempts, 1);
    assert.equal(row?.lastError, 'webhook: HTTP 500');
    assert.ok(row?.nextAttemptAt, 'a retry is scheduled');
    assert.equal(row?.summary, '01051000001 → 0215880001: 문의드립니다');
    assert.equal((await list(t, `?kind=mo&state=pending&accountId=${mo.accountId}`)).deliveries.length, 0);
    assert.equal((await list(t, `?kind=mo&accountId=${c.accountId}`)).deliveries.length, 0);

    receiver.mode = 'ok';
    const res = await t.request({ method: 'POST', url: `/admin/v1/mo/${msgKey}/redeliver`, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    await settle(t);
    assert.equal((await moOf(t, msgKey)).status, 'DELIVERED');
    const delivered = await list(t, `?kind=mo&state=delivered&accountId=${mo.accountId}`);
    assert.deepEqual(
      delivered.deliveries.map((d) => [d.msgKey, d.status, d.attempts]),
      [[msgKey, 'DELIVERED', 2]],
    );
    assert.equal(receiver.of(msgKey).acked, 1);
  });

  test('report: failed, redelivered at once (one job), delivered; an acknowledged one is refused', async () => {
    receiver.mode = 'status500';
    const res = await send(t, c, {
      destinations: [{ to: '01051000010' }],
      messageFlow: [{ sms: { from: c.sender, text: 'hook me' } }],
    });
    const msgKey: string = res.json().data.data.destinations[0].msgKey;
    await settle(t);
    const reportId = await reportIdOf(t, msgKey);

    const failed = await list(t, `?kind=report&state=failed&accountId=${c.accountId}`);
    const row = failed.deliveries.find((d) => d.reportId === reportId);
    assert.equal(row?.status, 'FAILED');
    assert.equal(row?.msgKey, msgKey);
    assert.equal(row?.attempts, 1);
    assert.equal(row?.lastError, 'webhook: HTTP 500');
    assert.equal(row?.nextAttemptAt, formatIso(t.gw.ctx.clock.now() + 1000));
    assert.match(row?.summary ?? '', /^STANDARD 10000/);
    assert.equal((await list(t, '?kind=report&state=pending')).deliveries.length, 0);

    // Redelivered while still failing: tried again at once (not after the backoff), one job only.
    const again = await adminOk<DeliveryRow>(t, 'POST', `/admin/v1/reports/${reportId}/redeliver`);
    assert.equal(again.status, 'PENDING');
    assert.equal(again.attempts, 0);
    assert.equal(again.lastError, 'webhook: HTTP 500', 'the last error stays until the next try');
    await settle(t);
    assert.equal(receiver.of(msgKey).all.length, 2);
    assert.equal(await jobCount(t, reportId), 1);

    receiver.mode = 'ok';
    await adminOk<DeliveryRow>(t, 'POST', `/admin/v1/reports/${reportId}/redeliver`);
    await settle(t);
    assert.equal(receiver.of(msgKey).acked, 1);
    assert.equal(await jobCount(t, reportId), 0);
    const delivered = await list(t, `?kind=report&state=delivered&accountId=${c.accountId}`);
    const done = delivered.deliveries.find((d) => d.reportId === reportId);
    assert.equal(done?.status, 'DELIVERED');
    assert.equal(done?.attempts, null, 'the job (and its count) is gone once delivered');
    assert.ok(done?.deliveredAt);

    // Acknowledged: never posted again.
    await adminRefused(t, 'POST', `/admin/v1/reports/${reportId}/redeliver`, 'A824', 'acknowledged');
    await advance(t, 3600);
    assert.equal(receiver.of(msgKey).all.length, 3);
  });

  test('a polling report has no webhook delivery; unknown reports are A820; bad filters A300', async () => {
    const polled = await setupClient(t, 'poller');
    const res = await send(t, polled, {
      destinations: [{ to: '01051000020' }],
      messageFlow: [{ sms: { from: polled.sender, text: 'poll me' } }],
    });
    const msgKey: string = res.json().data.data.destinations[0].msgKey;
    await settle(t);
    const reportId = await reportIdOf(t, msgKey);
    await adminRefused(t, 'POST', `/admin/v1/reports/${reportId}/redeliver`, 'A824', 'polling');
    assert.equal((await list(t, `?kind=report&accountId=${polled.accountId}`)).deliveries.length, 0);
    await adminRefused(t, 'POST', '/admin/v1/reports/999999/redeliver', 'A820', '999999');
    await adminRefused(t, 'POST', '/admin/v1/reports/abc/redeliver', 'A300', 'reportId');
    await adminRefused(t, 'GET', '/admin/v1/webhook-deliveries', 'A300', 'kind');
    await adminRefused(t, 'GET', '/admin/v1/webhook-deliveries?kind=sms', 'A300', 'kind');
    await adminRefused(t, 'GET', '/admin/v1/webhook-deliveries?kind=mo&state=lost', 'A300', 'state');
    await adminRefused(t, 'GET', '/admin/v1/webhook-deliveries?kind=report&cursor=m.x', 'A300', 'cursor');
  });
});

function formatIso(ms: number): string {
  return `${formatKst(ms).replace(' ', 'T')}+09:00`;
}

async function jobCount(t: TestGateway, reportId: number): Promise<number> {
  const rows = await t.gw.ctx.store.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', REPORT_WEBHOOK_JOB)
    .where('payload', '=', JSON.stringify({ reportId }))
    .execute();
  return rows.length;
}

function body(msgKey: string): ReportBody {
  return {
    msgKey,
    serviceType: 'SMS',
    msgType: 'SM',
    reportType: 'STANDARD',
    reportCode: '10000',
    reportText: 'delivered',
    reportTime: '2026-11-25 10:00:04',
    sendTime: '2026-11-25 10:00:00',
    carrier: 'LGU',
    ref: '',
  };
}

describeEachDb('admin: report redelivery keeps one job (workers off)', (db) => {
  let t: TestGateway;
  let accountId: string;
  let seq = 0;

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual', start: false });
    ({ accountId } = await t.createAccount('quiet'));
  });
  after(() => t.close());

  async function makeReport(): Promise<number> {
    const msgKey = `r-${db.dialect}-${++seq}`;
    await routeReports(
      t.gw.ctx.store.db,
      t.gw.ctx.store.caps,
      [{ accountId, mode: 'webhook', body: body(msgKey) }],
      t.gw.ctx.clock.now(),
    );
    return reportIdOf(t, msgKey);
  }

  const redeliver = (id: number) => adminOk<DeliveryRow>(t, 'POST', `/admin/v1/reports/${id}/redeliver`);
  const job = (id: number) =>
    t.gw.ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', REPORT_WEBHOOK_JOB)
      .where('payload', '=', JSON.stringify({ reportId: id }))
      .execute();

  test('a waiting job is moved, a dead one revived, a missing one added: never two', async () => {
    const id = await makeReport();
    await t.gw.ctx.store.db
      .updateTable('jobs')
      .set({ attempts: 3, last_error: 'webhook: HTTP 502', run_at: t.gw.ctx.clock.now() + 4000 })
      .where('payload', '=', JSON.stringify({ reportId: id }))
      .execute();
    const first = await Promise.all([redeliver(id), redeliver(id)]);
    for (const r of first) assert.equal(r.status, 'PENDING');
    const [moved] = await job(id);
    assert.equal((await job(id)).length, 1);
    assert.deepEqual(
      [moved?.attempts, Number(moved?.run_at), moved?.state],
      [0, t.gw.ctx.clock.now(), 'ready'],
    );

    await t.gw.ctx.store.db
      .updateTable('jobs')
      .set({ state: 'dead', attempts: 20 })
      .where('id', '=', Number(moved?.id))
      .execute();
    const dead = await list(t, `?kind=report&state=failed&accountId=${accountId}`);
    assert.deepEqual(
      dead.deliveries.map((d) => [d.reportId, d.status, d.nextAttemptAt]),
      [[id, 'GIVEN_UP', null]],
    );
    // Two at once: one revives it, the other finds it waiting.
    for (const r of await Promise.all([redeliver(id), redeliver(id)])) assert.equal(r.status, 'PENDING');
    assert.deepEqual(
      (await job(id)).map((j) => [j.state, j.attempts]),
      [['ready', 0]],
    );

    await t.gw.ctx.store.db
      .deleteFrom('jobs')
      .where('payload', '=', JSON.stringify({ reportId: id }))
      .execute();
    const gone = await list(t, `?kind=report&accountId=${accountId}`);
    assert.equal(gone.deliveries.find((d) => d.reportId === id)?.status, 'GIVEN_UP');
    await Promise.all([redeliver(id), redeliver(id)]);
    assert.equal((await job(id)).length, 1);
  });

  test('a job being run right now is left to finish (A824)', async () => {
    const id = await makeReport();
    await t.gw.ctx.store.db
      .updateTable('jobs')
      .set({ locked_by: 'worker-x', locked_until: t.gw.ctx.clock.now() + 30_000, attempts: 1 })
      .where('payload', '=', JSON.stringify({ reportId: id }))
      .execute();
    const running = await list(t, `?kind=report&state=pending&accountId=${accountId}`);
    assert.equal(running.deliveries.find((d) => d.reportId === id)?.running, true);
    await adminRefused(t, 'POST', `/admin/v1/reports/${id}/redeliver`, 'A824', 'right now');
  });

  test('pages of report deliveries, newest first, by job and by report', async () => {
    const ids = [await makeReport(), await makeReport(), await makeReport()];
    for (const q of [
      `?kind=report&state=pending&accountId=${accountId}`,
      `?kind=report&accountId=${accountId}`,
    ]) {
      const seen: number[] = [];
      let cursor = '';
      for (let i = 0; i < 20; i++) {
        const page = await list(t, `${q}&limit=1${cursor}`);
        seen.push(...page.deliveries.map((d) => d.reportId ?? 0));
        if (page.next === null) break;
        cursor = `&cursor=${encodeURIComponent(page.next)}`;
      }
      assert.deepEqual(seen.slice(0, 3), [...ids].reverse(), q);
      assert.equal(new Set(seen).size, seen.length, 'no row twice');
    }
  });
});
