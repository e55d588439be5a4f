import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Pacer } from '../../src/rules/pacer.ts';

/** Sends as fast as the pacer allows, polled every `stepMs` from 0 to `untilMs`; answers the send times. */
function drive(p: Pacer, untilMs: number, stepMs: number, startMs = 0): number[] {
  const sent: number[] = [];
  for (let t = startMs; t < untilMs; t += stepMs) while (p.wait(t) === 0) sent.push(t);
  return sent;
}

/** The most sends in any window of one second. */
function busiestSecond(times: readonly number[]): number {
  let most = 0;
  let from = 0;
  for (let i = 0; i < times.length; i++) {
    while ((times[i] ?? 0) - (times[from] ?? 0) >= 1000) from++;
    most = Math.max(most, i - from + 1);
  }
  return most;
}

describe('Pacer', () => {
  test('a low rate is spaced evenly from the first send, with no burst after an idle spell', () => {
    const p = new Pacer(4);
    assert.equal(p.wait(0), 0);
    assert.equal(p.wait(1), 249);
    const later = drive(p, 12_000, 1, 10_000);
    assert.deepEqual(later.slice(0, 5), [10_000, 10_250, 10_500, 10_750, 11_000]);
    assert.equal(busiestSecond(later), 4);
  });

  test('a high rate is reached with coarse timers and never exceeded by more than the burst', () => {
    const p = new Pacer(8000);
    const times = drive(p, 5000, 1);
    assert.ok(times.length >= 8000 * 5 * 0.99, `${times.length} sends in 5 s`);
    assert.ok(busiestSecond(times) <= 8000 + 40, `busiest second ${busiestSecond(times)}`);
  });

  test('sends polled late are not made up for afterwards', () => {
    const p = new Pacer(100);
    assert.equal(p.wait(0), 0);
    // Nothing asked for 2 s: the next second still holds at most the rate.
    const times = drive(p, 4000, 3, 2000);
    assert.ok(busiestSecond(times) <= 100, `busiest second ${busiestSecond(times)}`);
  });
});
