import { GatewayError } from '../../errors.ts';
import { PHONE_PATTERN } from './constants.ts';

/*
 * Input rules of the operator use cases. The HTTP schemas state the same rules (for validation
 * messages and OpenAPI), but the CLI reaches the use cases without a schema, so they check again.
 */

export function checkText(field: string, value: string, min: number, max: number): string {
  if (value.length < min || value.length > max) {
    throw new GatewayError('A300', `${field} must be ${min} to ${max} characters`);
  }
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
