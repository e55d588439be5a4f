/**
 * What the report codes mean (docs/reports.md, "Report codes"), so that a count by code can be
 * read without the docs at hand. Codes a sandbox handset or a carrier makes up are passed
 * through as given and have no text here.
 */
export const REPORT_CODE_TEXTS: Readonly<Record<string, string>> = {
  '10000': 'Delivered',
  '30001': 'Recipient unreachable',
  '30002': 'Not an RCS device',
  '30003': 'NoSendAvailableException: not an active app user',
  '30004': 'Not a friend of the sender profile',
  '30005': 'Recipient opted out of advertising from this account',
  '80001': "No receipt within the channel's wait",
  '80002': 'International DLR not received within 5 days',
  MS03: 'Polling: receipt within the timeout',
  ME09: 'Polling: no receipt within the timeout (success uncertain)',
  '85001': 'No connector serves the channel',
  '85002': 'The connector could not submit the message',
  '85003': 'SMPP: concatenation is off and the text needs parts',
  '85004': "SMPP: more parts than the SMSC's maxParts",
  '85005': 'SMPP: only some parts were accepted',
  '85006': 'Not sent: the 2FA code it carried expired first',
  '85007': 'Upstream connector: the upstream refused the message',
  '85008': 'Upstream connector: a file the upstream cannot be given',
  '85009': 'Uncertain: no usable answer from the upstream (no failover)',
};

/** SMPP message_state names of a receipt's final state (82nnn). */
const MESSAGE_STATES: Readonly<Record<number, string>> = {
  2: 'delivered',
  3: 'expired',
  4: 'deleted',
  5: 'undeliverable',
  6: 'accepted',
  7: 'unknown',
  8: 'rejected',
};

/** The text of a report code, or null when the gateway does not know it. */
export function reportCodeText(code: string): string | null {
  const known = REPORT_CODE_TEXTS[code];
  if (known !== undefined) return known;
  const smpp = /^8([12])(\d{3})$/.exec(code);
  if (!smpp) return null;
  const n = Number(smpp[2]);
  if (smpp[1] === '1') {
    return `SMPP: the SMSC refused the submit_sm (command_status ${n === 999 ? '999 or above' : n})`;
  }
  const state = MESSAGE_STATES[n];
  return `SMPP: receipt final state ${state ?? n}`;
}
