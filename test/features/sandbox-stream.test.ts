import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { SandboxConnector } from '../../src/connectors/sandbox/connector.ts';
import { type StreamSink, TimelineHub } from '../../src/features/sandbox/timeline-hub.ts';
import { aliveWhile } from '../../src/features/sandbox/timeline-routes.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { connectorOf, fill, SseClient, step } from './sandbox-timeline-helpers.ts';

/*
 * The live timeline over a real port, read as a browser's EventSource reads it. No sleeps: each
 * wait is for a stream event, with a deadline.
 */
describeEachDb('sandbox live timeline stream', (db) => {
  let t: TestGateway;
  let conn: SandboxConnector;
  let base: string;
  const open: SseClient[] = [];
  before(async () => {
    t = await startTestGateway(db);
    conn = connectorOf(t);
    await t.gw.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.gw.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  const stream = async (phone: string, query = '', headers: Record<string, string> = {}) => {
    const c = await SseClient.open(`${base}/sandbox/v1/handsets/${phone}/timeline/stream${query}`, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...headers,
    });
    open.push(c);
    return c;
  };
  const ids = async (phone: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/sandbox/v1/handsets/${phone}/timeline?limit=200`,
      admin: true,
    });
    return res.json<{ items: Array<{ id: number; msgKey: string }> }>().items;
  };

  test('sends the rows after since, then a delivery made while connected, at once', async () => {
    const phone = '01066000001';
    const keys = await fill(conn, phone, 3);
    const c = await stream(phone, '?since=0');
    assert.equal(c.status, 200);
    assert.match(c.headers?.get('content-type') ?? '', /^text\/event-stream/);
    await c.until((x) => x.items().length === 3, 10_000, 'the 3 stored rows');
    assert.deepEqual(c.retry, [2000]);
    assert.deepEqual(
      c.items().map((i) => i.msgKey),
      keys,
    );
    const failed = step(phone, { channel: 'rcs', msgType: 'RCS' });
    await t.request({
      method: 'PUT',
      url: `/sandbox/v1/handsets/${phone}`,
      admin: true,
      body: { rcs: false },
    });
    await conn.submit([failed]);
    await c.until((x) => x.items().length === 4, 10_000, 'the delivery made while connected');
    const last = c.items()[3];
    assert.equal(last?.msgKey, failed.msgKey);
    assert.equal(last?.kind, 'failure');
    assert.equal(c.events.at(-1)?.id, String(last?.id), 'the event id is the row id');
  });

  test('Last-Event-ID resumes after the row it names (it wins over since)', async () => {
    const phone = '01066000002';
    const keys = await fill(conn, phone, 5);
    const rows = await ids(phone);
    const c = await stream(phone, '?since=0', { 'last-event-id': String(rows[1]?.id) });
    await c.until((x) => x.items().length >= 3, 10_000, 'the rows after the last event id');
    assert.deepEqual(
      c.items().map((i) => i.msgKey),
      keys.slice(2),
    );
  });

  test('without since or Last-Event-ID only rows that arrive from now on come', async () => {
    const phone = '01066000003';
    await fill(conn, phone, 2);
    const c = await stream(phone);
    const [fresh] = await fill(conn, phone, 1);
    await c.until((x) => x.items().length >= 1, 10_000, 'the new row');
    assert.deepEqual(
      c.items().map((i) => i.msgKey),
      [fresh],
    );
  });

  test('more than 100 rows between two looks: a gap event, then the newest 100', async () => {
    const phone = '01066000004';
    const c = await stream(phone, '?since=0');
    // One INSERT of 150 rows: whichever look sees them sees them all.
    const keys = await fill(conn, phone, 150);
    await c.until((x) => x.items().length >= 100, 10_000, 'the newest 100 rows');
    const gaps = c.events.filter((e) => e.event === 'gap');
    assert.equal(gaps.length, 1);
    const gap = JSON.parse(gaps[0]?.data ?? '{}');
    assert.equal(gap.afterId, 0);
    assert.equal(gap.skipped, 50);
    assert.deepEqual(
      c.items().map((i) => i.msgKey),
      keys.slice(50),
    );
    assert.equal(gap.beforeId, c.items()[0]?.id);
    // The page loads what the gap left out with the timeline endpoint.
    const res = await t.request({
      method: 'GET',
      url: `/sandbox/v1/handsets/${phone}/timeline?before=${gap.beforeId}&limit=200`,
      admin: true,
    });
    assert.deepEqual(
      res.json().items.map((i: { msgKey: string }) => i.msgKey),
      keys.slice(0, 50),
    );
  });

  test('a row that becomes visible after a higher one still comes (PostgreSQL commits out of order)', {
    skip: db.dialect === 'sqlite' ? 'SQLite has one writer: rows become visible in id order' : false,
  }, async () => {
    const phone = '01066000009';
    const c = await stream(phone, '?since=0');
    // A slow transaction takes an id and holds its row; a quick insert takes the next and commits.
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      await slow.query(`set search_path = "${db.schema}"`);
      await slow.query('begin');
      const held = await slow.query<{ id: string }>(
        `insert into sandbox_inbox (phone, msg_key, step, channel, from_number, title, text, payload, received_at)
         values ($1, 'LATE0001', 0, 'sms', null, null, 'late', '{}', 0) returning id`,
        [phone],
      );
      const [quick] = await fill(conn, phone, 1);
      await c.until((x) => x.items().some((i) => i.msgKey === quick), 10_000, 'the quick row');
      await slow.query('commit');
      await c.until((x) => x.items().some((i) => i.msgKey === 'LATE0001'), 10_000, 'the late row');
      const late = c.items().find((i) => i.msgKey === 'LATE0001');
      assert.equal(String(late?.id), held.rows[0]?.id);
      assert.ok((late?.id ?? 0) < (c.items().find((i) => i.msgKey === quick)?.id ?? 0));
      assert.equal(c.items().filter((i) => i.msgKey === quick).length, 1, 'nothing is sent twice');
    } finally {
      await slow.end();
    }
  });

  test('refusals: a bad Last-Event-ID is A300, a malformed number A306, no token 401', async () => {
    const bad = await fetch(`${base}/sandbox/v1/handsets/01066000005/timeline/stream`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'last-event-id': 'x1' },
    });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { code: string }).code, 'A300');
    const number = await fetch(`${base}/sandbox/v1/handsets/0106/timeline/stream`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(((await number.json()) as { code: string }).code, 'A306');
    const anon = await fetch(`${base}/sandbox/v1/handsets/01066000005/timeline/stream`);
    assert.equal(anon.status, 401);
    await anon.body?.cancel();
  });

  test('a console session streams with its cookie; the stream ends at the ping after sign-out', async () => {
    const signIn = await fetch(`${base}/admin/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: ADMIN_TOKEN }),
    });
    assert.equal(signIn.status, 200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const phone = '01066000006';
    const c = await SseClient.open(`${base}/sandbox/v1/handsets/${phone}/timeline/stream?since=0`, {
      cookie,
    });
    open.push(c);
    assert.equal(c.status, 200);
    const [key] = await fill(conn, phone, 1);
    await c.until((x) => x.items().length === 1, 10_000, 'a row over the cookie session');
    assert.equal(c.items()[0]?.msgKey, key);

    // The route's check, on a hub that pings every 20 ms (the route's: 15 s).
    const hub = new TimelineHub(t.gw.ctx, { pingMs: 20 });
    const idHash = createHash('sha256')
      .update(cookie.slice(cookie.indexOf('=') + 1))
      .digest('hex');
    const within = <T>(p: Promise<T>, what: string) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within 5 s`)), 5000)),
      ]);
    const written: string[] = [];
    let pinged!: () => void;
    let ended!: () => void;
    const ping = new Promise<void>((resolve) => {
      pinged = resolve;
    });
    const end = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const sink: StreamSink = {
      write: (s) => {
        written.push(s);
        if (s.startsWith(': ping')) pinged();
      },
      needsDrain: () => false,
      end: () => ended(),
    };
    hub.watch(phone, 0, sink, aliveWhile(t.gw.ctx, { idHash }));
    await within(ping, 'ping while signed in');
    const out = await fetch(`${base}/admin/v1/session`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    assert.equal(out.status, 200);
    await within(end, 'end of the stream after sign-out');
    assert.equal(hub.size, 0, 'the ended stream is no longer served');
    assert.ok(written.some((s) => s.includes('event: item')));
    hub.close();
  });

  test('closing the app ends the open streams: a graceful stop does not hang', async () => {
    const c = await stream('01066000007', '?since=0');
    assert.equal(c.status, 200);
    await t.close();
    await c.waitEnd(5000);
  });
});
