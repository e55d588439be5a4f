/**
 * How the console writes times and numbers. The gateway answers ISO 8601 in Korea time
 * (+09:00) or `yyyy-MM-dd HH:mm:ss` (Korea time); the console shows them in Korea time too, as
 * the spec's clients read them, whatever the browser's own zone.
 */

const KST_OFFSET_MS = 9 * 3600_000;

/** Milliseconds of an ISO time or a `yyyy-MM-dd HH:mm:ss` Korea time; null when neither. */
export function parseTime(s: string | null | undefined): number | null {
  if (!s) return null;
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (plain) {
    const [, y, mo, d, h, mi, se] = plain.map(Number);
    return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, se ?? 0) - KST_OFFSET_MS;
  }
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `2026-03-10 12:00:05` in Korea time. */
export function kst(ms: number): string {
  const d = new Date(ms + KST_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** A gateway time as `yyyy-MM-dd HH:mm:ss` (Korea time), or the text itself when it is not a time. */
export function time(s: string | null | undefined): string {
  const ms = parseTime(s);
  return ms === null ? (s ?? '') : kst(ms);
}

/** `HH:mm` of a gateway time, Korea time (chat bubbles). */
export function clockTime(s: string | null | undefined): string {
  const ms = parseTime(s);
  return ms === null ? '' : kst(ms).slice(11, 16);
}

const numbers = new Intl.NumberFormat('en-US');
export const count = (n: number) => numbers.format(n);

/** One decimal below 10, none above: "3.4/s", "1,204/s". */
export function rate(perSecond: number): string {
  return perSecond < 10 ? perSecond.toFixed(1) : numbers.format(Math.round(perSecond));
}
