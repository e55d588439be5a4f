/**
 * The gateway clock. Every timer of the gateway (job run_at, leases, expiries, reservations,
 * review and encoding delays) reads this clock, never Date.now(), so that work that is due later
 * waits until the clock passes it: on the manual clock until it is moved through
 * /sandbox/v1/clock, on the system clock until the system time (plus the sandbox's moves) does.
 */
export interface Clock {
  readonly kind: 'system' | 'manual';
  /** Epoch milliseconds. */
  now(): number;
  /**
   * How far (ms) the clock runs ahead of the system time: the sandbox's moves of a system clock.
   * Null on the manual clock, whose time has nothing to do with the system's.
   */
  readonly offsetMs: number | null;
  /** Called after the clock jumped (a move of either clock); returns an unsubscribe function. */
  onChange(listener: (now: number) => void): () => void;
}

class Listeners {
  readonly #set = new Set<(now: number) => void>();
  add(listener: (now: number) => void): () => void {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  }
  tell(now: number): void {
    for (const l of this.#set) l(now);
  }
}

/**
 * The system time, run ahead by the sandbox's moves (`offsetMs`, kept in the database so that a
 * restart and every instance run as far ahead). It only ever moves forward: timestamps already
 * written (message keys, created_at) stay in the past of the gateway, as they would in production.
 */
export class SystemClock implements Clock {
  readonly kind = 'system' as const;
  #offset: number;
  readonly #listeners = new Listeners();

  constructor(offsetMs = 0) {
    this.#offset = checkedOffset(offsetMs);
  }
  now(): number {
    return Date.now() + this.#offset;
  }
  /** How far ahead of the system time the gateway runs, in milliseconds (0 until moved). */
  get offsetMs(): number {
    return this.#offset;
  }
  /**
   * Runs the clock `ms` ahead of the system time. The move API lets it only grow
   * (src/features/sandbox/clock.ts); an instance following the database takes what it says.
   */
  setOffset(ms: number): void {
    const next = checkedOffset(ms);
    if (next === this.#offset) return;
    this.#offset = next;
    this.#listeners.tell(this.now());
  }
  onChange(listener: (now: number) => void): () => void {
    return this.#listeners.add(listener);
  }
}

function checkedOffset(ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new RangeError(`clock offset must be an integer >= 0 ms, got ${ms}`);
  return ms;
}

export class ManualClock implements Clock {
  readonly kind = 'manual' as const;
  readonly offsetMs = null;
  #now: number;
  readonly #listeners = new Listeners();

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
    this.#listeners.tell(ms);
  }
  advance(ms: number): void {
    this.set(this.#now + ms);
  }
  onChange(listener: (now: number) => void): () => void {
    return this.#listeners.add(listener);
  }
}

export function isManual(clock: Clock): clock is ManualClock {
  return clock instanceof ManualClock;
}

/**
 * The time a webhook is signed with (X-SVC-Timestamp): on the system clock the system's own time,
 * however far the sandbox ran the gateway ahead, since the client's receiver checks the stamp's
 * freshness against its own clock (docs/webhooks.md) and would refuse every post of a gateway run
 * a day ahead; on the manual clock its own time, as the receivers of tests on it expect.
 */
export function signingTime(clock: Clock): number {
  return clock.now() - (clock.offsetMs ?? 0);
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
