import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type BoxKey, hmacHex, subkey } from '../../crypto/secret-box.ts';
import { CODE_DIGITS } from '../../rules/twofa.ts';

/*
 * Verification codes are never stored or logged readable. A request keeps an HMAC-SHA256 of
 * `<request id>:<code>` under a key derived from a data key of the keyring (src/crypto/keyring.ts),
 * which only the gateway can open: a million guesses at a 6-digit code need that key, not just
 * the database. The SMS that carries the code is stored masked, its real text sealed
 * (src/engine/sealed-flow.ts).
 */

/** The purpose the HMAC key is derived for: a data key serves AES-GCM and this under two keys. */
export const CODE_MAC_PURPOSE = '2fa code hmac';

export function randomCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** The code's HMAC for request `requestId`, under data key `k`. */
export function codeMac(k: BoxKey, requestId: string, code: string): string {
  return hmacHex(subkey(k, CODE_MAC_PURPOSE), `${requestId}:${code}`);
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Constant-time comparison of a given code with the stored HMAC (key: the derived HMAC key). */
export function codeMatches(macKey: Buffer, requestId: string, hash: string, code: string): boolean {
  return sameHex(hmacHex(macKey, `${requestId}:${code}`), hash);
}

/**
 * Requests made before 0022_secrets (or by an older instance during a rolling upgrade): HMAC of
 * the code keyed by a salt stored beside it. They expire 3 minutes after they were made.
 */
export function legacyCodeMatches(salt: string, hash: string, code: string): boolean {
  if (salt === '') return false;
  return sameHex(createHmac('sha256', salt).update(code).digest('hex'), hash);
}
