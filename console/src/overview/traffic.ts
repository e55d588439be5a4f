import { kst } from '../format.ts';
import type { TrafficReading } from './types.ts';

/*
 * The overview's traffic window, kept across polls: the first reading brings the whole 15
 * minutes, each later one only the seconds after the last (trafficSince), which are appended here.
 */

export const SERIES = ['accepted', 'delivered', 'failed'] as const;
export type SeriesName = (typeof SERIES)[number];
export const SERIES_LABEL: Record<SeriesName, string> = {
  accepted: 'Accepted',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** `HH:mm:ss` (Korea time) of a Unix second. */
export const clock = (second: number) => kst(second * 1000).slice(11);

/**
 * Seconds of a whole window: the gateway's TRAFFIC_WINDOW_SECONDS (not imported: its module would
 * bring the schema library into the console's script).
 */
export const TRAFFIC_WINDOW_SECONDS = 900;

/**
 * The window after an answer. An answer that starts right after what is kept is appended (the
 * oldest seconds falling out); any other is the whole window of the instance that answered (the
 * first reading, a restarted instance, a poll that came too late) and replaces what is kept. A late
 * answer to an older question (it ends before what is kept) changes nothing.
 */
export function mergeTraffic(kept: TrafficReading | null, answer: TrafficReading): TrafficReading {
  if (kept && answer.from === kept.until + 1) {
    if (answer.until < answer.from) return kept;
    const drop = Math.max(0, kept.accepted.length + answer.accepted.length - TRAFFIC_WINDOW_SECONDS);
    const join = (name: SeriesName) => [...kept[name], ...answer[name]].slice(drop);
    return {
      from: kept.from + drop,
      until: answer.until,
      accepted: join('accepted'),
      delivered: join('delivered'),
      failed: join('failed'),
    };
  }
  if (kept && answer.until <= kept.until && answer.accepted.length < TRAFFIC_WINDOW_SECONDS) return kept;
  return answer;
}

export interface SeriesSummary {
  total: number;
  peak: number;
  /** The (first) second of the peak; null when nothing was counted. */
  peakAt: number | null;
}

export interface TrafficSummary {
  series: Record<SeriesName, SeriesSummary>;
  /** The first second the instance was running in, within the window; null: none yet. */
  runningFrom: number | null;
}

function summarizeOne(w: TrafficReading, name: SeriesName): SeriesSummary {
  let total = 0;
  let peak = 0;
  let peakAt: number | null = null;
  w[name].forEach((v, i) => {
    if (v === null) return;
    total += v;
    if (v > peak) {
      peak = v;
      peakAt = w.from + i;
    }
  });
  return { total, peak, peakAt };
}

export function summarize(w: TrafficReading): TrafficSummary {
  // Every series has the same running seconds: the instance's.
  const i = w.accepted.findIndex((v) => v !== null);
  return {
    series: {
      accepted: summarizeOne(w, 'accepted'),
      delivered: summarizeOne(w, 'delivered'),
      failed: summarizeOne(w, 'failed'),
    },
    runningFrom: i < 0 ? null : w.from + i,
  };
}

export interface MinuteRow {
  /** Unix second the minute (Korea time, as the system clock reads it) starts at. */
  start: number;
  /** Counts over the seconds of the minute inside the window; null: the instance was not running. */
  values: Record<SeriesName, number | null>;
}

/** The window by clock minute, newest first: the table a screen reader reads instead of the chart. */
export function byMinute(w: TrafficReading): MinuteRow[] {
  const rows: MinuteRow[] = [];
  for (let start = w.until - (w.until % 60); start + 59 >= w.from; start -= 60) {
    const values: Record<SeriesName, number | null> = { accepted: null, delivered: null, failed: null };
    for (let s = Math.max(start, w.from); s <= Math.min(start + 59, w.until); s++) {
      for (const name of SERIES) {
        const v = w[name][s - w.from];
        if (v !== null && v !== undefined) values[name] = (values[name] ?? 0) + v;
      }
    }
    rows.push({ start, values });
  }
  return rows;
}

/**
 * The value axis: a top of 4 steps of 1, 2 or 5 times a power of ten (never below 1 a second, the
 * counts being whole), so the gridlines read as round numbers.
 */
export function valueScale(peak: number): { max: number; step: number } {
  if (peak <= 4) return { max: 4, step: 1 };
  const rough = peak / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10] as const).map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return { max: step * Math.ceil(peak / step), step };
}
