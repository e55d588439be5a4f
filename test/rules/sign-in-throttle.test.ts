import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clientKey,
  FREE_FAILURES,
  MAX_WAIT_MS,
  SignInThrottle,
  WINDOW_MS,
} from '../../src/rules/sign-in-throttle.ts';

test('free tries, then each wrong try waits twice as long as the one before, up to the cap', () => {
  const th = new SignInThrottle();
  let now = 1_000_000;
  for (let i = 0; i < FREE_FAILURES; i++) {
    assert.equal(th.waitMs('a', now), 0);
    th.failed('a', now);
  }
  assert.equal(th.waitMs('a', now), 1000);
  assert.equal(th.waitMs('a', now + 400), 600);
  now += 1000;
  assert.equal(th.waitMs('a', now), 0);
  th.failed('a', now);
  assert.equal(th.waitMs('a', now), 2000);
  for (let i = 0; i < 20; i++) {
    now += th.waitMs('a', now);
    th.failed('a', now);
  }
  assert.equal(th.waitMs('a', now), MAX_WAIT_MS);
  assert.equal(th.waitMs('b', now), 0, 'another client is not held up');
});

test('a right token clears the count; old failures are forgotten after the window', () => {
  const th = new SignInThrottle();
  for (let i = 0; i < FREE_FAILURES; i++) th.failed('a', 0);
  assert.ok(th.waitMs('a', 0) > 0);
  th.succeeded('a');
  assert.equal(th.waitMs('a', 0), 0);
  for (let i = 0; i < FREE_FAILURES + 2; i++) th.failed('c', 0);
  assert.equal(th.waitMs('c', WINDOW_MS + 1), 0);
});

test('an IPv4 address counts alone; an IPv6 address counts with its /64', () => {
  assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
  assert.equal(clientKey('::ffff:203.0.113.7'), '::ffff:203.0.113.7');
  assert.equal(clientKey('2001:db8:0:12:1::7'), '2001:db8:0:12::/64');
  assert.equal(clientKey('2001:DB8:0:12:ffff:1:2:3'), '2001:db8:0:12::/64');
  assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
});
