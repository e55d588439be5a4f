import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  NetworkError,
  Omnigate,
  parseRetryAfter,
  RateLimitError,
  steps,
} from '../../clients/typescript/src/index.ts';
import { settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { clientOf, type Served, serveGateway } from './helpers.ts';

/** One scripted answer of the local server: a status, headers and a JSON body. */
interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const OK = (data: unknown = { reportId: '', report: null }): Scripted => ({
  status: 200,
  body: {
    common: { authCode: 'A000', authResult: 'SUCCESS', providerTrId: 'tr-ok' },
    data: { code: 'A000', result: 'SUCCESS', data },
  },
});
const LIMITED = (headers: Record<string, string> = {}): Scripted => ({
  status: 429,
  headers,
  body: {
    common: { authCode: 'A000', authResult: 'SUCCESS', providerTrId: 'tr-429' },
    data: { code: 'A020', result: 'Rate limit exceeded: at most 1 requests per second' },
  },
});

const SEND = {
  destinations: [{ to: '01012345678' }],
  messageFlow: [steps.sms({ from: '0212345678', text: 'hi' })],
};

/**
 * A local server answering from a script (whether the gateway's own 429 carries Retry-After
 * depends on its version, and a proxy in front of it may add one): what the client does with each
 * answer, without real waits.
 */
describe('client: retries', () => {
  let server: Server;
  let baseUrl: string;
  let script: Scripted[] = [];
  let hits: { method: string; url: string }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      hits.push({ method: req.method ?? '', url: req.url ?? '' });
      req.resume();
      req.on('end', () => {
        const next = script.shift() ?? OK();
        res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
        res.end(next.body === undefined ? 'Bad Gateway' : JSON.stringify(next.body));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A client whose waits are recorded instead of slept. */
  function recorded(retry: { retries?: number; maxDelayMs?: number } = {}) {
    const waits: number[] = [];
    const client = new Omnigate({
      baseUrl,
      apiKey: 'k',
      retry: {
        ...retry,
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    });
    return { client, waits };
  }

  const run = async <T>(answers: Scripted[], call: () => Promise<T>) => {
    script = answers;
    hits = [];
    return call();
  };

  test('a GET refused with 429 waits Retry-After (seconds) and succeeds', async () => {
    const { client, waits } = recorded();
    const answer = await run([LIMITED({ 'retry-after': '2' }), OK()], () => client.reports.poll());
    assert.equal(answer.code, 'A000');
    assert.deepEqual(waits, [2000]);
    assert.equal(hits.length, 2);
  });

  test('Retry-After as an HTTP date; without one, exponential backoff under maxDelayMs', async () => {
    const { client, waits } = recorded({ maxDelayMs: 1000 });
    const at = new Date(Date.now() + 5000).toUTCString();
    await run([LIMITED({ 'retry-after': at }), LIMITED(), LIMITED(), OK()], () =>
      client.reports.poll().catch((e: unknown) => e),
    );
    // The date is beyond maxDelayMs (1 s): no retry, the error goes to the caller at once.
    assert.equal(hits.length, 1);
    assert.deepEqual(waits, []);
    const { client: patient, waits: backoff } = recorded();
    await run([LIMITED({ 'retry-after': at }), LIMITED(), LIMITED(), OK()], () => patient.reports.poll());
    assert.equal(hits.length, 4);
    assert.ok(backoff[0] !== undefined && backoff[0] > 3000 && backoff[0] <= 5000, `waited ${backoff[0]}`);
    // 250 ms doubled each retry, with jitter between half and all of it.
    assert.ok(backoff[1] !== undefined && backoff[1] >= 250 && backoff[1] <= 500, `then ${backoff[1]}`);
    assert.ok(backoff[2] !== undefined && backoff[2] >= 500 && backoff[2] <= 1000, `then ${backoff[2]}`);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(new Date(0).toUTCString()), 0);
  });

  test('a send without an idempotency key is never repeated; with one it is', async () => {
    const { client, waits } = recorded();
    const err = await run([LIMITED({ 'retry-after': '1' }), OK({ destinations: [] })], () =>
      client.send(SEND).catch((e: unknown) => e),
    );
    assert.ok(err instanceof RateLimitError);
    assert.equal(err.code, 'A020');
    assert.equal(err.status, 429);
    assert.equal(err.retryAfterMs, 1000);
    assert.equal(err.providerTrId, 'tr-429');
    assert.equal(hits.length, 1);
    assert.deepEqual(waits, []);
    const sent = await run([LIMITED({ 'retry-after': '1' }), OK({ destinations: [] })], () =>
      client.send({ ...SEND, idempotencyKey: 'order-77' }),
    );
    assert.equal(sent.code, 'A000');
    assert.equal(hits.length, 2);
    assert.deepEqual(waits, [1000]);
  });

  test('retries run out: the RateLimitError goes to the caller after retries + 1 attempts', async () => {
    const { client, waits } = recorded({ retries: 2 });
    const err = await run([LIMITED(), LIMITED(), LIMITED(), OK()], () =>
      client.reports.ack('rpt_1').catch((e: unknown) => e),
    );
    assert.ok(err instanceof RateLimitError);
    assert.equal(hits.length, 3);
    assert.equal(hits[0]?.method, 'DELETE');
    assert.equal(waits.length, 2);
  });

  test('network errors: a GET is retried, then NetworkError; a send without a key is tried once', async () => {
    const dead = createServer();
    dead.listen(0, '127.0.0.1');
    await once(dead, 'listening');
    const { port } = dead.address() as AddressInfo;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const waits: number[] = [];
    const client = new Omnigate({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      fetch: counting,
      retry: { retries: 3, sleep: async (ms) => void waits.push(ms) },
    });
    await assert.rejects(client.reports.poll(), (err) => {
      assert.ok(err instanceof NetworkError);
      assert.match(err.message, /ECONNREFUSED/);
      return true;
    });
    assert.equal(calls, 4);
    assert.equal(waits.length, 3);
    calls = 0;
    await assert.rejects(client.send(SEND), NetworkError);
    assert.equal(calls, 1);
  });

  test('a DELETE other than ack is retried after a 429 (refused, never handled) but not after a network error', async () => {
    const { client, waits } = recorded();
    const removed = await run([LIMITED({ 'retry-after': '1' }), OK({ deleted: true })], () =>
      client.optOuts.remove('01012345678'),
    );
    assert.equal(removed.code, 'A000');
    assert.equal(hits.length, 2);
    assert.deepEqual(waits, [1000]);

    const dead = createServer();
    dead.listen(0, '127.0.0.1');
    await once(dead, 'listening');
    const { port } = dead.address() as AddressInfo;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    let calls = 0;
    const offline = new Omnigate({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
      retry: { retries: 3, sleep: async () => {} },
    });
    const attempts = async (call: () => Promise<unknown>) => {
      calls = 0;
      await assert.rejects(call(), NetworkError);
      return calls;
    };
    assert.equal(await attempts(() => offline.optOuts.remove('01012345678')), 1);
    assert.equal(await attempts(() => offline.reservations.removeDestination('r1', 'm1')), 1);
    assert.equal(await attempts(() => offline.groupTags.delete('sk', 'gt')), 1);
    // A report acknowledgement answers A000 again: retried on network errors as well.
    assert.equal(await attempts(() => offline.reports.ack('rpt_1')), 4);
    // One rule for "has a key", send and reservations alike: a non-empty string (null is none).
    const reservation = { ...SEND, resvSendTime: '2026-12-01 10:00:00' };
    assert.equal(
      await attempts(() => offline.reservations.create({ ...reservation, idempotencyKey: null })),
      1,
    );
    assert.equal(
      await attempts(() => offline.reservations.create({ ...reservation, idempotencyKey: '' })),
      1,
    );
    assert.equal(await attempts(() => offline.send({ ...SEND, idempotencyKey: null })), 1);
    assert.equal(
      await attempts(() => offline.reservations.create({ ...reservation, idempotencyKey: 'r-9' })),
      4,
    );
    assert.equal(await attempts(() => offline.send({ ...SEND, idempotencyKey: 's-9' })), 4);
  });

  test('an answer that is not the gateway’s is a NetworkError with its status', async () => {
    const { client } = recorded({ retries: 0 });
    const err = await run([{ status: 502 }], () => client.reports.poll().catch((e: unknown) => e));
    assert.ok(err instanceof NetworkError);
    assert.equal(err.status, 502);
  });

  test('an abort during the wait before a retry ends the call', async () => {
    const stop = new AbortController();
    const client = new Omnigate({ baseUrl, apiKey: 'k' });
    script = [LIMITED({ 'retry-after': '20' })];
    const call = client.reports.poll({ signal: stop.signal });
    setTimeout(() => stop.abort(), 20);
    await assert.rejects(call, { name: 'AbortError' });
  });
});

describeEachDb('client: deletes whose answer was lost', (db) => {
  let s: Served;
  before(async () => {
    s = await serveGateway(db);
  });
  after(() => s.t.close());

  test('an opt-out removal that went through is not repeated into an A820; an ack is repeated and succeeds', async () => {
    let lose: 'DELETE' | undefined;
    // The gateway handles the request; the client never hears of it, as after a dropped connection.
    const lossy: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (init?.method === lose) {
        lose = undefined;
        await res.text();
        throw new TypeError('fetch failed');
      }
      return res;
    };
    const { c, client } = await clientOf(s, 'lost-delete', {
      fetch: lossy,
      retry: { sleep: async () => {} },
    });
    await client.optOuts.add({ phones: ['01077770009'] });
    lose = 'DELETE';
    // Not a NotFoundError (A820) for a removal that happened: the outcome is unknown, and says so.
    await assert.rejects(client.optOuts.remove('01077770009'), NetworkError);
    assert.deepEqual((await client.optOuts.list()).data.optOuts, []);

    const [sent] = await client.sms('01077770010', { from: c.sender, text: 'report me' });
    assert.equal(sent?.code, 'A000', sent?.result);
    await settle(s.t);
    const batch = await client.reports.poll();
    assert.ok(batch.data.reportId);
    lose = 'DELETE';
    assert.equal((await client.reports.ack(batch.data.reportId)).code, 'A000');
    assert.equal((await client.reports.poll()).data.reportId, '');
  });
});

describeEachDb('client: the gateway’s own rate limit', (db) => {
  let s: Served;
  before(async () => {
    s = await serveGateway(db);
  });
  after(() => s.t.close());

  test('A020 answers as RateLimitError; retried (when allowed) until the retries run out', async () => {
    const { c } = await clientOf(s, 'limited');
    const res = await s.t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/limits`,
      admin: true,
      body: { requestsPerSecond: 1 },
    });
    assert.equal(res.statusCode, 200, res.body);
    const waits: number[] = [];
    const client = new Omnigate({
      baseUrl: s.baseUrl,
      apiKey: c.apiKey,
      retry: { retries: 2, sleep: async (ms) => void waits.push(ms) },
    });
    await client.reports.poll();
    await assert.rejects(client.reports.poll(), (err) => {
      assert.ok(err instanceof RateLimitError);
      assert.equal(err.code, 'A020');
      assert.equal(err.status, 429);
      // The gateway's A020 says when the bucket has a token again (1 a second: 1 s).
      assert.equal(err.retryAfterMs, 1000);
      return true;
    });
    // Each retry waited what the gateway's Retry-After said (the sleeps are recorded, not slept).
    assert.deepEqual(waits, [1000, 1000]);
  });
});
