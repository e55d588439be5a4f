import { euckrBytes } from './bytes.ts';

/*
 * Two-factor authentication rules (spec, Limits): a verification code is 6 digits, valid 3 minutes,
 * up to 5 requests within the 3 minutes; the service name is up to 20 bytes.
 */

export const CODE_DIGITS = 6;
export const CODE_VALID_MS = 3 * 60_000;
/** Requests per number (of one account) within `REQUEST_WINDOW_MS`. */
export const MAX_REQUESTS = 5;
export const REQUEST_WINDOW_MS = CODE_VALID_MS;
/** Verifications one request takes; after this many wrong codes it is locked (docs/decisions.md). */
export const MAX_ATTEMPTS = 5;
export const SERVICE_NAME_MAX_BYTES = 20;

// Hangul syllables, ASCII letters and digits, space, and - _ . & (names such as "G-Mart" or "A&B").
const NAME_CHARS = /^[\uAC00-\uD7A3A-Za-z0-9 \-_.&]+$/;

/** Why the service name is refused; null when it is acceptable. */
export function serviceNameProblem(name: string): string | null {
  if (name.trim() === '') return 'serviceName is empty';
  if (!NAME_CHARS.test(name)) {
    return 'serviceName may hold only Korean syllables, letters, digits, spaces and - _ . &';
  }
  if (name !== name.trim()) return 'serviceName must not begin or end with a space';
  const bytes = euckrBytes(name);
  if (bytes > SERVICE_NAME_MAX_BYTES) {
    return `serviceName is ${bytes} bytes, at most ${SERVICE_NAME_MAX_BYTES} (Korean characters count 2)`;
  }
  return null;
}

const CODE = /^\d{6}$/;

/** Exactly 6 ASCII digits. */
export function isVerificationCode(code: string): boolean {
  return CODE.test(code);
}

/** What a stored verification text shows instead of the code (docs/security.md). */
export const MASKED_CODE = '*'.repeat(CODE_DIGITS);

/** The SMS that carries the code; without a registered service name it has no prefix. */
export function verificationText(code: string, serviceName: string | null): string {
  const text = `인증번호 [${code}]을 입력해주세요.`;
  return serviceName ? `[${serviceName}] ${text}` : text;
}
