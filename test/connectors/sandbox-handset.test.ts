import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ACTIVE_WINDOW_MS,
  decide,
  defaultCarrier,
  type HandsetSettings,
  isActiveUser,
  resolveHandset,
} from '../../src/connectors/sandbox/handset.ts';
import { parseSettings, settingsToJson } from '../../src/connectors/sandbox/settings.ts';
import type { OutboundMessage } from '../../src/connectors/types.ts';
import { brand, HOUR, msg, PHONE, push, T } from './sandbox-fixtures.ts';

const on = (s: HandsetSettings | undefined, m: OutboundMessage) =>
  decide(resolveHandset(m.to, s, m.submittedAt), m);
const codeOf = (s: HandsetSettings | undefined, m: OutboundMessage) => {
  const d = on(s, m);
  return d.delivered ? '10000' : d.code;
};

describe('sandbox handset rules (pure)', () => {
  test('an unknown number is reachable, RCS on both, an active app user, friend of all', () => {
    const h = resolveHandset(PHONE, undefined, T);
    assert.deepEqual(h, {
      carrier: 'SKT',
      reachable: true,
      rcs: { unified: true, android: true },
      appUser: { connected: true, lastActiveAt: T, signedUpAt: T - 365 * 24 * HOUR },
      friendOf: null,
      fail: {},
      receiptDelaySeconds: 0,
    });
    for (const m of [msg(), push(), brand({}), msg({ channel: 'rcs', msgType: 'RS' })]) {
      assert.deepEqual(on(undefined, m), { delivered: true, payload: m.payload, receiptAfterMs: 0 });
    }
  });

  test('the default carrier is stable per number', () => {
    assert.equal(defaultCarrier('01012345670'), 'SKT');
    assert.equal(defaultCarrier('01012345675'), 'KT');
    assert.equal(defaultCarrier('01012345679'), 'LGU+');
    assert.equal(defaultCarrier('01012345679'), defaultCarrier('01012345679'));
  });

  test('unreachable fails every channel with 30001; fail[channel] with its code, only that channel', () => {
    assert.deepEqual(on({ reachable: false }, msg()), {
      delivered: false,
      code: '30001',
      text: 'Handset unreachable',
    });
    assert.deepEqual(on({ fail: { sms: '23003' } }, msg()), {
      delivered: false,
      code: '23003',
      text: 'Failed by sandbox handset setting',
    });
    assert.equal(codeOf({ fail: { sms: '23003' } }, msg({ channel: 'mms', msgType: 'LM' })), '10000');
    // Unreachable is checked first.
    assert.equal(codeOf({ reachable: false, fail: { sms: '23003' } }, msg()), '30001');
  });

  test('RCS: none or neither kind fails 30002; unified-only drops header, footer and copyAllowed', () => {
    const payload = { body: { title: 't' }, header: '(ad)', footer: 'opt-out 080', copyAllowed: true };
    const rcs = msg({ channel: 'rcs', msgType: 'RS', payload });
    assert.deepEqual(on({ rcs: false }, rcs), { delivered: false, code: '30002', text: 'Not an RCS device' });
    assert.equal(codeOf({ rcs: { unified: false, android: false } }, rcs), '30002');
    const unified = on({ rcs: { unified: true, android: false } }, rcs);
    assert.ok(unified.delivered);
    assert.deepEqual(unified.payload, { body: { title: 't' } });
    const android = on({ rcs: { unified: false, android: true } }, rcs);
    assert.ok(android.delivered);
    assert.deepEqual(android.payload, payload);
    // Other channels do not need RCS.
    assert.equal(codeOf({ rcs: false }, msg()), '10000');
  });

  test('push needs an active user: 168 h window inclusive, connected, not signed up that KST day', () => {
    const user = (u: Partial<{ connected: boolean; lastActiveAt: number; signedUpAt: number }>) => ({
      appUser: { connected: true, lastActiveAt: T, signedUpAt: T - 30 * 24 * HOUR, ...u },
    });
    assert.equal(codeOf(user({ lastActiveAt: T - ACTIVE_WINDOW_MS }), push()), '10000');
    assert.deepEqual(on(user({ lastActiveAt: T - ACTIVE_WINDOW_MS - 1000 }), push()), {
      delivered: false,
      code: '30003',
      text: 'NoSendAvailableException',
    });
    assert.equal(codeOf(user({ connected: false }), push()), '30003');
    assert.equal(codeOf({ appUser: null }, push()), '30003');
    // The send is 2026-03-10 12:00 KST; that Korean day began 2026-03-09 15:00 UTC.
    const kstMidnight = Date.UTC(2026, 2, 9, 15, 0, 0);
    assert.equal(codeOf(user({ signedUpAt: kstMidnight }), push()), '30003');
    assert.equal(codeOf(user({ signedUpAt: kstMidnight - 1000 }), push()), '10000');
    // Signed up after the send: not yet a user.
    assert.equal(codeOf(user({ signedUpAt: T + 48 * HOUR }), push()), '30003');
    // responseMethod push is the default; brand messages follow the same rule.
    assert.equal(codeOf(user({ connected: false }), push({ payload: { responseMethod: 'push' } })), '30003');
    assert.equal(codeOf({ appUser: null }, brand({})), '30003');
    assert.equal(isActiveUser(null, T), false);
  });

  test('push is delivered at once even when the handset delays receipts; polling waits for it', () => {
    const slow: HandsetSettings = { receiptDelaySeconds: 30 };
    assert.deepEqual(on(slow, push()), { delivered: true, payload: push().payload, receiptAfterMs: 0 });
    const polling = push({ payload: { responseMethod: 'polling' } });
    const d = on(slow, polling);
    assert.ok(d.delivered);
    assert.equal(d.receiptAfterMs, 30_000);
    assert.deepEqual(on(slow, msg()), { delivered: true, payload: msg().payload, receiptAfterMs: 30_000 });
  });

  test('polling: a non-user fails 30003, an inactive user still gets it', () => {
    const polling = push({ payload: { responseMethod: 'polling' } });
    assert.equal(codeOf({ appUser: null }, polling), '30003');
    const inactive = { appUser: { connected: false, lastActiveAt: T - 1000 * HOUR, signedUpAt: T } };
    assert.equal(codeOf(inactive, polling), '10000');
  });

  test('brand messages with targeting I (or none) need a friend; M, N, O do not', () => {
    const friends: HandsetSettings = { friendOf: ['SK1'] };
    assert.equal(codeOf(friends, brand({})), '10000');
    assert.equal(codeOf(friends, brand({ targeting: 'I' })), '10000');
    assert.deepEqual(on(friends, brand({ senderKey: 'SK2' })), {
      delivered: false,
      code: '30004',
      text: 'Not a friend of the sender profile',
    });
    assert.equal(codeOf({ friendOf: [] }, brand({ targeting: 'I' })), '30004');
    for (const targeting of ['M', 'N', 'O'])
      assert.equal(codeOf({ friendOf: [] }, brand({ targeting })), '10000');
    // Friendship is a brand message rule only.
    assert.equal(codeOf({ friendOf: [] }, push()), '10000');
  });

  test('stored settings read back; malformed fields fall back to the defaults', () => {
    const s: HandsetSettings = {
      carrier: 'KT',
      reachable: false,
      rcs: false,
      appUser: { connected: false, lastActiveAt: T },
      friendOf: ['A'],
      fail: { mms: '4000' },
      receiptDelaySeconds: 2.5,
    };
    assert.deepEqual(parseSettings(settingsToJson(s)), s);
    assert.deepEqual(parseSettings('{"carrier":5,"rcs":{"unified":1},"fail":{"fax":"1"},"appUser":null}'), {
      fail: {},
      appUser: null,
    });
    assert.deepEqual(parseSettings('not json'), {});
  });
});
