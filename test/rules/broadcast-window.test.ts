import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatKst, parseKst } from '../../src/clock.ts';
import { estimateFinish, inSendWindow, nextWindowOpen } from '../../src/rules/broadcast-window.ts';

const at = (s: string) => parseKst(s) ?? Number.NaN;

test('the window is 08:00 to 20:50 Korea time, end excluded', () => {
  assert.equal(inSendWindow(at('2026-11-23 07:59:59')), false);
  assert.equal(inSendWindow(at('2026-11-23 08:00:00')), true);
  assert.equal(inSendWindow(at('2026-11-23 20:49:59')), true);
  assert.equal(inSendWindow(at('2026-11-23 20:50:00')), false);
  assert.equal(formatKst(nextWindowOpen(at('2026-11-23 21:00:00'))), '2026-11-24 08:00:00');
  assert.equal(formatKst(nextWindowOpen(at('2026-11-23 03:00:00'))), '2026-11-23 08:00:00');
  assert.equal(formatKst(nextWindowOpen(at('2026-11-23 12:00:00'))), '2026-11-23 12:00:00');
});

test('an estimate pauses from 20:50 to 08:00', () => {
  // 1000 at 100/s: 10 seconds.
  assert.equal(formatKst(estimateFinish(at('2026-11-23 10:00:00'), 1000, 100)), '2026-11-23 10:00:10');
  // 5 seconds before the stop, 5 seconds after 08:00 the next day.
  assert.equal(formatKst(estimateFinish(at('2026-11-23 20:49:55'), 1000, 100)), '2026-11-24 08:00:05');
  // Starting in the night waits for 08:00.
  assert.equal(formatKst(estimateFinish(at('2026-11-23 23:00:00'), 250, 100)), '2026-11-24 08:00:03');
  // More than a window: 12h50m = 46,200 s of 1/s, then 10 more seconds.
  assert.equal(formatKst(estimateFinish(at('2026-11-23 08:00:00'), 46_210, 1)), '2026-11-24 08:00:10');
  assert.equal(estimateFinish(at('2026-11-23 08:00:00'), 0, 100), at('2026-11-23 08:00:00'));
});
