import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isAdvertising } from '../../src/rules/advertising.ts';

test('a text starting with (광고) is advertising, after leading whitespace', () => {
  for (const t of [
    '(광고)',
    '(광고) 봄 세일',
    '(광고)봄 세일',
    '  (광고) x',
    '\n\t(광고)x',
    '\u00a0(광고)',
    '\u3000(광고)',
    '\ufeff(광고)',
  ]) {
    assert.equal(isAdvertising(t), true, JSON.stringify(t));
  }
});

test('anything else is not', () => {
  for (const t of [
    '',
    ' ',
    '광고',
    '(광 고) x',
    '[광고] x',
    '（광고） x',
    '봄 세일 (광고)',
    'x(광고)',
    '(광고',
    '(AD) sale',
  ]) {
    assert.equal(isAdvertising(t), false, JSON.stringify(t));
  }
});
