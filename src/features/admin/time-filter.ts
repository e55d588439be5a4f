import { parseClientTime } from '../../clock.ts';
import { GatewayError } from '../../errors.ts';

/**
 * A list's `from`/`until` filter (the operator's message search, refused requests): ISO 8601 with
 * an offset, or `yyyy-MM-dd HH:mm:ss` in Korea time; anything else is A300 naming the field.
 */
export function timeFilter(field: 'from' | 'until', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseClientTime(text);
  if (ms === null) {
    throw new GatewayError(
      'A300',
      `${field} must be ISO 8601 (2026-11-25T10:00:00+09:00) or yyyy-MM-dd HH:mm:ss (Korea time), got "${text}"`,
    );
  }
  return ms;
}
