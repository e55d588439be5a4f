import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_DIGITS } from '../../rules/twofa.ts';

/*
 * Verification codes are never stored or logged in clear: a request keeps HMAC-SHA256(salt, code)
 * with a random salt of its own. (The SMS that carries the code is a message like any other.)
 */

export function randomCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

export function hashCode(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

export function codeMatches(salt: string, hash: string, code: string): boolean {
  const given = Buffer.from(hashCode(salt, code), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
