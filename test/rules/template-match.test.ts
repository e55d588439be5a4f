import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesTemplate } from '../../src/rules/template-match.ts';

test('a text matches its template: same words, keywords standing for any value', () => {
  const tpl = '#{name}님, 주문 #{order}이 발송되었습니다.';
  assert.equal(matchesTemplate(tpl, tpl), true);
  assert.equal(matchesTemplate(tpl, '홍길동님, 주문 A-1이 발송되었습니다.'), true);
  assert.equal(matchesTemplate(tpl, '#{name}님, 주문 A-1이 발송되었습니다.'), true);
  assert.equal(matchesTemplate(tpl, '홍길동님, 주문 A-1이 취소되었습니다.'), false);
  assert.equal(matchesTemplate(tpl, '홍길동님, 주문 A-1이 발송되었습니다. 광고'), false);
});

test('plain templates match exactly, CRLF and LF alike; regex characters are literal', () => {
  assert.equal(matchesTemplate('a\nb', 'a\r\nb'), true);
  assert.equal(matchesTemplate('price (1.5$)', 'price (1.5$)'), true);
  assert.equal(matchesTemplate('price (1.5$)', 'price (105$)'), false);
  assert.equal(matchesTemplate('[#{a}] * #{b}', '[x] * y'), true);
});
