import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  byMinute,
  mergeTraffic,
  summarize,
  TRAFFIC_WINDOW_SECONDS,
  valueScale,
} from '../../console/src/overview/traffic.ts';
import type { TrafficReading } from '../../console/src/overview/types.ts';
import { TRAFFIC_WINDOW_SECONDS as SERVER_WINDOW } from '../../src/features/admin/overview-schemas.ts';

/** A window of `n` seconds ending at `until`, accepted counting 1, 2, 3 ... (null where given). */
function win(until: number, n: number, nulls = 0): TrafficReading {
  const values = Array.from({ length: n }, (_, i) => (i < nulls ? null : i + 1));
  return {
    from: until - n + 1,
    until,
    accepted: values,
    delivered: [...values],
    failed: values.map(() => 0),
  };
}

test("the console's window is the gateway's", () => {
  assert.equal(TRAFFIC_WINDOW_SECONDS, SERVER_WINDOW);
});

test('an answer right after what is kept is appended, the oldest seconds falling out', () => {
  const kept = win(10_000, TRAFFIC_WINDOW_SECONDS);
  const next = mergeTraffic(kept, {
    from: 10_001,
    until: 10_002,
    accepted: [7, 8],
    delivered: [7, 8],
    failed: [0, 1],
  });
  assert.equal(next.from, kept.from + 2);
  assert.equal(next.until, 10_002);
  assert.equal(next.accepted.length, TRAFFIC_WINDOW_SECONDS);
  assert.deepEqual(next.accepted.slice(0, 2), [3, 4]);
  assert.deepEqual(next.accepted.slice(-3), [900, 7, 8]);
  assert.deepEqual(next.failed.slice(-2), [0, 1]);
});

test('an empty answer or a late one to an older question keeps what is kept', () => {
  const kept = win(10_000, TRAFFIC_WINDOW_SECONDS);
  assert.equal(
    mergeTraffic(kept, { from: 10_001, until: 10_000, accepted: [], delivered: [], failed: [] }),
    kept,
  );
  assert.equal(
    mergeTraffic(kept, { from: 9_999, until: 10_000, accepted: [1, 2], delivered: [1, 2], failed: [0, 0] }),
    kept,
  );
});

test('a whole window (first reading, a restarted instance) replaces what is kept', () => {
  const whole = win(50, TRAFFIC_WINDOW_SECONDS, 880);
  assert.equal(mergeTraffic(null, whole), whole);
  assert.equal(mergeTraffic(win(10_000, TRAFFIC_WINDOW_SECONDS), whole), whole);
});

test('the summary: totals, the first second of each peak, and where the instance started', () => {
  const w: TrafficReading = {
    from: 100,
    until: 105,
    accepted: [null, null, 0, 4, 1, 4],
    delivered: [null, null, 0, 0, 4, 1],
    failed: [null, null, 0, 0, 0, 0],
  };
  assert.deepEqual(summarize(w), {
    series: {
      accepted: { total: 9, peak: 4, peakAt: 103 },
      delivered: { total: 5, peak: 4, peakAt: 104 },
      failed: { total: 0, peak: 0, peakAt: null },
    },
    runningFrom: 102,
  });
  assert.equal(summarize(win(10, 5, 5)).runningFrom, null);
});

test('by clock minute, newest first, null where the instance was not running', () => {
  // 60 * 1000 is a minute's start; the window runs from 59 s before it to 61 s after.
  const from = 60_000 - 59;
  const n = 121;
  const w: TrafficReading = {
    from,
    until: from + n - 1,
    accepted: Array.from({ length: n }, (_, i) => (i < 30 ? null : 1)),
    delivered: Array.from({ length: n }, () => 0),
    failed: Array.from({ length: n }, (_, i) => (i === n - 1 ? 2 : 0)),
  };
  assert.deepEqual(byMinute(w), [
    { start: 60_060, values: { accepted: 2, delivered: 0, failed: 2 } },
    { start: 60_000, values: { accepted: 60, delivered: 0, failed: 0 } },
    { start: 59_940, values: { accepted: 29, delivered: 0, failed: 0 } },
  ]);
  assert.deepEqual(byMinute({ ...win(59_999, 20, 20), delivered: [], failed: [] })[0]?.values.accepted, null);
});

test('the value axis: round steps, at most 4, never below 1/s', () => {
  assert.deepEqual(valueScale(0), { max: 4, step: 1 });
  assert.deepEqual(valueScale(3), { max: 4, step: 1 });
  assert.deepEqual(valueScale(5), { max: 6, step: 2 });
  assert.deepEqual(valueScale(120), { max: 150, step: 50 });
  assert.deepEqual(valueScale(1000), { max: 1000, step: 500 });
  assert.deepEqual(valueScale(1001), { max: 1500, step: 500 });
});
