import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { cappedJson, cappedText, MASK } from '../../src/rules/capped-json.ts';
import { RecordBound } from '../../src/rules/record-bound.ts';

/* The pure parts of the refused-request record: the capped, masked JSON, the bound, the settings. */

test('cappedJson: whole values are their JSON, with secret fields masked at any depth', () => {
  const v = {
    to: '01012345678',
    authNumber: '391732',
    n: 1,
    ok: true,
    no: null,
    list: [1, 'a', { token: 'x' }],
  };
  const out = cappedJson(v, 1000);
  assert.equal(out.truncated, false);
  assert.deepEqual(JSON.parse(out.text), { ...v, authNumber: MASK, list: [1, 'a', { token: MASK }] });
  assert.deepEqual(JSON.parse(cappedJson({ a: { b: { Password: 'p', AUTHNUMBER: 123456 } } }, 1000).text), {
    a: { b: { Password: MASK, AUTHNUMBER: MASK } },
  });
  assert.equal(cappedJson({ a: undefined, b: Number.NaN }, 100).text, '{"b":null}');
});

test('cappedJson: past the cap, the beginning of the JSON, marked truncated', () => {
  const big = { destinations: Array.from({ length: 1000 }, (_, i) => ({ to: `0101234${i}` })) };
  const out = cappedJson(big, 256);
  assert.equal(out.truncated, true);
  assert.equal(out.text.length, 256);
  assert.ok(JSON.stringify(big).startsWith(out.text));
  const long = cappedJson({ text: 'x'.repeat(5_000_000) }, 100);
  assert.equal(long.truncated, true);
  assert.equal(long.text.length, 100);
  assert.ok(long.text.startsWith('{"text":"xxx'));
  // Exactly at the cap is whole.
  const exact = JSON.stringify({ a: 'bcd' });
  assert.deepEqual(cappedJson({ a: 'bcd' }, exact.length), { text: exact, truncated: false });
  let deep: unknown = 1;
  for (let i = 0; i < 100; i++) deep = [deep];
  assert.equal(cappedJson(deep, 10_000).truncated, true);
});

test('cappedText: text that was not JSON is cut and what reads as a secret field masked', () => {
  assert.deepEqual(cappedText('{"to":"0101","authNumber" : "391732", "x":', 100), {
    text: `{"to":"0101","authNumber" : "${MASK}", "x":`,
    truncated: false,
  });
  assert.equal(cappedText('{"authNumber":391732}', 100).text, `{"authNumber":"${MASK}"}`);
  assert.equal(cappedText('{"authNumber":"3917', 100).text, `{"authNumber":"${MASK}"`);
  assert.deepEqual(cappedText('abcdef', 3), { text: 'abc', truncated: true });
});

test('RecordBound: rows a second in all, half per source and half for unknown keys; bytes', () => {
  const b = new RecordBound(4, 100);
  const at = 5_000_000;
  assert.equal(b.admit('ip a', true, at), true);
  assert.equal(b.admit('ip b', true, at + 1), true);
  assert.equal(b.admit('ip c', true, at + 2), false, 'unknown keys: half of the second');
  assert.equal(b.admit('acc1', false, at + 3), true);
  assert.equal(b.admit('acc2', false, at + 4), true);
  assert.equal(b.admit('acc3', false, at + 5), false, 'the second is full');
  assert.equal(b.admit('acc1', false, at + 1000), true, 'a new second');
  assert.equal(b.admit('acc1', false, at + 1001), true);
  assert.equal(b.admit('acc1', false, at + 1002), false, 'one source: half');
  assert.equal(b.bytesLeft(at + 1003), 100);
  b.takeBytes(70, at + 1003);
  assert.equal(b.bytesLeft(at + 1004), 30);
  assert.equal(b.bytesLeft(at + 2000), 100);
  assert.equal(new RecordBound(0, 100).admit('acc1', false, at), false, '0 records none');
});

test('configuration: OMNIGATE_RETENTION_REFUSED_HOURS (24; 0 for good) and OMNIGATE_REFUSED_PER_SECOND (20)', () => {
  const d = loadConfig({});
  assert.equal(d.retention.refusedHours, 24);
  assert.equal(d.refusedPerSecond, 20);
  const c = loadConfig({ OMNIGATE_RETENTION_REFUSED_HOURS: '0', OMNIGATE_REFUSED_PER_SECOND: '0' });
  assert.equal(c.retention.refusedHours, 0);
  assert.equal(c.refusedPerSecond, 0);
  assert.throws(
    () => loadConfig({ OMNIGATE_RETENTION_REFUSED_HOURS: '-1' }),
    /OMNIGATE_RETENTION_REFUSED_HOURS/,
  );
  assert.throws(
    () => loadConfig({ OMNIGATE_RETENTION_REFUSED_HOURS: '87601' }),
    /OMNIGATE_RETENTION_REFUSED_HOURS/,
  );
  assert.throws(() => loadConfig({ OMNIGATE_REFUSED_PER_SECOND: 'many' }), /OMNIGATE_REFUSED_PER_SECOND/);
});
