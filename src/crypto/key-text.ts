import { KEY_BYTES } from './secret-box.ts';

export const SECRET_KEY_FORMAT = '64 hex digits or the base64 of 32 bytes (openssl rand -hex 32)';

/**
 * The master key as an operator writes it (OMNIGATE_SECRET_KEY, the key file): 64 hex digits, or
 * base64 of 32 bytes (standard with its `=`, or URL-safe without). Anything else is refused
 * rather than stretched into a key: a short or mistyped value would otherwise become a weak key,
 * or one that opens nothing sealed before.
 */
export function decodeSecretKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(text) || /^[A-Za-z0-9_-]{43}$/.test(text)) {
    const key = Buffer.from(text, 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  return null;
}
