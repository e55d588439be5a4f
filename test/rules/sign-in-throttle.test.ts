import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clientKey,
  FIRST_HOLD_MS,
  FREE_FAILURES,
  GLOBAL_CEILING,
  GLOBAL_WINDOW_MS,
  MAX_HOLD_MS,
  SignInThrottle,
  WINDOW_MS,
} from '../../src/rules/sign-in-throttle.ts';

test('free wrong tries answered at once, then each held twice as long as the last, up to the cap', () => {
  const th = new SignInThrottle();
  const now = 1_000_000;
  for (let i = 0; i < FREE_FAILURES; i++) assert.equal(th.failed('a', now + i * 1000), 0);
  assert.equal(th.failed('a', now + 10_000), FIRST_HOLD_MS);
  assert.equal(th.failed('a', now + 20_000), FIRST_HOLD_MS * 2);
  assert.equal(th.failed('a', now + 30_000), FIRST_HOLD_MS * 4);
  let last = 0;
  for (let i = 0; i < 10; i++) last = th.failed('a', now + 40_000 + i * 1000);
  assert.equal(last, MAX_HOLD_MS, 'bounded: a hold, never a lock');
  assert.equal(th.failed('b', now + 60_000), 0, 'another client is not held up');
});

test('a right token clears the count; old failures are forgotten after the window', () => {
  const th = new SignInThrottle();
  for (let i = 0; i < FREE_FAILURES; i++) th.failed('a', i);
  th.succeeded('a');
  assert.equal(th.failed('a', 10), 0);
  for (let i = 0; i < FREE_FAILURES + 2; i++) th.failed('c', i);
  assert.equal(th.failed('c', WINDOW_MS + 100), 0);
});

test('past the global ceiling every wrong answer is held the most, whoever sends it; it passes with the window', () => {
  const th = new SignInThrottle();
  // Many addresses, one wrong try each: none gets past its free tries, together they do.
  for (let i = 0; i < GLOBAL_CEILING; i++) assert.equal(th.failed(`10.0.${i >> 8}.${i & 255}`, 1000 + i), 0);
  assert.equal(th.failed('10.1.0.1', 2000), MAX_HOLD_MS);
  assert.equal(th.failed('10.1.0.2', 2001), MAX_HOLD_MS);
  assert.equal(th.failed('10.1.0.3', 2001 + GLOBAL_WINDOW_MS + 1), 0, 'a minute later, back to normal');
});

test('an IPv4 address counts alone; an IPv6 address counts with its /64', () => {
  assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
  assert.equal(clientKey('::ffff:203.0.113.7'), '::ffff:203.0.113.7');
  assert.equal(clientKey('2001:db8:0:12:1::7'), '2001:db8:0:12::/64');
  assert.equal(clientKey('2001:DB8:0:12:ffff:1:2:3'), '2001:db8:0:12::/64');
  assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
});
