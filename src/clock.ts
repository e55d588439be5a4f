/**
 * The gateway clock. Every timer of the gateway (job run_at, leases, expiries, reservations,
 * review and encoding delays) reads this clock, never Date.now(), so that on the manual clock
 * work that is due later waits until the clock is moved through /sandbox/v1/clock.
 */
export interface Clock {
  readonly kind: 'system' | 'manual';
  /** Epoch milliseconds. */
  now(): number;
  /** Called after the clock jumped (manual clock only); returns an unsubscribe function. */
  onChange(listener: (now: number) => void): () => void;
}

export class SystemClock implements Clock {
  readonly kind = 'system' as const;
  now(): number {
    return Date.now();
  }
  onChange(): () => void {
    return () => {};
  }
}

export class ManualClock implements Clock {
  readonly kind = 'manual' as const;
  #now: number;
  readonly #listeners = new Set<(now: number) => void>();

  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  /** Moving backwards is allowed (it is a test clock); work already done stays done. */
  set(ms: number): void {
    if (ms === this.#now) return;
    this.#now = ms;
    for (const l of this.#listeners) l(ms);
  }
  advance(ms: number): void {
    this.set(this.#now + ms);
  }
  onChange(listener: (now: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export function isManual(clock: Clock): clock is ManualClock {
  return clock instanceof ManualClock;
}

// ---- Korea time (UTC+9, no daylight saving): the spec's `yyyy-MM-dd HH:mm:ss` strings ----

export const KST_OFFSET_MS = 9 * 3600_000;
export const DAY_MS = 86_400_000;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** The wall-clock fields of an instant in Korea. */
export function kstParts(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
} {
  const d = new Date(ms + KST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millis: d.getUTCMilliseconds(),
  };
}

let lastFormatted: { ms: number; text: string } = { ms: Number.NaN, text: '' };

/** `yyyy-MM-dd HH:mm:ss` in Korea time. */
export function formatKst(ms: number): string {
  // An engine pass formats the same instant for every report it writes.
  if (ms === lastFormatted.ms) return lastFormatted.text;
  const p = kstParts(ms);
  const text = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  lastFormatted = { ms, text };
  return text;
}

/** ISO 8601 with the +09:00 offset, e.g. 2026-11-22T09:45:00+09:00 (milliseconds when asked). */
export function isoKst(ms: number, withMillis = false): string {
  const p = kstParts(ms);
  const frac = withMillis ? `.${pad(p.millis, 3)}` : '';
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${frac}+09:00`;
}

/** `yyyyMMdd` of the Korea-time day. */
export function kstDate(ms: number): string {
  const p = kstParts(ms);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}`;
}

/** Start (epoch ms) of the Korea-time day holding `ms`. */
export function kstDayStart(ms: number): number {
  return Math.floor((ms + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS;
}

/** Minutes since Korea-time midnight (0..1439). */
export function kstMinuteOfDay(ms: number): number {
  const p = kstParts(ms);
  return p.hour * 60 + p.minute;
}

function fromKstFields(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  // Date.UTC rolls 2026-02-30 over to March: a date that does not round-trip does not exist.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return utc - KST_OFFSET_MS;
}

/** Parses `yyyy-MM-dd HH:mm:ss` (Korea time); null when malformed or not a real date. */
export function parseKst(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return fromKstFields(y, mo, d, h, mi, s);
}

/** Parses `yyyyMMdd` as the start of that Korea-time day; null when malformed. */
export function parseKstDate(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  return fromKstFields(y, mo, d, 0, 0, 0);
}

/**
 * Parses a client's time: ISO 8601 with an offset or Z, `yyyy-MM-ddTHH:mm:ss` without one
 * (Korea time, as the spec's samples mean), or `yyyy-MM-dd HH:mm:ss` (Korea time).
 */
export function parseClientTime(text: string): number | null {
  const kst = parseKst(text.replace('T', ' '));
  if (kst !== null) return kst;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
