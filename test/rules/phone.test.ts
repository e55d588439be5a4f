import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyNumber, isInternational, normalizeRecipient } from '../../src/rules/phone.ts';

test('domestic mobile numbers', () => {
  for (const n of [
    '01012345678',
    '0101234567',
    '0111234567',
    '01112345678',
    '0161234567',
    '01712345678',
    '0181234567',
    '0191234567',
  ]) {
    assert.deepEqual(classifyNumber(n), { kind: 'domestic', number: n }, n);
  }
});

test('domestic landline, VoIP, personal, toll-free and representative numbers', () => {
  for (const n of [
    '021234567',
    '0212345678',
    '0311234567',
    '03112345678',
    '0641234567',
    '07012345678',
    '050512345678',
    '0801234567',
    '15881234',
    '16441234',
    '18001234',
  ]) {
    assert.equal(classifyNumber(n)?.kind, 'domestic', n);
  }
});

test('malformed numbers are null', () => {
  for (const n of [
    '',
    '010',
    '010123456', // 6 digits after 010
    '010123456789', // 9 digits after 010
    '010-1234-5678',
    '+821012345678',
    '+14155550123',
    '0101234567a',
    ' 01012345678',
    '01012345678 ',
    '０１０１２３４５６７８', // full-width digits
    '01212345678', // 012 is not a mobile prefix
    '0071234567', // international dialling prefix, not E.164
    '0012345678901',
    '1588123', // representative, 7 digits
    '1234567', // too short for E.164
    '1234567890123456', // 16 digits
    '0701234567', // 070 needs 8 digits
  ]) {
    assert.equal(classifyNumber(n), null, JSON.stringify(n));
    assert.equal(normalizeRecipient(n), null, JSON.stringify(n));
    assert.equal(isInternational(n), false, JSON.stringify(n));
  }
});

test('international: E.164 digits without +, 8 to 15 digits, not Korea', () => {
  for (const n of [
    '14155550123',
    '819012345678',
    '8613812345678',
    '12345678',
    '123456789012345',
    '447911123456',
  ]) {
    assert.deepEqual(classifyNumber(n), { kind: 'international', number: n }, n);
    assert.equal(isInternational(n), true, n);
    assert.equal(normalizeRecipient(n), n);
  }
});

test('Korean E.164 numbers are domestic, normalised to the 0 form', () => {
  assert.deepEqual(classifyNumber('821012345678'), { kind: 'domestic', number: '01012345678' });
  assert.deepEqual(classifyNumber('8201012345678'), { kind: 'domestic', number: '01012345678' });
  assert.equal(normalizeRecipient('82212345678'), '0212345678');
  assert.equal(isInternational('821012345678'), false);
  // 82 followed by something that is no Korean number is malformed, not international.
  assert.equal(classifyNumber('8299999999'), null);
  assert.equal(classifyNumber('82123456'), null);
});

test('a domestic number is returned unchanged', () => {
  const n = '01099998888';
  assert.equal(normalizeRecipient(n), n);
});
