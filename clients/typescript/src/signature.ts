import { createHmac, timingSafeEqual } from 'node:crypto';

/** Request headers as fetch (Headers) or node:http (lowercase keys) give them. */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /**
   * How far X-SVC-Timestamp may be from now, in seconds, before the request counts as a replay
   * (default 300). 0 turns the check off: only for a sandbox gateway on the manual clock, whose
   * timestamps are the moved clock's. Anything but a finite number ≥ 0 throws a RangeError.
   */
  toleranceSeconds?: number;
  /** Now, in epoch ms (default Date.now()). */
  nowMs?: number;
  /**
   * Whether X-Omnigate-Body-Signature must be there (default false: the spec's signature covers
   * the timestamp only, and a request signed as the spec describes has no body signature). true
   * for a receiver of an Omnigate, which always sends it: then a seen request's headers cannot
   * carry another body. When present it is checked either way.
   */
  requireBodySignature?: boolean;
}

export type VerifyResult =
  | { valid: true; timestampMs: number }
  | {
      valid: false;
      /**
       * `missing`: a header is absent; `malformed`: not the gateway's format; `mismatch`: signed with
       * another secret, or altered (the timestamp or the body); `expired`: authentic but outside
       * the tolerance.
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

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=?$|^[A-Za-z0-9_-]{43}=?$/;

/**
 * The 32 bytes of an HMAC-SHA256 as a sender may write them: hex in either case, or base64
 * (standard or URL-safe, padded or not): the spec leaves the encoding open, and the hosted
 * service's SDK accepts each. undefined when it is none of them.
 */
function digestBytes(text: string): Buffer | undefined {
  if (HEX_SHA256.test(text)) return Buffer.from(text, 'hex');
  if (!BASE64_SHA256.test(text)) return undefined;
  const bytes = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * The replay tolerance in seconds, checked: a negative or NaN value would fail the `> 0` test and
 * turn the replay check off without a word, where only 0 is meant to.
 */
export function toleranceOf(toleranceSeconds: number | undefined): number {
  const tolerance = toleranceSeconds ?? 300;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new RangeError(`toleranceSeconds must be a finite number, 0 or more (got ${tolerance})`);
  }
  return tolerance;
}

/**
 * Checks a webhook request as the spec signs it, keyed with the account's webhook secret and
 * compared in constant time: X-SVC-Signature, HMAC-SHA256 of the X-SVC-Timestamp value (epoch
 * ms), in hex (either case) or base64. X-Omnigate-Body-Signature, the same over `<timestamp>.`
 * followed by the body's bytes, is checked whenever it is there (an Omnigate always sends it; set
 * requireBodySignature to demand it). `rawBody` must be the bytes as received (a string is taken
 * as their UTF-8).
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  options: VerifyOptions = {},
): VerifyResult {
  // First, so that a misconfigured tolerance throws on every request, not only on valid ones.
  const tolerance = toleranceOf(options.toleranceSeconds);
  const timestamp = header(headers, 'x-svc-timestamp');
  const signature = header(headers, 'x-svc-signature');
  const bodySignature = header(headers, 'x-omnigate-body-signature');
  const requireBody = options.requireBodySignature ?? false;
  if (timestamp === undefined || signature === undefined || (requireBody && bodySignature === undefined))
    return { valid: false, reason: 'missing' };
  const given = digestBytes(signature.trim());
  const givenBody = bodySignature === undefined ? undefined : digestBytes(bodySignature.trim());
  if (!/^\d{1,16}$/.test(timestamp) || !given || (bodySignature !== undefined && !givenBody))
    return { valid: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(timestamp, 'utf8').digest();
  if (!timingSafeEqual(given, expected)) return { valid: false, reason: 'mismatch' };
  // Checked whenever present, so that turning the requirement off never lets an altered body through.
  if (givenBody) {
    const hmac = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8');
    const expectedBody = (
      typeof rawBody === 'string' ? hmac.update(rawBody, 'utf8') : hmac.update(rawBody)
    ).digest();
    if (!timingSafeEqual(givenBody, expectedBody)) return { valid: false, reason: 'mismatch' };
  }
  const timestampMs = Number(timestamp);
  if (tolerance > 0 && Math.abs((options.nowMs ?? Date.now()) - timestampMs) > tolerance * 1000) {
    return { valid: false, reason: 'expired' };
  }
  return { valid: true, timestampMs };
}
