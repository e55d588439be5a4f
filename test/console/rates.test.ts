import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addReading, EMPTY_HISTORY, type RateHistory } from '../../console/src/overview/rates.ts';
import type { OverviewReading } from '../../console/src/overview/types.ts';

function reading(uptimeSeconds: number, accepted: number, delivered: number, failed = 0): OverviewReading {
  return {
    readAt: '2026-01-01T00:00:00+09:00',
    instance: { role: 'all', uptimeSeconds, sandbox: true },
    messages: { accepted, final: { delivered, failed } },
    failures: [],
    http: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    queue: {
      queued: { count: 0, capped: false },
      waiting: { count: 0, capped: false },
      jobs: { kinds: [], capped: false },
    },
    connectors: [],
    traffic: { from: 0, until: -1, accepted: [], delivered: [], failed: [] },
  };
}

const feed = (...rs: OverviewReading[]): RateHistory => rs.reduce(addReading, EMPTY_HISTORY);

test('a rate is the difference of two readings over the uptime between them', () => {
  const h = feed(reading(10, 100, 90), reading(12, 110, 94, 1));
  assert.deepEqual(h.points, [{ at: 12, accepted: 5, delivered: 2, failed: 0.5 }]);
});

test('the first reading has no rate; a reading of the same instant adds nothing', () => {
  assert.deepEqual(feed(reading(10, 100, 90)).points, []);
  assert.equal(feed(reading(10, 1, 1), reading(12, 3, 3), reading(12, 3, 3)).points.length, 1);
});

test('points older than a minute are dropped', () => {
  const rs = Array.from({ length: 40 }, (_, i) => reading(i * 2, i * 10, i * 10));
  const h = feed(...rs);
  assert.ok(h.points.every((p) => p.at > 78 - 60));
  assert.equal(h.points.length, 30);
});

test('an instance that restarted (uptime or a counter went back) starts over', () => {
  assert.deepEqual(feed(reading(100, 50, 50), reading(102, 60, 60), reading(3, 2, 2)).points, []);
  assert.deepEqual(feed(reading(100, 50, 50), reading(102, 10, 10)).points, []);
});
