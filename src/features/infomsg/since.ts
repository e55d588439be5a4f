import { parseClientTime, parseKstDate } from '../../clock.ts';
import { GatewayError } from '../../errors.ts';

/** The forms a `since` query parameter takes, as refusals and the API docs list them. */
export const SINCE_FORMS =
  'ISO 8601 (2026-01-01T09:00:00+09:00; without an offset: Korea time), a date (2026-01-01 or 20260101: Korea-time midnight) or yyyy-MM-dd HH:mm:ss (Korea time)';

/**
 * `since` of the lastModified and public-template lists, as clients write it; undefined when
 * absent or empty. A plain date is the start of that day in Korea: ISO 8601 has date-only
 * forms, and "changes since 2026-01-01" means since that day began.
 */
export function parseSince(since: string | undefined): number | undefined {
  if (since === undefined || since === '') return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(since) ? since.replaceAll('-', '') : since;
  const ms = parseClientTime(since) ?? parseKstDate(date);
  if (ms === null) {
    throw new GatewayError('A300', `since must be ${SINCE_FORMS}; got ${JSON.stringify(since.slice(0, 40))}`);
  }
  return ms;
}
