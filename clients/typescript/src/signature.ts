import { createHmac, timingSafeEqual } from 'node:crypto';

/** Request headers as fetch (Headers) or node:http (lowercase keys) give them. */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /**
   * How far X-SVC-Timestamp may be from now, in seconds, before the request counts as a replay
   * (default 300). 0 turns the check off: only for a sandbox gateway on the manual clock, whose
   * timestamps are the moved clock's.
   */
  toleranceSeconds?: number;
  /** Now, in epoch ms (default Date.now()). */
  nowMs?: number;
}

export type VerifyResult =
  | { valid: true; timestampMs: number }
  | {
      valid: false;
      /**
       * `missing`: a header is absent; `malformed`: not the gateway's format; `mismatch`: signed with
       * another secret, or altered; `expired`: authentic but outside the tolerance.
       */
      reason: 'missing' | 'malformed' | 'mismatch' | 'expired';
    };

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/**
 * Checks a webhook request's X-SVC-Signature as the gateway makes it: lowercase hex HMAC-SHA256
 * of the X-SVC-Timestamp header's value (epoch ms), keyed with the account's webhook secret,
 * compared in constant time. The spec signs the timestamp only, not the body: so this takes no
 * body, since passing one would suggest that the body is protected.
 */
export function verifySignature(
  headers: HeaderBag,
  secret: string,
  options: VerifyOptions = {},
): VerifyResult {
  const timestamp = header(headers, 'x-svc-timestamp');
  const signature = header(headers, 'x-svc-signature');
  if (timestamp === undefined || signature === undefined) return { valid: false, reason: 'missing' };
  if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    return { valid: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(timestamp, 'utf8').digest();
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return { valid: false, reason: 'mismatch' };
  const timestampMs = Number(timestamp);
  const tolerance = options.toleranceSeconds ?? 300;
  if (tolerance > 0 && Math.abs((options.nowMs ?? Date.now()) - timestampMs) > tolerance * 1000) {
    return { valid: false, reason: 'expired' };
  }
  return { valid: true, timestampMs };
}
