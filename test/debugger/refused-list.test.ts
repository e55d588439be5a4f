import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { insertRefusedRequests, type NewRefusedRequest } from '../../src/store/refused/refused-requests.ts';
import { setClock } from '../features/twofa-helpers.ts';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { listRefused, trIdOf } from './refused-helpers.ts';

/*
 * GET /admin/v1/refused-requests: newest first, by account, code, status and time (the gateway
 * clock), paged by cursor; a filter no index serves looks at a bounded window a call.
 */
describeEachDb('refused requests: the operator’s list', (db) => {
  let t: TestGateway;
  let a: Client;
  let b: Client;
  /** trIds of the refusals made, oldest first, with what they were. */
  const made: Array<{ trId: string; account: string | null; code: string; status: number; at: string }> = [];

  async function refuse(who: Client | null, kind: 'A306' | 'A318' | 'A401', at: string): Promise<void> {
    await setClock(t, at);
    const flow = [{ sms: { from: a.sender, text: 'hi' } }];
    const res =
      who === null
        ? await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: 'og_nobody0000' })
        : kind === 'A318'
          ? await send(t, who, {
              destinations: Array.from({ length: 201 }, () => ({ to: '01012345678' })),
              messageFlow: flow,
            })
          : await send(t, who, { destinations: [{ to: '0101' }], messageFlow: flow });
    made.push({
      trId: trIdOf(res.body),
      account: who?.accountId ?? null,
      code: kind,
      status: res.statusCode,
      at,
    });
  }

  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_REFUSED_PER_SECOND: '1000' } });
    a = await setupClient(t, 'List Shop A');
    b = await setupClient(t, 'List Shop B');
    await refuse(a, 'A306', '2026-11-25 10:00:00');
    await refuse(b, 'A306', '2026-11-25 10:01:00');
    await refuse(a, 'A318', '2026-11-25 10:02:00');
    await refuse(null, 'A401', '2026-11-25 10:03:00');
    await refuse(a, 'A306', '2026-11-25 10:04:00');
    await refuse(null, 'A401', '2026-11-25 10:05:00');
  });
  after(() => t.close());

  const trIds = (p: { requests: Array<{ trId: string }> }) => p.requests.map((r) => r.trId);
  const expected = (keep: (m: (typeof made)[number]) => boolean) =>
    made
      .filter(keep)
      .map((m) => m.trId)
      .reverse();

  test('newest first, each with its code, status, account and time', async () => {
    const page = await listRefused(t);
    assert.deepEqual(
      trIds(page),
      expected(() => true),
    );
    assert.deepEqual(
      page.requests.map((r) => [r.code, r.status, r.accountId, r.at]),
      [...made].reverse().map((m) => [m.code, m.status, m.account, m.at.replace(' ', 'T').concat('+09:00')]),
    );
    assert.equal(page.next, null);
    assert.equal(page.keptHours, 24);
  });

  test('by account, by code, both, by status and by time', async () => {
    assert.deepEqual(
      trIds(await listRefused(t, { accountId: a.accountId })),
      expected((m) => m.account === a.accountId),
    );
    assert.deepEqual(
      trIds(await listRefused(t, { code: 'A306' })),
      expected((m) => m.code === 'A306'),
    );
    assert.deepEqual(
      trIds(await listRefused(t, { accountId: a.accountId, code: 'A306' })),
      expected((m) => m.account === a.accountId && m.code === 'A306'),
    );
    assert.deepEqual(
      trIds(await listRefused(t, { status: 401 })),
      expected((m) => m.status === 401),
    );
    assert.deepEqual(
      trIds(await listRefused(t, { status: 200, code: 'A306' })),
      expected((m) => m.code === 'A306'),
    );
    assert.deepEqual(
      trIds(await listRefused(t, { from: '2026-11-25 10:01:00', until: '2026-11-25T10:04:00+09:00' })),
      expected((m) => m.at >= '2026-11-25 10:01:00' && m.at < '2026-11-25 10:04:00'),
    );
    assert.deepEqual(trIds(await listRefused(t, { accountId: b.accountId, code: 'A401' })), []);
  });

  test('pages by cursor, newest first, with the same filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page = await listRefused(t, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...trIds(page));
      cursor = page.next;
      if (!cursor) break;
    }
    assert.equal(cursor, null);
    assert.deepEqual(
      seen,
      expected(() => true),
    );
    const first = await listRefused(t, { accountId: a.accountId, limit: 2 });
    assert.ok(first.next);
    const rest = await listRefused(t, { accountId: a.accountId, limit: 2, cursor: first.next });
    assert.deepEqual(
      [...trIds(first), ...trIds(rest)],
      expected((m) => m.account === a.accountId),
    );
    assert.equal(rest.next, null);
  });

  test('bad filters and unknown ids are refused with their code', async () => {
    const get = (url: string) => t.request({ method: 'GET', url, admin: true });
    for (const [url, code, status] of [
      ['/admin/v1/refused-requests?cursor=next', 'A300', 400],
      ['/admin/v1/refused-requests?from=yesterday', 'A300', 400],
      ['/admin/v1/refused-requests?from=2026-11-25%2010:05:00&until=2026-11-25%2010:00:00', 'A300', 400],
      ['/admin/v1/refused-requests?status=500', 'A300', 400],
      ['/admin/v1/refused-requests/999999', 'A820', 404],
      ['/admin/v1/refused-requests/abc', 'A300', 400],
    ] as const) {
      const res = await get(url);
      assert.equal(res.statusCode, status, `${url}: ${res.body}`);
      assert.equal(res.json<{ code: string }>().code, code, res.body);
    }
    const anonymous = await get('/admin/v1/refused-requests');
    assert.equal(anonymous.statusCode, 200);
    const noToken = await t.request({ method: 'GET', url: '/admin/v1/refused-requests' });
    assert.equal(noToken.statusCode, 401, 'operators only');
  });

  test('a filter no index serves looks at 5000 rows a call, and says how far it looked', async () => {
    const base = t.gw.ctx.clock.now();
    const filler = (i: number): NewRefusedRequest => ({
      at: base + i,
      method: 'GET',
      route: '/api/comm/v1/report/polling',
      path: '/api/comm/v1/report/polling',
      status: 429,
      code: 'A020',
      result: 'Too many requests',
      accountId: b.accountId,
      keyId: b.keyId,
      keyPrefix: b.apiKey.slice(0, 10),
      clientAddress: '127.0.0.1',
      userAgent: null,
      trId: `filler${i}`,
      contentType: null,
      bodySize: null,
      body: null,
      bodyFormat: null,
      bodyTruncated: false,
      bodyNote: null,
      answer: '{}',
      answerTruncated: false,
    });
    for (let i = 0; i < 5100; i += 100) {
      await insertRefusedRequests(
        t.gw.ctx.store,
        Array.from({ length: 100 }, (_, j) => filler(i + j)),
      );
    }
    const first = await listRefused(t, { status: 401 });
    assert.deepEqual(first.requests, []);
    assert.ok(first.next, 'more to look at');
    assert.ok(first.searchedUntil, 'how far it looked');
    const second = await listRefused(t, { status: 401, cursor: first.next });
    assert.deepEqual(
      trIds(second),
      expected((m) => m.status === 401),
    );
    assert.equal(second.next, null);
    // The account's index selects: B's A020s, then its one A306, in one call.
    const own = await listRefused(t, { accountId: b.accountId, code: 'A306' });
    assert.deepEqual(trIds(own), []);
    assert.ok(own.next && own.searchedUntil);
    const ownRest = await listRefused(t, { accountId: b.accountId, code: 'A306', cursor: own.next });
    assert.deepEqual(
      trIds(ownRest),
      expected((m) => m.account === b.accountId),
    );
  });
});
