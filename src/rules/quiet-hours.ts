import { kstMinuteOfDay } from '../clock.ts';

/** Advertising may not be sent (nor reserved) from 20:00 to 08:00 Korea time. */
export function inAdvertisingQuietHours(ms: number): boolean {
  const m = kstMinuteOfDay(ms);
  return m >= 20 * 60 || m < 8 * 60;
}
