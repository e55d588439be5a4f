import type { OverviewReading } from './types.ts';

/** One point of a rate series: per second between two readings, at the later one's uptime. */
export interface RatePoint {
  at: number;
  accepted: number;
  delivered: number;
  failed: number;
}

/** What the page keeps between readings: the last reading and the points of the last minute. */
export interface RateHistory {
  last: OverviewReading | null;
  points: RatePoint[];
}

export const EMPTY_HISTORY: RateHistory = { last: null, points: [] };

/** The window the sparklines show. */
export const WINDOW_SECONDS = 60;

const delivered = (r: OverviewReading) => r.messages.final.delivered ?? 0;
const failed = (r: OverviewReading) => r.messages.final.failed ?? 0;

/**
 * Adds a reading. Rates are the counters' differences over the uptime between two readings
 * (so a late poll does not inflate them); an instance that restarted (uptime or a counter went
 * back) starts the history over. Readings of the same instant add nothing.
 */
export function addReading(h: RateHistory, r: OverviewReading): RateHistory {
  const prev = h.last;
  if (!prev) return { last: r, points: [] };
  const dt = r.instance.uptimeSeconds - prev.instance.uptimeSeconds;
  const restarted =
    dt < 0 ||
    r.messages.accepted < prev.messages.accepted ||
    delivered(r) < delivered(prev) ||
    failed(r) < failed(prev);
  if (restarted) return { last: r, points: [] };
  if (dt === 0) return h;
  const point: RatePoint = {
    at: r.instance.uptimeSeconds,
    accepted: (r.messages.accepted - prev.messages.accepted) / dt,
    delivered: (delivered(r) - delivered(prev)) / dt,
    failed: (failed(r) - failed(prev)) / dt,
  };
  const from = point.at - WINDOW_SECONDS;
  return { last: r, points: [...h.points.filter((p) => p.at > from), point] };
}
