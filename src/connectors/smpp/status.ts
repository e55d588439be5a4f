// submit_sm_resp command_status → what the engine does with the submission.
import { createRequire } from 'node:module';

// The package's error table (name → number) is exported at runtime but not in its module
// declaration, so it is read here and narrowed to the numeric entries.
const loaded: unknown = createRequire(import.meta.url)('smpp');
const errorTable: unknown =
  typeof loaded === 'object' && loaded !== null && 'errors' in loaded ? loaded.errors : undefined;

const NAMES = new Map<number, string>();
if (typeof errorTable === 'object' && errorTable !== null) {
  for (const [name, value] of Object.entries(errorTable)) {
    if (typeof value === 'number' && !NAMES.has(value)) NAMES.set(value, name);
  }
}

const ESME_RMSGQFUL = 0x14;
const ESME_RTHROTTLED = 0x58;

/** The package's name of a command_status ('ESME_RTHROTTLED'), or 'UNKNOWN'. */
export function statusName(status: number): string {
  return NAMES.get(status) ?? 'UNKNOWN';
}

function describe(status: number): string {
  return `SMPP ${statusName(status)} (0x${status.toString(16).toUpperCase().padStart(8, '0')})`;
}

/**
 * ok; retry for throttling and a full queue (the SMSC asks us to slow down, the message is fine);
 * any other status fails with report code '81' + the 3-digit decimal status ('81999' from 1000 up).
 */
export function submitStatus(
  status: number,
): { kind: 'ok' } | { kind: 'retry'; text: string } | { kind: 'fail'; code: string; text: string } {
  if (status === 0) return { kind: 'ok' };
  if (status === ESME_RTHROTTLED || status === ESME_RMSGQFUL)
    return { kind: 'retry', text: describe(status) };
  const code = status >= 0 && status < 1000 ? `81${String(status).padStart(3, '0')}` : '81999';
  return { kind: 'fail', code, text: describe(status) };
}
