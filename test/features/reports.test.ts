import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatKst } from '../../src/clock.ts';
import { routeReports } from '../../src/features/reports/route.ts';
import { newId } from '../../src/store/db/ids.ts';
import type { ReportBody } from '../../src/store/messages/reports.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/** 2026-11-22 09:45:00 in Korea. */
const T0 = Date.UTC(2026, 10, 22, 0, 45, 0);

interface Envelope<T = unknown> {
  common: { authCode: string; authResult: string; providerTrId: string };
  data: { code: string; result: string; data: T };
}
interface Poll {
  reportId: string;
  report: ReportBody[] | null;
}

function body(msgKey: string, over: Partial<ReportBody> = {}): ReportBody {
  return {
    msgKey,
    serviceType: 'SMS',
    msgType: 'SM',
    reportType: 'STANDARD',
    reportCode: '10000',
    reportText: 'delivered',
    reportTime: formatKst(T0 + 5000),
    sendTime: formatKst(T0),
    carrier: 'SKT',
    ref: '',
    ...over,
  };
}

describeEachDb('reports: polling and inquiry', (db) => {
  let t: TestGateway;
  let acme: { accountId: string; apiKey: string };
  let other: { accountId: string; apiKey: string };

  before(async () => {
    // The runner is not needed: polling and inquiry are plain reads and writes.
    t = await startTestGateway(db, { start: false });
    acme = await t.createAccount('acme');
    other = await t.createAccount('other');
  });
  after(() => t.close());

  const call = async <T>(method: 'GET' | 'DELETE', url: string, apiKey = acme.apiKey) => {
    const res = await t.request({ method, url, apiKey });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const poll = () => call<Poll>('GET', '/api/comm/v1/report/polling');
  const ack = (reportId: string, apiKey = acme.apiKey) =>
    call<{ reportId: string }>('DELETE', `/api/comm/v1/report/polling/${reportId}`, apiKey);

  /** Reports through the store, as the engine makes them. */
  async function report(accountId: string, bodies: ReportBody[], mode: 'polling' | 'webhook' = 'polling') {
    await routeReports(
      t.gw.ctx.store.db,
      t.gw.ctx.store.caps,
      bodies.map((b) => ({ accountId, mode, body: b })),
      t.gw.ctx.clock.now(),
    );
  }

  /** Takes every waiting batch of acme until the queue is empty; the tests start from there. */
  async function drain() {
    for (;;) {
      const p = await poll();
      if (p.body.data.data.reportId === '') return;
      await ack(p.body.data.data.reportId);
    }
  }

  interface AttemptSeed {
    step: number;
    channel: string;
    serviceType: string;
    msgType: string;
    status: string;
    reportCode: string | null;
    reportText: string | null;
    carrier: string | null;
    submittedAt: number;
    doneAt: number | null;
  }

  /** A message and its attempts through the store, as the send path and the engine write them. */
  async function message(accountId: string, msgKey: string, status: string, attempts: AttemptSeed[]) {
    const db = t.gw.ctx.store.db;
    const requestId = newId('req_');
    await db
      .insertInto('send_requests')
      .values({ id: requestId, account_id: accountId, key_id: 'key_x', flow: '[]', dlr: 0, created_at: T0 })
      .execute();
    await db
      .insertInto('messages')
      .values({
        msg_key: msgKey,
        account_id: accountId,
        request_id: requestId,
        to_number: '01012345678',
        dest_ref: null,
        vars: null,
        step: Math.max(0, attempts.length - 1),
        status,
        next_at: null,
        report_code: null,
        report_text: null,
        created_at: T0,
        updated_at: T0,
        done_at: null,
      })
      .execute();
    if (attempts.length === 0) return;
    await db
      .insertInto('message_attempts')
      .values(
        attempts.map((a) => ({
          msg_key: msgKey,
          step: a.step,
          channel: a.channel,
          service_type: a.serviceType,
          msg_type: a.msgType,
          connector: 'sandbox',
          network_id: null,
          status: a.status,
          report_code: a.reportCode,
          report_text: a.reportText,
          carrier: a.carrier,
          submitted_at: a.submittedAt,
          done_at: a.doneAt,
        })),
      )
      .execute();
  }

  test('every route needs an API key', async () => {
    for (const [method, url] of [
      ['GET', '/api/comm/v1/report/polling'],
      ['DELETE', '/api/comm/v1/report/polling/rpt_x'],
      ['GET', '/api/comm/v1/report/inquiry/m1'],
      ['GET', '/api/comm/v1/message/inquiry/msgKey/m1'],
    ] as const) {
      const res = await t.request({ method, url });
      assert.equal(res.statusCode, 401, url);
      assert.equal(res.json<{ common: { authCode: string } }>().common.authCode, 'A401');
    }
  });

  test('nothing waiting: reportId "" and report null, in the envelope', async () => {
    const res = await poll();
    assert.equal(res.status, 200);
    assert.equal(res.body.common.authCode, 'A000');
    assert.equal(typeof res.body.common.providerTrId, 'string');
    assert.equal(res.body.data.code, 'A000');
    assert.deepEqual(res.body.data.data, { reportId: '', report: null });
  });

  test('the same batch is answered until it is acknowledged, then the next one', async () => {
    await report(acme.accountId, [
      body('m-a1'),
      body('m-a2', { reportType: 'DLR', reportCode: '80002', ref: 'r2' }),
    ]);
    const first = await poll();
    const batch = first.body.data.data;
    assert.match(batch.reportId, /^rpt_/);
    assert.deepEqual(batch.report, [
      body('m-a1'),
      body('m-a2', { reportType: 'DLR', reportCode: '80002', ref: 'r2' }),
    ]);
    // A report made while the batch is out waits for the next one.
    await report(acme.accountId, [body('m-a3')]);
    const again = await poll();
    assert.deepEqual(again.body.data.data, batch);

    const del = await ack(batch.reportId);
    assert.equal(del.status, 200);
    assert.equal(del.body.common.authCode, 'A000');
    assert.equal(del.body.data.code, 'A000');
    assert.deepEqual(del.body.data.data, { reportId: batch.reportId });

    const next = (await poll()).body.data.data;
    assert.notEqual(next.reportId, batch.reportId);
    assert.deepEqual(
      next.report?.map((r) => r.msgKey),
      ['m-a3'],
    );
    // Acknowledging twice (a retried DELETE) is fine; the batch does not come back.
    assert.equal((await ack(batch.reportId)).body.data.code, 'A000');
    assert.equal((await poll()).body.data.data.reportId, next.reportId);
    await ack(next.reportId);
    assert.deepEqual((await poll()).body.data.data, { reportId: '', report: null });
  });

  test('2,500 reports come in batches of 1,000, 1,000 and 500, oldest first, each once', async () => {
    await drain();
    const keys = Array.from({ length: 2500 }, (_, i) => `m-bulk-${String(i).padStart(4, '0')}`);
    await report(
      acme.accountId,
      keys.map((k) => body(k)),
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    const ids: string[] = [];
    for (;;) {
      const p = (await poll()).body.data.data;
      if (p.reportId === '') break;
      sizes.push(p.report?.length ?? 0);
      ids.push(p.reportId);
      seen.push(...(p.report ?? []).map((r) => r.msgKey));
      await ack(p.reportId);
    }
    assert.deepEqual(sizes, [1000, 1000, 500]);
    assert.deepEqual(seen, keys);
    assert.equal(new Set(ids).size, 3);
    assert.deepEqual([...ids].sort(), ids, 'batch ids are time-ordered');
  });

  test('concurrent polls hand out one batch, not two', async () => {
    await drain();
    await report(
      acme.accountId,
      Array.from({ length: 1500 }, (_, i) => body(`m-race-${i}`)),
    );
    const answers = await Promise.all(Array.from({ length: 12 }, () => poll()));
    const batchIds = new Set(answers.map((a) => a.body.data.data.reportId));
    assert.equal(batchIds.size, 1, `batches handed out: ${[...batchIds].join(', ')}`);
    const [only] = batchIds;
    assert.ok(only);
    assert.equal(answers[0]?.body.data.data.report?.length, 1000);
    await ack(only);
    const rest = (await poll()).body.data.data;
    assert.equal(rest.report?.length, 500);
    assert.equal(rest.report?.[0]?.msgKey, 'm-race-1000');
    await ack(rest.reportId);
  });

  test('DELETE of an unknown reportId is 404 A820', async () => {
    const res = await ack('rpt_nosuchbatch');
    assert.equal(res.status, 404);
    assert.equal(res.body.common.authCode, 'A000');
    assert.equal(res.body.data.code, 'A820');
  });

  test("an account neither sees nor acknowledges another account's reports", async () => {
    await drain();
    await report(acme.accountId, [body('m-own')]);
    const mine = (await poll()).body.data.data;
    assert.equal(mine.report?.[0]?.msgKey, 'm-own');

    const theirs = await call<Poll>('GET', '/api/comm/v1/report/polling', other.apiKey);
    assert.deepEqual(theirs.body.data.data, { reportId: '', report: null });
    const stolen = await ack(mine.reportId, other.apiKey);
    assert.equal(stolen.status, 404);
    assert.equal(stolen.body.data.code, 'A820');
    // Still acme's open batch.
    assert.deepEqual((await poll()).body.data.data, mine);
    await ack(mine.reportId);
  });

  test('reports made in webhook mode never show up in polling', async () => {
    await drain();
    await report(acme.accountId, [body('m-hook')], 'webhook');
    assert.deepEqual((await poll()).body.data.data, { reportId: '', report: null });
    await t.gw.ctx.store.db.deleteFrom('jobs').execute();
  });

  test('report inquiry lists every record of the message, STANDARD and DLR, acknowledged or not', async () => {
    await drain();
    await message(acme.accountId, 'm-intl', 'delivered', []);
    const standard = body('m-intl', { serviceType: 'SMS', msgType: 'SM', reportCode: '10000', ref: 'x1' });
    const dlr = body('m-intl', {
      reportType: 'DLR',
      reportCode: '80002',
      reportText: 'no DLR within 5 days',
    });
    await report(acme.accountId, [standard]);
    await ack((await poll()).body.data.data.reportId);
    await report(acme.accountId, [dlr]);

    const res = await call<{ msgKey: string; report: ReportBody[] }>(
      'GET',
      '/api/comm/v1/report/inquiry/m-intl',
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.data.code, 'A000');
    assert.deepEqual(res.body.data.data, { msgKey: 'm-intl', report: [standard, dlr] });
    for (const r of res.body.data.data.report) {
      for (const v of Object.values(r)) assert.equal(typeof v, 'string');
    }
    await drain();
  });

  test('report inquiry: a message without reports is an empty list; unknown or foreign is A820', async () => {
    await message(acme.accountId, 'm-quiet', 'queued', []);
    const quiet = await call<{ report: ReportBody[] }>('GET', '/api/comm/v1/report/inquiry/m-quiet');
    assert.deepEqual(quiet.body.data.data, { msgKey: 'm-quiet', report: [] });

    const unknown = await call('GET', '/api/comm/v1/report/inquiry/m-nosuch');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.data.code, 'A820');
    for (const key of ['m-quiet', 'm-intl']) {
      const foreign = await call('GET', `/api/comm/v1/report/inquiry/${key}`, other.apiKey);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.data.code, 'A820');
    }
  });

  test('message inquiry lists each attempt with fallback Y/N and string fields', async () => {
    await message(acme.accountId, 'm-flow', 'delivered', [
      {
        step: 0,
        channel: 'rcs',
        serviceType: 'RCS',
        msgType: 'SMS',
        status: 'failed',
        reportCode: '30002',
        reportText: 'not an RCS device',
        carrier: null,
        submittedAt: T0,
        doneAt: T0 + 2000,
      },
      {
        step: 1,
        channel: 'sms',
        serviceType: 'SMS',
        msgType: 'SM',
        status: 'delivered',
        reportCode: '10000',
        reportText: 'delivered',
        carrier: 'KT',
        submittedAt: T0 + 3000,
        doneAt: T0 + 9000,
      },
      {
        step: 2,
        channel: 'mms',
        serviceType: 'MMS',
        msgType: 'LM',
        status: 'waiting',
        reportCode: null,
        reportText: null,
        carrier: null,
        submittedAt: T0 + 10_000,
        doneAt: null,
      },
    ]);
    const res = await call<Record<string, unknown>>('GET', '/api/comm/v1/message/inquiry/msgKey/m-flow');
    assert.equal(res.status, 200);
    assert.equal(res.body.data.code, 'A000');
    assert.deepEqual(res.body.data.data, {
      msgKey: 'm-flow',
      to: '01012345678',
      status: 'delivered',
      messages: [
        {
          msgKey: 'm-flow',
          serviceType: 'RCS',
          msgType: 'SMS',
          channel: 'rcs',
          fallback: 'N',
          reportCode: '30002',
          reportText: 'not an RCS device',
          carrier: '',
          status: 'failed',
          sendTime: '2026-11-22 09:45:00',
          reportTime: '2026-11-22 09:45:02',
        },
        {
          msgKey: 'm-flow',
          serviceType: 'SMS',
          msgType: 'SM',
          channel: 'sms',
          fallback: 'Y',
          reportCode: '10000',
          reportText: 'delivered',
          carrier: 'KT',
          status: 'delivered',
          sendTime: '2026-11-22 09:45:03',
          reportTime: '2026-11-22 09:45:09',
        },
        {
          msgKey: 'm-flow',
          serviceType: 'MMS',
          msgType: 'LM',
          channel: 'mms',
          fallback: 'Y',
          reportCode: '',
          reportText: '',
          carrier: '',
          status: 'waiting',
          sendTime: '2026-11-22 09:45:10',
          reportTime: '',
        },
      ],
    });
  });

  test('message inquiry: not yet attempted is an empty list; unknown or foreign is A820', async () => {
    await message(acme.accountId, 'm-fresh', 'queued', []);
    const fresh = await call('GET', '/api/comm/v1/message/inquiry/msgKey/m-fresh');
    assert.deepEqual(fresh.body.data.data, {
      msgKey: 'm-fresh',
      to: '01012345678',
      status: 'queued',
      messages: [],
    });
    const unknown = await call('GET', '/api/comm/v1/message/inquiry/msgKey/m-nosuch');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.common.authCode, 'A000');
    assert.equal(unknown.body.data.code, 'A820');
    const foreign = await call('GET', '/api/comm/v1/message/inquiry/msgKey/m-flow', other.apiKey);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.data.code, 'A820');
  });
});
