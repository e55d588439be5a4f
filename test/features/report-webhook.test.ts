import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { formatKst } from '../../src/clock.ts';
import { backoffMs } from '../../src/engine/backoff.ts';
import type { JobHandler } from '../../src/engine/runner.ts';
import { routeReports } from '../../src/features/reports/route.ts';
import { OutboundPolicy } from '../../src/http/outbound.ts';
import {
  ANSWER_LIMIT_BYTES,
  CONNECT_TIMEOUT_MS,
  postSignedJson,
  sign,
} from '../../src/http/webhook-client.ts';
import { enqueueJobs } from '../../src/store/jobs/jobs.ts';
import {
  REPORT_WEBHOOK_JOB,
  REPORT_WEBHOOK_MAX_ATTEMPTS,
  type ReportBody,
} from '../../src/store/messages/reports.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/** Receivers of these tests listen on the loopback: allowed as an operator would allow them. */
const LOOPBACK = new OutboundPolicy(['127.0.0.0/8', '::1']);

const SECRET = 'receiver-secret-0123';

/** What the receiver does with the next requests. */
type Mode = 'ok' | 'status500' | 'wrongKey' | 'notJson' | 'hang' | 'stall' | 'down' | 'huge';

interface Received {
  /** The request's path and query, as the receiver read them. */
  path: string;
  headers: IncomingHttpHeaders;
  body: ReportBody;
  /** The receiver's own check of X-SVC-Signature, with node:crypto rather than the gateway's sign(). */
  signatureValid: boolean;
  /** Its own check of X-Omnigate-Body-Signature over the raw body it read, likewise. */
  bodySignatureValid: boolean;
  /** Whether the receiver answered the acknowledgement the gateway waits for. */
  acknowledged: boolean;
}

/** A client's webhook endpoint on 127.0.0.1, verifying signatures as a client would. */
class Receiver {
  mode: Mode = 'ok';
  readonly received: Received[] = [];
  readonly #server: Server;
  readonly #hung: ServerResponse[] = [];

  constructor(readonly secret: string) {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.#answer(req.url ?? '', req.headers, Buffer.concat(chunks), res));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks/reports`;
  }

  async close(): Promise<void> {
    for (const res of this.#hung) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Deliveries of one message, and how many of them were acknowledged. */
  of(msgKey: string): { all: Received[]; acked: number } {
    const all = this.received.filter((r) => r.body.msgKey === msgKey);
    return { all, acked: all.filter((r) => r.acknowledged).length };
  }

  #answer(path: string, headers: IncomingHttpHeaders, raw: Buffer, res: ServerResponse): void {
    if (this.mode === 'down') {
      // As a receiver that crashed: the connection drops without an answer.
      res.socket?.destroy();
      return;
    }
    const timestamp = String(headers['x-svc-timestamp'] ?? '');
    const expected = createHmac('sha256', this.secret).update(timestamp).digest();
    const given = Buffer.from(String(headers['x-svc-signature'] ?? ''), 'hex');
    const signatureValid =
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      headers['x-svc-signature'] === expected.toString('hex');
    const bodySignatureValid =
      headers['x-omnigate-body-signature'] ===
      createHmac('sha256', this.secret)
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), raw]))
        .digest('hex');
    const body = JSON.parse(raw.toString('utf8')) as ReportBody;
    const acknowledged = this.mode === 'ok' && signatureValid;
    this.received.push({ path, headers, body, signatureValid, bodySignatureValid, acknowledged });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    switch (this.mode) {
      case 'ok':
        if (signatureValid) json(200, { msgKey: body.msgKey });
        else json(401, { error: 'bad signature' });
        return;
      case 'status500':
        json(500, { msgKey: body.msgKey });
        return;
      case 'wrongKey':
        json(200, { msgKey: `${body.msgKey}-other` });
        return;
      case 'notJson':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('OK');
        return;
      case 'huge':
        json(200, { msgKey: body.msgKey, pad: 'x'.repeat(ANSWER_LIMIT_BYTES) });
        return;
      case 'hang':
        this.#hung.push(res);
        return;
      case 'stall':
        // Headers and the start of a body, then nothing: an answer that never ends.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"msgKey":');
        this.#hung.push(res);
        return;
    }
  }
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function report(msgKey: string): ReportBody {
  const now = Date.UTC(2026, 10, 22, 0, 45, 0);
  return {
    msgKey,
    serviceType: 'SMS',
    msgType: 'SM',
    reportType: 'STANDARD',
    reportCode: '10000',
    reportText: 'delivered',
    reportTime: formatKst(now + 4000),
    sendTime: formatKst(now),
    carrier: 'LGU',
    ref: 'order-17',
  };
}

describe('webhook client', () => {
  const receiver = new Receiver(SECRET);
  let url: string;
  before(async () => {
    url = await receiver.listen();
  });
  after(() => receiver.close());

  test('sign() is lowercase hex HMAC-SHA256 of the timestamp (RFC 4231 case 1)', () => {
    assert.equal(
      sign('\x0b'.repeat(20), 'Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
  });

  test('posts JSON with the five headers and returns the parsed answer', async () => {
    receiver.mode = 'ok';
    const answer = await postSignedJson(url, SECRET, report('c-1'), 1_790_000_000_123, 2000, LOOPBACK);
    assert.deepEqual(answer, { ok: true, status: 200, json: { msgKey: 'c-1' } });
    const [got] = receiver.of('c-1').all;
    assert.ok(got?.signatureValid);
    assert.equal(got.headers['x-svc-timestamp'], '1790000000123');
    assert.equal(got.headers['x-svc-signature'], sign(SECRET, '1790000000123'));
    assert.ok(got.bodySignatureValid, 'X-Omnigate-Body-Signature signs the timestamp and the raw body');
    assert.equal(got.headers.accept, 'application/json');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.deepEqual(got.body, report('c-1'));
  });

  test('a non-2xx status, a body that is not JSON, or an oversized answer is not ok', async () => {
    receiver.mode = 'status500';
    assert.deepEqual(await postSignedJson(url, SECRET, report('c-2'), 1, 2000, LOOPBACK), {
      ok: false,
      status: 500,
      error: 'HTTP 500',
    });
    receiver.mode = 'notJson';
    const notJson = await postSignedJson(url, SECRET, report('c-3'), 1, 2000, LOOPBACK);
    assert.equal(notJson.ok, false);
    assert.equal(notJson.error, 'answer is not JSON');
    receiver.mode = 'huge';
    const huge = await postSignedJson(url, SECRET, report('c-4'), 1, 2000, LOOPBACK);
    assert.equal(huge.ok, false);
    assert.match(huge.error ?? '', /larger than/);
  });

  test('no answer within the timeout, or no connection, is not ok and never throws', async () => {
    receiver.mode = 'hang';
    const hung = await postSignedJson(url, SECRET, report('c-5'), 1, 150, LOOPBACK);
    assert.deepEqual(hung, { ok: false, error: 'no answer within 150 ms' });
    receiver.mode = 'down';
    const dropped = await postSignedJson(url, SECRET, report('c-6'), 1, 2000, LOOPBACK);
    assert.equal(dropped.ok, false);
    assert.match(dropped.error ?? '', /^network error: /);
    const refused = await postSignedJson(
      `http://127.0.0.1:${await closedPort()}/`,
      SECRET,
      report('c-7'),
      1,
      2000,
      LOOPBACK,
    );
    assert.deepEqual(refused, { ok: false, error: 'network error: ECONNREFUSED' });
  });

  test('an answer that starts and stalls is no answer; the next post after a failure goes through', async () => {
    receiver.mode = 'stall';
    assert.deepEqual(await postSignedJson(url, SECRET, report('c-8'), 1, 150, LOOPBACK), {
      ok: false,
      error: 'no answer within 150 ms',
    });
    // Neither the aborted exchange nor a dropped oversized answer leaves a broken pooled connection.
    receiver.mode = 'huge';
    const huge = await postSignedJson(url, SECRET, report('c-9'), 1, 2000, LOOPBACK);
    assert.equal(huge.error, `answer larger than ${ANSWER_LIMIT_BYTES} bytes`);
    receiver.mode = 'ok';
    const answers = await Promise.all(
      ['c-10', 'c-11', 'c-12'].map((k) => postSignedJson(url, SECRET, report(k), 1, 2000, LOOPBACK)),
    );
    assert.deepEqual(
      answers.map((a) => a.json),
      [{ msgKey: 'c-10' }, { msgKey: 'c-11' }, { msgKey: 'c-12' }],
    );
  });

  test('a connection that never completes is given up with the connect timeout, not undici’s 10 s', async () => {
    // TCP is accepted, the TLS handshake never answered: the call is still connecting when its own
    // timer ends, and only the connect timeout can end the attempt.
    let closedAt = 0;
    const silent = createNetServer((socket) => {
      socket.on('error', () => {});
      socket.resume(); // read (and drop) the ClientHello, so that the client's FIN is seen
      socket.on('close', () => {
        closedAt = Date.now();
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const answer = await postSignedJson(
        `https://127.0.0.1:${port}/`,
        SECRET,
        report('c-14'),
        1,
        150,
        LOOPBACK,
      );
      assert.deepEqual(answer, { ok: false, error: 'no answer within 150 ms' });
      while (closedAt === 0 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 50));
      assert.ok(closedAt > 0, 'the attempt was never given up');
      assert.ok(closedAt - started < CONNECT_TIMEOUT_MS + 2000, `given up after ${closedAt - started} ms`);
    } finally {
      silent.close();
    }
  });

  test('credentials in the URL go as HTTP Basic; the path and query are kept', async () => {
    receiver.mode = 'ok';
    const withUser = `${url.replace('http://', 'http://hook%20user:p%40ss@')}?tenant=7&x=%2F`;
    assert.equal((await postSignedJson(withUser, SECRET, report('c-13'), 1, 2000, LOOPBACK)).ok, true);
    const [got] = receiver.of('c-13').all;
    assert.equal(got?.path, '/hooks/reports?tenant=7&x=%2F');
    assert.equal(got.headers.authorization, `Basic ${Buffer.from('hook user:p@ss').toString('base64')}`);
    assert.equal(receiver.of('c-1').all[0]?.headers.authorization, undefined);
  });
});

/** Points the account's webhook at `url`, signed with SECRET, through the operator API. */
async function setWebhook(t: TestGateway, accountId: string, url: string): Promise<void> {
  const hook = await t.request({
    method: 'PUT',
    url: `/admin/v1/accounts/${accountId}/webhook`,
    admin: true,
    body: { url, secret: SECRET },
  });
  assert.equal(hook.statusCode, 200, hook.body);
}

describeEachDb('report webhook delivery', (db) => {
  let t: TestGateway;
  let receiver: Receiver;
  let accountId: string;
  let seq = 0;

  before(async () => {
    receiver = new Receiver(SECRET);
    const url = await receiver.listen();
    t = await startTestGateway(db, { clock: 'manual' });
    ({ accountId } = await t.createAccount('hooked'));
    await setWebhook(t, accountId, url);
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  /** A webhook-mode report, made as the engine makes it; answers its msgKey and report row id. */
  async function makeReport(account = accountId): Promise<{ msgKey: string; id: number }> {
    const msgKey = `hook-${db.dialect}-${++seq}`;
    await routeReports(
      t.gw.ctx.store.db,
      t.gw.ctx.store.caps,
      [{ accountId: account, mode: 'webhook', body: report(msgKey) }],
      t.gw.ctx.clock.now(),
    );
    const row = await t.gw.ctx.store.db
      .selectFrom('reports')
      .select('id')
      .where('msg_key', '=', msgKey)
      .executeTakeFirstOrThrow();
    return { msgKey, id: Number(row.id) };
  }

  /** Lets the runner finish everything due now; resolves only after running attempts have ended. */
  const settle = () => t.gw.runner?.whenIdle();

  async function advance(seconds: number) {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: seconds },
    });
    assert.equal(res.statusCode, 200, res.body);
    await settle();
  }

  async function jobOf(reportId: number) {
    const jobs = await t.gw.ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', REPORT_WEBHOOK_JOB)
      .execute();
    const job = jobs.find((j) => (JSON.parse(j.payload) as { reportId: number }).reportId === reportId);
    return job ? { ...job, run_at: Number(job.run_at) } : undefined;
  }

  async function ackedAt(reportId: number) {
    const row = await t.gw.ctx.store.db
      .selectFrom('reports')
      .select('acked_at')
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    return row.acked_at === null ? null : Number(row.acked_at);
  }

  test('a report is posted signed, acknowledged, and its job is done', async () => {
    receiver.mode = 'ok';
    const { msgKey, id } = await makeReport();
    await settle();
    const { all, acked } = receiver.of(msgKey);
    assert.equal(all.length, 1);
    assert.equal(acked, 1);
    const [got] = all;
    assert.ok(got?.signatureValid, 'the receiver verified X-SVC-Signature');
    assert.ok(got.bodySignatureValid, 'the receiver verified X-Omnigate-Body-Signature over the raw body');
    assert.equal(got.headers['x-svc-timestamp'], String(t.gw.ctx.clock.now()));
    assert.equal(got.headers.accept, 'application/json');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.deepEqual(got.body, report(msgKey));
    assert.equal(await ackedAt(id), t.gw.ctx.clock.now());
    assert.equal(await jobOf(id), undefined);
  });

  test('an HTTP 500 is retried after 1 s on the gateway clock, then acknowledged once', async () => {
    receiver.mode = 'status500';
    const { msgKey, id } = await makeReport();
    await settle();
    const failed = await jobOf(id);
    assert.equal(failed?.state, 'ready');
    assert.equal(failed?.attempts, 1);
    assert.equal(failed?.last_error, 'webhook: HTTP 500');
    assert.equal(failed?.run_at, t.gw.ctx.clock.now() + backoffMs(1));
    assert.equal(await ackedAt(id), null);

    receiver.mode = 'ok';
    // Not due yet: nothing is posted until the clock reaches the retry time.
    await settle();
    await advance(0.5);
    assert.equal(receiver.of(msgKey).all.length, 1);
    await advance(0.5);
    assert.deepEqual(
      receiver.of(msgKey).all.map((r) => r.acknowledged),
      [false, true],
    );
    assert.notEqual(await ackedAt(id), null);
    assert.equal(await jobOf(id), undefined);
    await advance(3600);
    assert.equal(receiver.of(msgKey).acked, 1, 'acknowledged exactly once');
  });

  test('an answer with another msgKey, or not JSON, is a failure; retries back off 1 s, 2 s, 4 s', async () => {
    receiver.mode = 'wrongKey';
    const { msgKey, id } = await makeReport();
    await settle();
    assert.match((await jobOf(id))?.last_error ?? '', /answered msgKey ".*-other", expected/);
    await advance(1);
    receiver.mode = 'notJson';
    await advance(2);
    const third = await jobOf(id);
    assert.equal(third?.attempts, 3);
    assert.equal(third?.last_error, 'webhook: answer is not JSON');
    assert.equal(third?.run_at, t.gw.ctx.clock.now() + backoffMs(3));
    assert.equal(backoffMs(3), 4000);
    receiver.mode = 'ok';
    await advance(3.999);
    assert.equal(receiver.of(msgKey).all.length, 3);
    await advance(0.001);
    assert.equal(receiver.of(msgKey).all.length, 4);
    assert.equal(receiver.of(msgKey).acked, 1);
    assert.notEqual(await ackedAt(id), null);
  });

  test('no answer within 5 s is a failure, retried after the backoff', async () => {
    receiver.mode = 'hang';
    const { msgKey, id } = await makeReport();
    // The attempt ends when the 5 s abort fires (real time: a network timeout); settle waits for it.
    await settle();
    const job = await jobOf(id);
    assert.equal(job?.attempts, 1);
    assert.equal(job?.last_error, 'webhook: no answer within 5000 ms');
    assert.equal(await ackedAt(id), null);
    receiver.mode = 'ok';
    await advance(1);
    assert.equal(receiver.of(msgKey).all.length, 2);
    assert.equal(receiver.of(msgKey).acked, 1);
    assert.notEqual(await ackedAt(id), null);
  });

  test('an account without a webhook URL fails with a clear error', async () => {
    const bare = await t.createAccount('bare');
    const { id } = await makeReport(bare.accountId);
    await settle();
    const job = await jobOf(id);
    assert.equal(job?.attempts, 1);
    assert.match(job?.last_error ?? '', /has no webhook URL/);
    await t.gw.ctx.store.db.deleteFrom('jobs').where('id', '=', Number(job?.id)).execute();
  });

  test(`gives up after ${REPORT_WEBHOOK_MAX_ATTEMPTS} attempts: the job is dead, the report unacknowledged`, async () => {
    receiver.mode = 'status500';
    const { msgKey, id } = await makeReport();
    await settle();
    for (let i = 1; i < REPORT_WEBHOOK_MAX_ATTEMPTS + 3; i++) await advance(3600);
    assert.equal(receiver.of(msgKey).all.length, REPORT_WEBHOOK_MAX_ATTEMPTS);
    const job = await jobOf(id);
    assert.equal(job?.state, 'dead');
    assert.equal(job?.attempts, REPORT_WEBHOOK_MAX_ATTEMPTS);
    assert.equal(job?.last_error, 'webhook: HTTP 500');
    assert.equal(await ackedAt(id), null);
    await t.gw.ctx.store.db.deleteFrom('jobs').where('id', '=', Number(job?.id)).execute();
  });

  test('a pending delivery survives a restart of the gateway', async () => {
    receiver.mode = 'down';
    const { msgKey, id } = await makeReport();
    await settle();
    assert.match((await jobOf(id))?.last_error ?? '', /^webhook: network error/);
    await t.close();

    t = await startTestGateway(db, { clock: 'manual' });
    receiver.mode = 'ok';
    await advance(1);
    assert.equal(receiver.of(msgKey).acked, 1);
    assert.notEqual(await ackedAt(id), null);
    assert.equal(await jobOf(id), undefined);
    await advance(3600);
    assert.equal(receiver.of(msgKey).acked, 1, 'delivered once');
  });
});

describeEachDb('report webhook delivery: a lane of its own', (db) => {
  test('200 posts hanging on a receiver do not hold back the other background work', async () => {
    const receiver = new Receiver(SECRET);
    const url = await receiver.listen();
    let ran: (failedPosts: number) => void = () => {};
    const otherRan = new Promise<number>((resolve) => {
      ran = resolve;
    });
    let t: TestGateway | null = null;
    const handlers = new Map<string, JobHandler>([
      [
        'test.other',
        async () => {
          // How many report posts had ended (and failed) when this job got its turn.
          const failed = await t?.gw.ctx.store.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', REPORT_WEBHOOK_JOB)
            .where('last_error', 'is not', null)
            .executeTakeFirstOrThrow();
          ran(Number(failed?.n));
          return undefined;
        },
      ],
    ]);
    t = await startTestGateway(db, { clock: 'manual', handlers });
    try {
      const { accountId } = await t.createAccount('hung');
      await setWebhook(t, accountId, url);
      receiver.mode = 'hang';
      const { ctx } = t.gw;
      const now = ctx.clock.now();
      const reports = Array.from({ length: 200 }, (_, i) => ({
        accountId,
        mode: 'webhook' as const,
        body: report(`lane-${db.dialect}-${i}`),
      }));
      // Added outside a transaction: the lane is woken once they are written (no call here does it).
      await routeReports(ctx.store.db, ctx.store.caps, reports, now);
      // Every post is under way and held by the receiver (each waits up to 5 s for its answer).
      const deadline = Date.now() + 30_000;
      while (receiver.received.length < 200) {
        assert.ok(Date.now() < deadline, `only ${receiver.received.length} of 200 posts arrived`);
        await new Promise((r) => setImmediate(r));
      }
      await enqueueJobs(ctx.store.db, [{ kind: 'test.other', payload: {}, runAt: now }], now);
      // It runs now, not when a post's timeout frees a place: the posts have a lane of their own.
      assert.equal(await otherRan, 0, 'the other job waited for a hanging post to end');
      assert.equal(receiver.received.length, 200);
    } finally {
      await receiver.close();
      await t.close();
    }
  });
});
