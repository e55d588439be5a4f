import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatKst,
  isoKst,
  kstDate,
  kstDayStart,
  kstMinuteOfDay,
  ManualClock,
  parseClientTime,
  parseKst,
  parseKstDate,
  SystemClock,
} from '../src/clock.ts';

const t0 = Date.UTC(2026, 10, 21, 15, 30, 5); // 2026-11-22 00:30:05 in Korea

test('Korea-time formatting is UTC+9 and crosses the date line', () => {
  assert.equal(formatKst(t0), '2026-11-22 00:30:05');
  assert.equal(isoKst(t0), '2026-11-22T00:30:05+09:00');
  assert.equal(isoKst(t0 + 7, true), '2026-11-22T00:30:05.007+09:00');
  assert.equal(kstDate(t0), '20261122');
  assert.equal(kstMinuteOfDay(t0), 30);
  assert.equal(kstDayStart(t0), Date.UTC(2026, 10, 21, 15, 0, 0));
});

test('parseKst round-trips and refuses malformed or impossible dates', () => {
  assert.equal(parseKst('2026-11-22 00:30:05'), t0);
  for (const bad of [
    '2026-11-22T00:30:05',
    '2026-02-30 10:00:00',
    '2026-11-22 24:00:00',
    '2026-1-2 10:00:00',
    '',
  ]) {
    assert.equal(parseKst(bad), null, bad);
  }
  assert.equal(parseKstDate('20261122'), Date.UTC(2026, 10, 21, 15));
  assert.equal(parseKstDate('20261340'), null);
});

test('parseClientTime takes an offset ISO string, a bare ISO (Korea) or the spec format', () => {
  assert.equal(parseClientTime('2026-11-21T15:30:05Z'), t0);
  assert.equal(parseClientTime('2026-11-22T00:30:05+09:00'), t0);
  assert.equal(parseClientTime('2026-11-22T00:30:05'), t0);
  assert.equal(parseClientTime('2026-11-22 00:30:05'), t0);
  assert.equal(parseClientTime('yesterday'), null);
});

test('the manual clock moves only when told, and tells its listeners', () => {
  const c = new ManualClock(1000);
  const seen: number[] = [];
  const off = c.onChange((n) => seen.push(n));
  assert.equal(c.now(), 1000);
  c.advance(500);
  c.set(200);
  c.set(200);
  off();
  c.advance(1);
  assert.deepEqual(seen, [1500, 200]);
  assert.equal(c.now(), 201);
});

test('the manual clock has no offset from the system time', () => {
  assert.equal(new ManualClock(1000).offsetMs, null);
});

test('the system clock is the system time, run ahead by its offset', () => {
  const plain = new SystemClock();
  assert.equal(plain.kind, 'system');
  assert.equal(plain.offsetMs, 0);
  let before = Date.now();
  let now = plain.now();
  assert.ok(now >= before && now <= Date.now());

  const ahead = new SystemClock(3_600_000);
  assert.equal(ahead.offsetMs, 3_600_000);
  before = Date.now();
  now = ahead.now();
  assert.ok(now >= before + 3_600_000 && now <= Date.now() + 3_600_000);
});

test('a move of the system clock tells its listeners the new time, once per change', () => {
  const c = new SystemClock();
  const seen: number[] = [];
  const off = c.onChange((n) => seen.push(n));
  const before = Date.now();
  c.setOffset(86_400_000);
  c.setOffset(86_400_000);
  assert.equal(seen.length, 1);
  assert.ok((seen[0] ?? 0) >= before + 86_400_000 && (seen[0] ?? 0) <= Date.now() + 86_400_000);
  off();
  c.setOffset(90_000_000);
  assert.equal(seen.length, 1, 'unsubscribed');
  assert.equal(c.offsetMs, 90_000_000);
});

test('the system clock takes only whole milliseconds >= 0 as its offset', () => {
  for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => new SystemClock(bad), RangeError, String(bad));
    assert.throws(() => new SystemClock().setOffset(bad), RangeError, String(bad));
  }
});
