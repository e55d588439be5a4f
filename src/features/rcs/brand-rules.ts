import { GatewayError } from '../../errors.ts';

/** Limits of the brand fields (the spec leaves them open): what the carriers' RCS center takes. */
export const BRAND_NAME_MAX = 40;
export const BRAND_DESCRIPTION_MAX = 100;
export const BRAND_URL_MAX = 200;

/**
 * What a regBrand asks to change. An absent field keeps its value; null or "" clears an optional
 * field (description, tel, webSiteUrl); the name cannot be cleared.
 */
export interface RegBrand {
  name?: string;
  description?: string | null;
  tel?: string | null;
  webSiteUrl?: string | null;
}

/**
 * A domestic number the brand home can call: 0 and 8 to 10 more digits (area and mobile
 * numbers), or an 8-digit nationwide representative number (15xx, 16xx, 18xx).
 */
const TEL = /^(0\d{8,10}|1[568]\d{6})$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** undefined: absent (keep); null: clear; otherwise the string. */
function optional(obj: Record<string, unknown>, key: string, code: 'A615' | 'A616' | 'A617') {
  if (!Object.hasOwn(obj, key) || obj[key] === undefined) return undefined;
  const value = obj[key];
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw new GatewayError(code, `regBrand.${key} must be a string`);
  return value;
}

function checkName(obj: Record<string, unknown>): string | undefined {
  if (!Object.hasOwn(obj, 'name') || obj.name === undefined) return undefined;
  if (typeof obj.name !== 'string') throw new GatewayError('A614', 'regBrand.name must be a string');
  const name = obj.name.trim();
  if (name.length === 0) throw new GatewayError('A614', 'regBrand.name cannot be empty');
  if (name.length > BRAND_NAME_MAX) {
    throw new GatewayError('A614', `regBrand.name is longer than ${BRAND_NAME_MAX} characters`);
  }
  return name;
}

function checkUrl(value: string): string {
  const url = value.trim();
  if (url.length > BRAND_URL_MAX) {
    throw new GatewayError('A617', `regBrand.webSiteUrl is longer than ${BRAND_URL_MAX} characters`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GatewayError('A617', 'regBrand.webSiteUrl is not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new GatewayError('A617', 'regBrand.webSiteUrl must start with http:// or https://');
  }
  // A site a handset can open: a public host name, not a bare word or an empty host.
  if (!parsed.hostname.includes('.')) {
    throw new GatewayError(
      'A617',
      `regBrand.webSiteUrl has no public host name (${parsed.hostname || 'none'})`,
    );
  }
  return url;
}

/** Parses and checks the regBrand form field (a JSON object); each refusal names the field. */
export function parseRegBrand(text: string): RegBrand {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GatewayError('A613', 'regBrand is not valid JSON');
  }
  if (!isObject(value)) throw new GatewayError('A613', 'regBrand must be a JSON object');
  const out: RegBrand = {};
  const name = checkName(value);
  if (name !== undefined) out.name = name;

  const description = optional(value, 'description', 'A615');
  if (typeof description === 'string' && description.length > BRAND_DESCRIPTION_MAX) {
    throw new GatewayError('A615', `regBrand.description is longer than ${BRAND_DESCRIPTION_MAX} characters`);
  }
  if (description !== undefined) out.description = description;

  const tel = optional(value, 'tel', 'A616');
  if (typeof tel === 'string') {
    if (!/^\d+$/.test(tel)) throw new GatewayError('A616', 'regBrand.tel must be digits only (no hyphens)');
    if (!TEL.test(tel)) {
      throw new GatewayError(
        'A616',
        'regBrand.tel must be a domestic number (0 and 8 to 10 digits) or a representative number (15xx, 16xx, 18xx and 4 digits)',
      );
    }
  }
  if (tel !== undefined) out.tel = tel;

  const url = optional(value, 'webSiteUrl', 'A617');
  if (url !== undefined) out.webSiteUrl = url === null ? null : checkUrl(url);
  return out;
}
