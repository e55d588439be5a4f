import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileTemplate } from '../../src/rules/substitution.ts';

test('a text without #{ renders to the very same string', () => {
  const text = '안녕하세요, 주문이 접수되었습니다.';
  const t = compileTemplate(text);
  assert.equal(t.hasKeys, false);
  assert.deepEqual(t.keys, []);
  assert.equal(t.render({ a: 'b' }), text);
  assert.equal(t.render(undefined), text);
  assert.deepEqual(t.missing(undefined), []);
});

test('keywords are replaced per recipient', () => {
  const t = compileTemplate('#{name}님, 주문 #{order}이 #{status}.');
  assert.equal(t.hasKeys, true);
  assert.deepEqual(t.keys, ['name', 'order', 'status']);
  assert.equal(t.render({ name: '홍길동', order: 'A-1', status: '출발' }), '홍길동님, 주문 A-1이 출발.');
  assert.equal(t.render({ name: 'Kim', order: '2', status: 'done' }), 'Kim님, 주문 2이 done.');
});

test('a repeated key is listed once and replaced everywhere', () => {
  const t = compileTemplate('#{a}-#{b}-#{a}');
  assert.deepEqual(t.keys, ['a', 'b']);
  assert.equal(t.render({ a: '1', b: '2' }), '1-2-1');
});

test('a keyword without a value stays as written, and missing() names it', () => {
  const t = compileTemplate('Hi #{name}, code #{code} (#{name})');
  assert.equal(t.render({ name: 'Lee' }), 'Hi Lee, code #{code} (Lee)');
  assert.equal(t.render(undefined), 'Hi #{name}, code #{code} (#{name})');
  assert.deepEqual(t.missing({ name: 'Lee' }), ['code']);
  assert.deepEqual(t.missing(undefined), ['name', 'code']);
  assert.deepEqual(t.missing({ name: '', code: '1' }), []);
  assert.equal(t.render({ name: '', code: '1' }), 'Hi , code 1 ()');
});

test('keys are exact: whitespace is part of the key', () => {
  const t = compileTemplate('#{ name }/#{name}');
  assert.deepEqual(t.keys, [' name ', 'name']);
  assert.equal(t.render({ name: 'x' }), '#{ name }/x');
  assert.equal(t.render({ ' name ': 'y', name: 'x' }), 'y/x');
});

test('inherited properties are not values', () => {
  const t = compileTemplate('#{constructor} #{toString} #{__proto__}');
  assert.equal(t.render({}), '#{constructor} #{toString} #{__proto__}');
  assert.deepEqual(t.missing({}), ['constructor', 'toString', '__proto__']);
  const values: Record<string, string> = JSON.parse('{"__proto__": "p"}');
  assert.equal(compileTemplate('#{__proto__}').render(values), 'p');
});

test('#{ without } and #{} are literal text; a second #{ restarts the keyword', () => {
  assert.equal(compileTemplate('price #{a').hasKeys, false);
  assert.equal(compileTemplate('price #{a').render({ a: '1' }), 'price #{a');
  assert.equal(compileTemplate('#{}').hasKeys, false);
  assert.equal(compileTemplate('#{} and #{x}').render({ x: '1', '': 'e' }), '#{} and 1');
  const t = compileTemplate('#{a #{b} c} #{d');
  assert.deepEqual(t.keys, ['b']);
  assert.equal(t.render({ b: 'B' }), '#{a B c} #{d');
  assert.equal(compileTemplate('# {a} #a} {a}').hasKeys, false);
  assert.equal(compileTemplate('##{a}}').render({ a: '1' }), '#1}');
});

test('a keyword at the very start and end; adjacent keywords; values are not substituted again', () => {
  const t = compileTemplate('#{a}#{b}');
  assert.equal(t.render({ a: '#{b}', b: '2' }), '#{b}2');
  assert.equal(compileTemplate('#{x}').render({ x: '' }), '');
  assert.deepEqual(compileTemplate('#{숫자1}').keys, ['숫자1']);
  assert.equal(compileTemplate('금액 #{amount}원').render({ amount: '10,000' }), '금액 10,000원');
});

test('the text is kept as given', () => {
  assert.equal(compileTemplate('a #{b} c').text, 'a #{b} c');
});
