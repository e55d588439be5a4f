import { GatewayError } from '../../errors.ts';
import { PHONE_PATTERN } from './constants.ts';

/*
 * Input rules of the operator use cases. The HTTP schemas state the same rules (for validation
 * messages and OpenAPI), but the CLI reaches the use cases without a schema, so they check again.
 */

/**
 * Characters no operator text holds: C0 and C1 controls (NUL, newlines: a name is one line),
 * and the bidirectional controls that make a name read otherwise than it is stored (an account
 * "acme\u202Egnp.exe" shows as "acmeexe.png"). Unpaired surrogates are refused beside them: no
 * UTF-8 can store them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function checkText(field: string, value: string, min: number, max: number): string {
  if (value.length < min || value.length > max) {
    throw new GatewayError('A300', `${field} must be ${min} to ${max} characters`);
  }
  const unseen = UNSEEN.exec(value);
  if (unseen) {
    const code = (unseen[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    throw new GatewayError(
      'A300',
      `${field} must not hold control or bidirectional characters (U+${code} at ${unseen.index})`,
    );
  }
  if (LONE_SURROGATE.test(value)) throw new GatewayError('A300', `${field} holds an unpaired surrogate`);
  return value;
}

export function checkInt(field: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new GatewayError('A300', `${field} must be an integer from ${min} to ${max}`);
  }
  return value;
}

export { PHONE_PATTERN };

const PHONE = new RegExp(PHONE_PATTERN);

export function isPhoneNumber(value: string): boolean {
  return PHONE.test(value);
}

/** Where the gateway posts MO messages and reports: an absolute http(s) URL. */
export function checkWebhookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new GatewayError('A300', 'url must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GatewayError('A300', 'url must be an absolute http:// or https:// URL');
  }
  // Kept as given: the operator recognises their own spelling in what the gateway shows.
  return value;
}
