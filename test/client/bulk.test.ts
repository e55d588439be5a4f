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
      Array.from({ length: 15 }, (_, i) => `spring-sale-200-${i}`).sort(),
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
      seen.key === 'lossy-200-2' && attempt === 1 ? 'lose-answer' : undefined,
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
      rec.sends.filter((x) => x.key === 'lossy-200-2').length,
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

  test('concurrency and chunkSize out of range throw a RangeError before anything is sent', async () => {
    const rec = recordingFetch();
    const { c, client } = await clientOf(s, 'bulk-options', { fetch: rec.fetchFn });
    const flow = [steps.sms({ from: c.sender, text: 'x' })];
    const to = numbers('5', 3);
    for (const concurrency of [Number.NaN, 0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      await assert.rejects(
        client.bulkSend(to, flow, { concurrency }),
        RangeError,
        `concurrency ${concurrency}`,
      );
    }
    for (const chunkSize of [Number.NaN, 0, 201, 2.5]) {
      await assert.rejects(client.bulkSend(to, flow, { chunkSize }), RangeError, `chunkSize ${chunkSize}`);
    }
    assert.equal(rec.sends.length, 0);
    const results = await client.bulkSend(to, flow, { concurrency: 1, chunkSize: 1 });
    assert.deepEqual(
      results.map((r) => [r.to, r.code]),
      to.map((n) => [n, 'A000']),
    );
  });

  test('the chunk size is in the key: the same batchId with another chunkSize never maps a key to other recipients', async () => {
    const rec = recordingFetch();
    const { c, client } = await clientOf(s, 'bulk-resized', { fetch: rec.fetchFn });
    const flow = [steps.sms({ from: c.sender, text: 'resized' })];
    const to = numbers('6', 4);
    const first = await client.bulkSend(to, flow, { batchId: 'resized', chunkSize: 2 });
    assert.ok(first.every((r) => r.code === 'A000'));
    const second = await client.bulkSend(to, flow, { batchId: 'resized', chunkSize: 1 });
    assert.deepEqual(
      rec.sends.map((x) => x.key),
      ['resized-2-0', 'resized-2-1', 'resized-1-0', 'resized-1-1', 'resized-1-2', 'resized-1-3'],
    );
    // Another chunk size is another batch: sent again (none taken for refused, none half-replayed).
    second.forEach((r, i) => {
      assert.equal(r.code, 'A000', r.result);
      assert.notEqual(r.msgKey, first[i]?.msgKey);
    });
    // The same chunk size again: a replay of each chunk, with the first msgKeys.
    const third = await client.bulkSend(to, flow, { batchId: 'resized', chunkSize: 2 });
    assert.ok(third.every((r, i) => r.code === 'A301' && r.msgKey === first[i]?.msgKey));
  });

  test('a replay answers A301 with msgKey "" for a recipient the first send refused (not sent, then or now)', async () => {
    const { c, client } = await clientOf(s, 'bulk-refused-replay');
    const flow = [steps.sms({ from: c.sender, text: 'mixed' })];
    const [good] = numbers('7', 1);
    const to = [good ?? '', '0101234'];
    const first = await client.bulkSend(to, flow, { batchId: 'mixed' });
    assert.equal(first[0]?.code, 'A000');
    assert.notEqual(first[1]?.code, 'A000');
    assert.equal(first[1]?.msgKey, '');
    const again = await client.bulkSend(to, flow, { batchId: 'mixed' });
    assert.deepEqual(
      again.map((r) => [r.code, r.msgKey]),
      [
        ['A301', first[0]?.msgKey],
        ['A301', ''],
      ],
    );
    await settle(s.t);
    assert.equal((await inbox(s.t, good ?? '')).length, 1);
  });
});
