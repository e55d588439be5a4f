import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys: 32 random bytes (256 bits) in base64url behind a recognisable prefix. Only the
 * SHA-256 of a key is stored; a key this random needs no slow hash, and lookups stay one index hit.
 */
export function generateApiKey(): string {
  return `og_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What may be shown of a key after creation: enough to tell keys apart, useless to an attacker. */
export function keyPrefix(key: string): string {
  return key.slice(0, 10);
}

/** Secrets for webhook signing and the admin token: 32 random bytes, hex. */
export function generateSecret(): string {
  return randomBytes(32).toString('hex');
}
