import { randomBytes } from 'node:crypto';
import { CODES, type Code, GATEWAY_CODES, resultText } from '../errors.ts';

/** The spec's common response section. */
export interface Common {
  authCode: string;
  authResult: string;
  providerTrId: string;
}

export interface DataSection {
  code: string;
  result: string;
  data?: unknown;
  ref?: string;
  resvKey?: string;
}

export interface Envelope {
  common: Common;
  data?: DataSection;
}

let lastMs = 0;
let seq = 0;
const instance = randomBytes(3).toString('hex');

/**
 * A tracking id unique across requests and instances: time, a per-process sequence and an
 * instance tag. It is also Fastify's request id, so every log line of a request carries it.
 */
export function newTrId(): string {
  const ms = Date.now();
  if (ms === lastMs) seq += 1;
  else {
    lastMs = ms;
    seq = 0;
  }
  return `${ms.toString(36)}${seq.toString(36).padStart(3, '0')}${instance}`;
}

const AUTH_OK = { authCode: 'A000', authResult: CODES.A000.text } as const;

/** A successful response: `data.code` A000 with the operation's payload. */
export function success(
  trId: string,
  payload?: unknown,
  extra: { ref?: string | undefined; resvKey?: string | undefined; result?: string } = {},
): Envelope {
  const data: DataSection = { code: 'A000', result: extra.result ?? CODES.A000.text };
  if (payload !== undefined) data.data = payload;
  if (extra.ref !== undefined) data.ref = extra.ref;
  if (extra.resvKey !== undefined) data.resvKey = extra.resvKey;
  return { common: { ...AUTH_OK, providerTrId: trId }, data };
}

/**
 * A refusal. A service failure: authentication passed (A000) and `data.code` tells what went
 * wrong. A refusal of the gateway stage (GATEWAY_CODES: the path, the body's size or media type,
 * the credentials) is `common.authCode` with no data section.
 */
export function failure(trId: string, code: Code, detail?: string, ref?: string): Envelope {
  if (GATEWAY_CODES.has(code))
    return { common: { authCode: code, authResult: resultText(code, detail), providerTrId: trId } };
  const data: DataSection = { code, result: resultText(code, detail) };
  if (ref !== undefined) data.ref = ref;
  return { common: { ...AUTH_OK, providerTrId: trId }, data };
}

/** An authentication failure: `common.authCode` A401 and no data section. */
export function authFailure(trId: string, detail: string): Envelope {
  return { common: { authCode: 'A401', authResult: resultText('A401', detail), providerTrId: trId } };
}
