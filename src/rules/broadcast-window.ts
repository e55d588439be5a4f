import { DAY_MS, kstDayStart } from '../clock.ts';

/**
 * When a brand message broadcast may send: 08:00 to 20:50 Korea time (spec, Limits). Outside the
 * window a broadcast stops by itself and goes on at the next 08:00. Pure: times are epoch ms.
 */
export const WINDOW_START_MS = 8 * 3600_000;
export const WINDOW_END_MS = 20 * 3600_000 + 50 * 60_000;

export function inSendWindow(ms: number): boolean {
  const t = ms - kstDayStart(ms);
  return t >= WINDOW_START_MS && t < WINDOW_END_MS;
}

/** The end (20:50) of the window `ms` is in, or of that Korea-time day. */
export function windowEnd(ms: number): number {
  return kstDayStart(ms) + WINDOW_END_MS;
}

/** `ms` itself when inside the window, else the next 08:00 Korea time. */
export function nextWindowOpen(ms: number): number {
  if (inSendWindow(ms)) return ms;
  const day = kstDayStart(ms);
  return ms < day + WINDOW_START_MS ? day + WINDOW_START_MS : day + DAY_MS + WINDOW_START_MS;
}

/**
 * When a broadcast of `count` messages starting at `start` finishes at `tps` messages a second:
 * whole seconds of sending, paused from 20:50 to 08:00 (the estimate and the pacing agree: a
 * second's worth goes out at the start of each second).
 */
export function estimateFinish(start: number, count: number, tps: number): number {
  if (count <= 0) return start;
  let remaining = count;
  let t = nextWindowOpen(start);
  for (;;) {
    const secondsLeft = Math.floor((windowEnd(t) - t) / 1000);
    const need = Math.ceil(remaining / tps);
    if (need <= secondsLeft) return t + need * 1000;
    remaining -= secondsLeft * tps;
    t = nextWindowOpen(windowEnd(t));
  }
}
