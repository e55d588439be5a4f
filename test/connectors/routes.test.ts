import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RouteChannel, RouteConfig } from '../../src/connectors/config.ts';
import { ConnectorRegistry } from '../../src/connectors/registry.ts';
import { RouteTable } from '../../src/connectors/routes.ts';
import type { Channel, Connector } from '../../src/connectors/types.ts';

const sms = (connector: string, numbers: string[] | null = null): RouteConfig => ({
  channel: 'sms',
  connector,
  numbers,
});

const route = (channel: RouteChannel, connector: string, numbers: string[] | null = null): RouteConfig => ({
  channel,
  connector,
  numbers,
});

test('the first route whose prefixes match wins, in the order given', () => {
  const table = new RouteTable([sms('domestic', ['010', '011']), sms('korea-e164', ['8210']), sms('rest')]);
  assert.equal(table.match(['sms'], '01012345678'), 'domestic');
  assert.equal(table.match(['sms'], '01198765432'), 'domestic');
  assert.equal(table.match(['sms'], '821012345678'), 'korea-e164');
  assert.equal(table.match(['sms'], '14155550100'), 'rest');
  assert.equal(table.match(['sms'], '0212345678'), 'rest');
});

test('order decides between overlapping prefixes', () => {
  const longFirst = new RouteTable([sms('a', ['0101']), sms('b', ['010'])]);
  assert.equal(longFirst.match(['sms'], '01012345678'), 'a');
  assert.equal(longFirst.match(['sms'], '01099999999'), 'b');
  const catchAllFirst = new RouteTable([sms('a'), sms('b', ['010'])]);
  assert.equal(catchAllFirst.match(['sms'], '01012345678'), 'a');
});

test('no matching route, or another channel: null (the default connector)', () => {
  const table = new RouteTable([sms('a', ['010'])]);
  assert.equal(table.match(['sms'], '01112345678'), null);
  assert.equal(table.match(['mms'], '01012345678'), null);
  assert.equal(table.match(['rcs'], '01012345678'), null);
  assert.equal(new RouteTable([]).match(['sms'], '01012345678'), null);
});

test('a prefix longer than the number does not match', () => {
  const table = new RouteTable([sms('a', ['01012345678901'])]);
  assert.equal(table.match(['sms'], '01012345678'), null);
  assert.equal(table.match(['sms'], '01012345678901'), 'a');
});

test('several kinds: the first route in file order among them wins', () => {
  const lmsFirst = new RouteTable([route('lms', 'smsc'), route('mms', 'hq')]);
  assert.equal(lmsFirst.match(['lms', 'mms'], '01012345678'), 'smsc');
  assert.equal(lmsFirst.match(['mms'], '01012345678'), 'hq');
  const mmsFirst = new RouteTable([route('mms', 'hq', ['010']), route('lms', 'smsc')]);
  assert.equal(mmsFirst.match(['lms', 'mms'], '01012345678'), 'hq');
  assert.equal(mmsFirst.match(['lms', 'mms'], '01112345678'), 'smsc');
  assert.equal(mmsFirst.match(['mms'], '01112345678'), null);
  assert.equal(mmsFirst.match([], '01012345678'), null);
});

test('a prefix of one kind before a catch-all of another: order still decides', () => {
  const table = new RouteTable([route('lms', 'a', ['011']), route('mms', 'b'), route('lms', 'c', ['010'])]);
  assert.equal(table.match(['lms', 'mms'], '01112345678'), 'a');
  assert.equal(table.match(['lms', 'mms'], '01012345678'), 'b');
});

describe('ConnectorRegistry.route', () => {
  const fake = (name: string, channels: readonly Channel[]): Connector => ({
    name,
    channels,
    pace: { perSecond: null, window: 1 },
    submit: async () => [],
  });
  const sandbox = fake('sandbox', ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage']);
  const registry = new ConnectorRegistry();
  registry.add(sandbox);
  registry.add(fake('smsc', ['sms', 'mms']), false);
  registry.add(fake('hq', ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage']), false);
  registry.setRoutes(
    new RouteTable([
      route('sms', 'smsc'),
      route('lms', 'smsc'),
      route('mms', 'hq'),
      route('rcs', 'hq', ['010']),
      route('brandmessage', 'hq'),
    ]),
  );
  const to = '01012345678';

  test('LM takes the lms route, MM the mms route after it', () => {
    assert.equal(registry.route('mms', to, 'LM')?.name, 'smsc');
    assert.equal(registry.route('mms', to, 'MM')?.name, 'hq');
    assert.equal(registry.route('sms', to, 'SM')?.name, 'smsc');
  });

  test('the other channels take their own routes, and the default where none matches', () => {
    assert.equal(registry.route('rcs', to, 'SMS')?.name, 'hq');
    assert.equal(registry.route('rcs', '0212345678', 'SMS')?.name, 'sandbox');
    assert.equal(registry.route('brandmessage', to, 'FT')?.name, 'hq');
    assert.equal(registry.route('infomsg', to, 'AT')?.name, 'sandbox');
  });

  test('an mms route before the lms route takes LM too', () => {
    const r = new ConnectorRegistry();
    r.add(sandbox);
    r.add(fake('smsc', ['sms', 'mms']), false);
    r.add(fake('hq', ['mms']), false);
    r.setRoutes(new RouteTable([route('mms', 'hq', ['010']), route('lms', 'smsc')]));
    assert.equal(r.route('mms', to, 'LM')?.name, 'hq');
    assert.equal(r.route('mms', '01112345678', 'LM')?.name, 'smsc');
    assert.equal(r.route('mms', '01112345678', 'MM')?.name, 'sandbox');
  });
});
