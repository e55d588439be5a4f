import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { steps } from '../../clients/typescript/src/index.ts';
import { inbox, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { clientOf, numbers, type Served, serveGateway } from './helpers.ts';

/** What a fetch saw of each send request: its idempotency key and recipient count. */
interface Seen {
  key: string;
  count: number;
}

/** A fetch that records the sends and how many were under way at once, then calls the real one. */
function recordingFetch(onSend?: (seen: Seen, attempt: number) => 'lose-answer' | undefined) {
  const sends: Seen[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const attempts = new Map<string, number>();
  const fetchFn: typeof fetch = async (input, init) => {
    if (typeof init?.body !== 'string') return fetch(input, init);
    const body: { idempotencyKey?: string; destinations: unknown[] } = JSON.parse(init.body);
    const seen = { key: body.idempotencyKey ?? '', count: body.destinations.length };
    sends.push(seen);
    const attempt = (attempts.get(seen.key) ?? 0) + 1;
    attempts.set(seen.key, attempt);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const res = await fetch(input, init);
      if (onSend?.(seen, attempt) === 'lose-answer') {
        await res.text();
        // The gateway accepted the chunk; the client never hears of it, as after a dropped connection.
        throw new TypeError('fetch failed');
      }
      return res;
    } finally {
      inFlight -= 1;
    }
  };
  return { fetchFn, sends, maxInFlight: () => maxInFlight };
}

describeEachDb('client: bulk sends', (db) => {
  let s: Served;
  before(async () => {
    s = await serveGateway(db);
  });
  after(() => s.t.close());

  test('3,000 recipients: 15 chunks of 200 with a key each, 4 at once, one result per recipient in input order', async () => {
    const rec = recordingFetch();
    const { c, client } = await clientOf(s, 'bulk', { fetch: rec.fetchFn });
    const to = numbers('2', 3000);
    const results = await client.bulkSend(
      to.map((n, i) => ({ to: n, ref: `r${i}`, replaceWords: { i: String(i) } })),
      [steps.sms({ from: c.sender, text: 'n#{i}' })],
      { batchId: 'spring-sale' },
    );
    assert.equal(results.length, 3000);
    results.forEach((r, i) => {
      assert.equal(r.to, to[i]);
      assert.equal(r.ref, `r${i}`);
      assert.equal(r.code, 'A000', r.result);
      assert.ok(r.msgKey);
    });
    assert.equal(new Set(results.map((r) => r.msgKey)).size, 3000);
    assert.deepEqual(
      rec.sends.map((x) => x.key).sort(),
      Array.from({ length: 15 }, (_, i) => `spring-sale-${i}`).sort(),
    );
    assert.ok(rec.sends.every((x) => x.count === 200));
    assert.ok(rec.maxInFlight() <= 4 && rec.maxInFlight() > 1, `at most 4 at once, saw ${rec.maxInFlight()}`);
    await settle(s.t);
    // The msgKey at position i is the message that reached recipient i.
    for (const i of [0, 199, 200, 1777, 2999]) {
      const got = await inbox(s.t, to[i] ?? '');
      assert.deepEqual(
        got.map((m) => [m.text, m.msgKey]),
        [[`n${i}`, results[i]?.msgKey]],
      );
    }
  });

  test('a chunk whose answer was lost is retried with its key: the gateway replays it, nothing is sent twice', async () => {
    const delays: number[] = [];
    const rec = recordingFetch((seen, attempt) =>
      seen.key === 'lossy-2' && attempt === 1 ? 'lose-answer' : undefined,
    );
    const { c, client } = await clientOf(s, 'bulk-retry', {
      fetch: rec.fetchFn,
      retry: {
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    });
    const to = numbers('3', 1000);
    const results = await client.bulkSend(to, [steps.sms({ from: c.sender, text: 'once' })], {
      batchId: 'lossy',
      concurrency: 2,
    });
    assert.deepEqual(
      rec.sends.filter((x) => x.key === 'lossy-2').length,
      2,
      'chunk 2 was sent twice over the wire',
    );
    assert.equal(delays.length, 1);
    // The replay answers A301 with the keys the first (lost) answer held.
    const chunk2 = results.slice(400, 600);
    assert.ok(chunk2.every((r) => r.code === 'A301' && r.msgKey !== ''));
    assert.ok([...results.slice(0, 400), ...results.slice(600)].every((r) => r.code === 'A000'));
    await settle(s.t);
    for (const [i, r] of chunk2.entries()) {
      const got = await inbox(s.t, to[400 + i] ?? '');
      assert.deepEqual(
        got.map((m) => m.msgKey),
        [r.msgKey],
        `${r.to} received ${got.length}`,
      );
    }
    // The whole batch again with the same id: every chunk is a replay, nothing new goes out.
    const again = await client.bulkSend(to, [steps.sms({ from: c.sender, text: 'once' })], {
      batchId: 'lossy',
    });
    assert.ok(again.every((r, i) => r.code === 'A301' && r.msgKey === results[i]?.msgKey));
    await settle(s.t);
    assert.equal((await inbox(s.t, to[0] ?? '')).length, 1);
  });
});
