import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RouteConfig } from '../../src/connectors/config.ts';
import { RouteTable } from '../../src/connectors/routes.ts';

const sms = (connector: string, numbers: string[] | null = null): RouteConfig => ({
  channel: 'sms',
  connector,
  numbers,
});

test('the first route whose prefixes match wins, in the order given', () => {
  const table = new RouteTable([sms('domestic', ['010', '011']), sms('korea-e164', ['8210']), sms('rest')]);
  assert.equal(table.match('sms', '01012345678'), 'domestic');
  assert.equal(table.match('sms', '01198765432'), 'domestic');
  assert.equal(table.match('sms', '821012345678'), 'korea-e164');
  assert.equal(table.match('sms', '14155550100'), 'rest');
  assert.equal(table.match('sms', '0212345678'), 'rest');
});

test('order decides between overlapping prefixes', () => {
  const longFirst = new RouteTable([sms('a', ['0101']), sms('b', ['010'])]);
  assert.equal(longFirst.match('sms', '01012345678'), 'a');
  assert.equal(longFirst.match('sms', '01099999999'), 'b');
  const catchAllFirst = new RouteTable([sms('a'), sms('b', ['010'])]);
  assert.equal(catchAllFirst.match('sms', '01012345678'), 'a');
});

test('no matching route, or another channel: null (the default connector)', () => {
  const table = new RouteTable([sms('a', ['010'])]);
  assert.equal(table.match('sms', '01112345678'), null);
  assert.equal(table.match('mms', '01012345678'), null);
  assert.equal(table.match('rcs', '01012345678'), null);
  assert.equal(new RouteTable([]).match('sms', '01012345678'), null);
});

test('a prefix longer than the number does not match', () => {
  const table = new RouteTable([sms('a', ['01012345678901'])]);
  assert.equal(table.match('sms', '01012345678'), null);
  assert.equal(table.match('sms', '01012345678901'), 'a');
});
