import { formatKst, KST_OFFSET_MS, parseKst } from '../../clock.ts';
import type { FlowStep } from '../../engine/flow.ts';
import { GatewayError } from '../../errors.ts';
import { isAdvertising } from '../../rules/advertising.ts';
import { inAdvertisingQuietHours } from '../../rules/quiet-hours.ts';

export const MIN_LEAD_MS = 10 * 60_000;
export const RESV_NAME_MAX = 100;

/** Advertising: a text that begins with "(광고)", or any brand message (spec: A330). */
export function isAdvertisingFlow(flow: readonly FlowStep[]): boolean {
  return flow.some(
    (s) =>
      s.channel === 'brandmessage' || isAdvertising(s.text) || (s.title !== null && isAdvertising(s.title)),
  );
}

/**
 * The same Korea-time date and time one year later (A331's bound). A fixed 366 days let a booking
 * made on 1 December 2026 run to 2 December 2027, a day past the year; a leap day's year ends on
 * 1 March of the next year (Date rolls 29 February over).
 */
export function oneYearAfter(ms: number): number {
  const d = new Date(ms + KST_OFFSET_MS);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.getTime() - KST_OFFSET_MS;
}

/** The send time of a reservation: format, at least 10 minutes and at most a year ahead, quiet hours. */
export function checkSendTime(text: unknown, now: number, advertising: boolean): number {
  if (typeof text !== 'string') throw new GatewayError('A315', 'resvSendTime is required');
  const at = parseKst(text);
  if (at === null) throw new GatewayError('A315', `"${text}"`);
  if (at < now + MIN_LEAD_MS) {
    throw new GatewayError('A316', `${text} is before ${formatKst(now + MIN_LEAD_MS)} (Korea time)`);
  }
  const last = oneYearAfter(now);
  if (at > last) throw new GatewayError('A331', `${text} is after ${formatKst(last)} (Korea time)`);
  if (advertising && inAdvertisingQuietHours(at)) {
    throw new GatewayError('A330', `${text} falls in 20:00 to 08:00 (Korea time)`);
  }
  return at;
}

export function checkName(name: unknown): string | null {
  if (name === undefined || name === null) return null;
  if (typeof name !== 'string') throw new GatewayError('A300', 'resvName must be a string');
  if ([...name].length > RESV_NAME_MAX)
    throw new GatewayError('A332', `${[...name].length} characters given`);
  return name;
}
