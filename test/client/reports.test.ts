import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Omnigate, Report } from '../../clients/typescript/src/index.ts';
import { advance, type Client, setHandset, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { clientOf, numbers, type Served, serveGateway } from './helpers.ts';

/** Tiny real-time intervals: the iterator's own waits, not the gateway's clock. */
const FAST = { pollIntervalMs: 5, idleStopMs: 50 };

describeEachDb('client: report iteration', (db) => {
  let s: Served;
  before(async () => {
    s = await serveGateway(db);
  });
  after(() => s.t.close());

  async function sendTo(c: Client, client: Omnigate, to: string[]): Promise<string[]> {
    const results = await client.sms(to, { from: c.sender, text: 'hi' });
    await settle(s.t);
    return results.map((r) => r.msgKey);
  }

  test('yields every report once and acknowledges each batch; stops when idle', async () => {
    const { c, client } = await clientOf(s, 'iterate');
    const keys = await sendTo(c, client, numbers('41', 5));
    const seen: Report[] = [];
    for await (const r of client.reports.iterate(FAST)) seen.push(r);
    assert.deepEqual(seen.map((r) => r.msgKey).sort(), [...keys].sort());
    assert.ok(seen.every((r) => r.reportType === 'STANDARD' && r.reportCode === '10000'));
    // Acknowledged: nothing waits any more (reportId "" and report null when empty).
    const after = await client.reports.poll();
    assert.deepEqual(after.data, { reportId: '', report: null });
  });

  test('a break in the middle of a batch leaves it unacknowledged: the next iteration gets it again, whole', async () => {
    const { c, client } = await clientOf(s, 'iterate-break');
    const keys = await sendTo(c, client, numbers('42', 3));
    const open = await client.reports.poll();
    for await (const _ of client.reports.iterate(FAST)) break;
    const again = await client.reports.poll();
    assert.equal(again.data.reportId, open.data.reportId);
    assert.equal(again.data.report?.length, 3);
    // The last report yielded but no next asked for: still not acknowledged (a crash right there
    // must not lose it).
    let n = 0;
    for await (const _ of client.reports.iterate(FAST)) if (++n === 3) break;
    assert.equal((await client.reports.poll()).data.reportId, open.data.reportId);
    const all: string[] = [];
    for await (const r of client.reports.iterate(FAST)) all.push(r.msgKey);
    assert.deepEqual(all.sort(), [...keys].sort());
    assert.equal((await client.reports.poll()).data.reportId, '');
  });

  test('waits for reports made later (the manual clock moved) and ends cleanly on abort', async () => {
    const { c, client } = await clientOf(s, 'iterate-wait');
    const [to] = numbers('43', 1);
    await setHandset(s.t, to ?? '', { receiptDelaySeconds: 30 });
    const [sent] = await client.infomsg(to ?? '', {
      msgType: 'AT',
      senderKey: c.senderKey,
      templateCode: 'TPL-001',
      text: 'receipt later',
      responseMethod: 'polling',
      timeout: 60,
    });
    await settle(s.t);
    const stop = new AbortController();
    const got: Report[] = [];
    let first!: () => void;
    const arrived = new Promise<void>((resolve) => {
      first = resolve;
    });
    const loop = (async () => {
      for await (const r of client.reports.iterate({ signal: stop.signal, pollIntervalMs: 5 })) {
        got.push(r);
        first();
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(got.length, 0, 'nothing before the receipt');
    await advance(s.t, 30);
    await arrived;
    assert.deepEqual(
      got.map((r) => [r.msgKey, r.reportCode]),
      [[sent?.msgKey, 'MS03']],
    );
    // Whatever the loop is doing now (acknowledging, polling, waiting), the abort ends it quietly.
    stop.abort();
    await loop;
  });

  test('an abort while a report is being handled ends the loop without acknowledging its batch', async () => {
    const { c, client } = await clientOf(s, 'iterate-abort');
    await sendTo(c, client, numbers('44', 2));
    const open = await client.reports.poll();
    const stop = new AbortController();
    let n = 0;
    for await (const _ of client.reports.iterate({ signal: stop.signal, pollIntervalMs: 5 })) {
      n += 1;
      stop.abort();
    }
    assert.equal(n, 1);
    assert.equal((await client.reports.poll()).data.reportId, open.data.reportId);
    await client.reports.ack(open.data.reportId);
    // Acknowledging twice is harmless (a retried DELETE).
    assert.equal((await client.reports.ack(open.data.reportId)).data.reportId, open.data.reportId);
  });

  test('an abort that comes as a poll answers: no report is yielded after it', async () => {
    const stop = new AbortController();
    // The poll's answer is read whole, then the signal aborts: the abort lands between the poll
    // resolving and the first report.
    const abortingPoll: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (init?.method !== 'GET') return res;
      const text = await res.text();
      stop.abort();
      return new Response(text, { status: res.status, headers: res.headers });
    };
    const { c, client } = await clientOf(s, 'iterate-abort-poll', { fetch: abortingPoll });
    await sendTo(c, client, numbers('45', 2));
    const seen: Report[] = [];
    for await (const r of client.reports.iterate({ signal: stop.signal, pollIntervalMs: 5 })) seen.push(r);
    assert.deepEqual(seen, []);
    // Nothing was acknowledged: the batch waits, whole.
    assert.equal((await client.reports.poll()).data.report?.length, 2);
  });
});
