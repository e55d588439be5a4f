import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/*
 * The secret box: AES-256-GCM with a random 96-bit IV for every value sealed. A sealed value is a
 * string that names the key it was made with, so that a reader knows which key to fetch and a
 * rotation knows which values are still under an old key:
 *
 *   v1.<key id>.<base64url of IV (12 bytes) | ciphertext | tag (16 bytes)>
 *
 * `v1` is the format (a later one can change the cipher without guessing). The additional
 * authenticated data is the version, the key id and the value's context (which row and column it
 * belongs to), so a value copied into another row, or relabelled with another key id, does not
 * open: the database is not trusted to keep values where they were written.
 */

export const BOX_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SEALED = /^v1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]+)$/;

/** A 256-bit key and the id sealed values name it by. */
export interface BoxKey {
  readonly id: string;
  readonly key: Buffer;
}

/** A sealed value that is malformed, or does not open with the key it names (wrong key, altered). */
export class SecretBoxError extends Error {}

export function checkKey(k: BoxKey): void {
  if (!KEY_ID.test(k.id)) throw new SecretBoxError(`key id ${JSON.stringify(k.id)} is not a valid key id`);
  if (k.key.length !== KEY_BYTES) throw new SecretBoxError(`key ${k.id} is not ${KEY_BYTES} bytes`);
}

function aad(keyId: string, context: string): Buffer {
  return Buffer.from(`${BOX_VERSION}.${keyId}.${context}`, 'utf8');
}

/** Seals `plain` under `k` for `context` (e.g. `accounts.webhook_secret:acc_...`). */
export function seal(k: BoxKey, plain: string | Buffer, context: string): string {
  checkKey(k);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', k.key, iv);
  cipher.setAAD(aad(k.id, context));
  const body = Buffer.concat([
    cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain),
    cipher.final(),
  ]);
  return `${BOX_VERSION}.${k.id}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The id of the key a sealed value was made with. */
export function keyIdOf(sealed: string): string {
  const m = SEALED.exec(sealed);
  if (!m?.[1]) throw new SecretBoxError('not a sealed value (v1.<key id>.<data>)');
  return m[1];
}

/** Opens a value sealed under `k` for `context`; throws SecretBoxError when it does not open. */
export function open(k: BoxKey, sealed: string, context: string): Buffer {
  const m = SEALED.exec(sealed);
  if (!m?.[1] || !m[2]) throw new SecretBoxError('not a sealed value (v1.<key id>.<data>)');
  if (m[1] !== k.id) throw new SecretBoxError(`sealed under key ${m[1]}, not ${k.id}`);
  const raw = Buffer.from(m[2], 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', k.key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(aad(k.id, context));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SecretBoxError(`value sealed under key ${k.id} does not open (another key, or altered)`);
  }
}

/**
 * A key of its own for one purpose, derived from `k` (HKDF-SHA256): the same key material never
 * serves two algorithms (AES-GCM here, HMAC there).
 */
export function subkey(k: BoxKey, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', k.key, Buffer.alloc(0), `omnigate ${purpose}`, KEY_BYTES));
}

/** Lowercase hex HMAC-SHA256 of `data` under `key`. */
export function hmacHex(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data, 'utf8').digest('hex');
}
