/**
 * Brand message rules shared by the send path and the template registry: the message types, the
 * discount rate rule. Pure: no I/O, the time comes from the caller (the gateway clock).
 */

/** The message kinds of the platform; each short code (FT, FI, ...) names one of them. */
export type BrandKind =
  | 'TEXT'
  | 'IMAGE'
  | 'WIDE'
  | 'WIDE_ITEM_LIST'
  | 'CAROUSEL_FEED'
  | 'PREMIUM_VIDEO'
  | 'COMMERCE'
  | 'CAROUSEL_COMMERCE'
  | 'CATALOG';

/**
 * Every msgType the gateway accepts and the kind it names. The spec names TEXT, FT, FI and FG
 * (catalog); the rest are the platform's bubble types and their short codes. The catalog has
 * only its short code: the spec gives it no long name.
 */
export const BRAND_KIND_OF = {
  TEXT: 'TEXT',
  IMAGE: 'IMAGE',
  WIDE: 'WIDE',
  WIDE_ITEM_LIST: 'WIDE_ITEM_LIST',
  CAROUSEL_FEED: 'CAROUSEL_FEED',
  PREMIUM_VIDEO: 'PREMIUM_VIDEO',
  COMMERCE: 'COMMERCE',
  CAROUSEL_COMMERCE: 'CAROUSEL_COMMERCE',
  FT: 'TEXT',
  FI: 'IMAGE',
  FW: 'WIDE',
  FL: 'WIDE_ITEM_LIST',
  FC: 'CAROUSEL_FEED',
  FA: 'CAROUSEL_COMMERCE',
  FP: 'PREMIUM_VIDEO',
  FM: 'COMMERCE',
  FG: 'CATALOG',
} as const satisfies Record<string, BrandKind>;

/** Brand message types the gateway accepts (the keys of BRAND_KIND_OF). */
export const BRAND_MSG_TYPES: ReadonlySet<string> = new Set(Object.keys(BRAND_KIND_OF));

/** The kind a msgType names; undefined for a value that is not a brand message type. */
export function brandKind(msgType: string): BrandKind | undefined {
  return Object.hasOwn(BRAND_KIND_OF, msgType)
    ? BRAND_KIND_OF[msgType as keyof typeof BRAND_KIND_OF]
    : undefined;
}

/** Discount rate 0 is refused from this Korea-time date on (spec: Errors, Versioning). */
export const DISCOUNT_ZERO_REFUSED_FROM = Date.UTC(2026, 7, 3, 15); // 2026-08-04 00:00 KST

/**
 * The discount rate as a number when the client sent it as a digit string ("10"): numeric fields
 * may come as digit strings (design §4). Anything else is returned as it came, for the check.
 */
export function discountRateValue(value: unknown): unknown {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * The spec's discount rate rule: an integer 1 to 100 (or its digit string), or null (or absent)
 * when unused; 0 is still taken before 2026-08-04 (KST) and refused from then on. Returns null
 * when the value is fine, else the reason (to follow the field's name in a detail).
 */
export function checkDiscountRate(raw: unknown, now: number): string | null {
  const value = discountRateValue(raw);
  if (value === undefined || value === null) return null;
  if (value === 0) {
    return now < DISCOUNT_ZERO_REFUSED_FROM
      ? null
      : 'must be 1 to 100: 0 is refused from 2026-08-04 (KST); send null when unused';
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
    return `must be an integer 1 to 100, or null when unused (got ${JSON.stringify(raw)})`;
  }
  return null;
}
