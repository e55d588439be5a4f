import assert from 'node:assert/strict';
import { test } from 'node:test';
import { euckrBytes, fitsBytes, MMS_MAX_BYTES, SMS_MAX_BYTES } from '../../src/rules/bytes.ts';

test('limits are the spec values', () => {
  assert.equal(SMS_MAX_BYTES, 90);
  assert.equal(MMS_MAX_BYTES, 2000);
});

test('ASCII counts 1 per character, including controls and DEL', () => {
  assert.equal(euckrBytes(''), 0);
  assert.equal(euckrBytes('hello'), 5);
  assert.equal(euckrBytes('\n\t\u0000\u007f'), 4);
});

test('Korean and other non-ASCII characters count 2', () => {
  assert.equal(euckrBytes('안녕'), 4);
  assert.equal(euckrBytes('가a나b'), 6);
  assert.equal(euckrBytes('é'), 2);
  assert.equal(euckrBytes('\u0080'), 2);
  assert.equal(euckrBytes('\u00a0'), 2);
});

test('an emoji is one character (a surrogate pair), 2 bytes; a lone surrogate counts 2', () => {
  assert.equal(euckrBytes('😀'), 2);
  assert.equal(euckrBytes('a😀b'), 4);
  assert.equal(euckrBytes('😀😀'), 4);
  assert.equal(euckrBytes('\ud83d'), 2);
  assert.equal(euckrBytes('\ude00x'), 3);
  assert.equal(euckrBytes('\ud83dx'), 3);
});

test('boundaries: 90 ASCII fits an SMS, 91 does not; 45 Korean characters are exactly 90', () => {
  assert.equal(euckrBytes('a'.repeat(90)), 90);
  assert.equal(euckrBytes('가'.repeat(45)), 90);
  assert.equal(euckrBytes(`${'가'.repeat(44)}a`), 89);
  assert.equal(euckrBytes(`${'가'.repeat(45)}a`), 91);
  assert.equal(fitsBytes('a'.repeat(90), SMS_MAX_BYTES), true);
  assert.equal(fitsBytes('a'.repeat(91), SMS_MAX_BYTES), false);
  assert.equal(fitsBytes('가'.repeat(45), SMS_MAX_BYTES), true);
  assert.equal(fitsBytes(`${'가'.repeat(45)}a`, SMS_MAX_BYTES), false);
  assert.equal(fitsBytes('😀'.repeat(45), SMS_MAX_BYTES), true);
  assert.equal(fitsBytes('😀'.repeat(46), SMS_MAX_BYTES), false);
  assert.equal(fitsBytes('가'.repeat(1000), MMS_MAX_BYTES), true);
  assert.equal(fitsBytes('가'.repeat(1001), MMS_MAX_BYTES), false);
});

test('fitsBytes agrees with euckrBytes on mixed texts', () => {
  const pieces = ['a', '가', '😀', ' ', '\ud83d', 'é'];
  let seed = 7;
  for (let n = 0; n < 500; n++) {
    let s = '';
    const len = n % 60;
    for (let i = 0; i < len; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      s += pieces[seed % pieces.length];
    }
    for (const max of [0, 10, 45, 60, 90]) {
      assert.equal(fitsBytes(s, max), euckrBytes(s) <= max, JSON.stringify({ s, max }));
    }
  }
});
