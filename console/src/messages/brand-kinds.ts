import type { BRAND_KIND_OF, BrandKind } from '../../../src/rules/brand-message.ts';

/*
 * The brand message kinds by msgType: a copy of the server's table (the console imports types
 * only), held equal to it by `satisfies`: a type added there and not here fails the typecheck.
 */
const KIND_OF = {
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
} as const satisfies typeof BRAND_KIND_OF;

export type { BrandKind };

export const BRAND_KIND_LABELS: Record<BrandKind, string> = {
  TEXT: 'text',
  IMAGE: 'image',
  WIDE: 'wide image',
  WIDE_ITEM_LIST: 'wide item list',
  CAROUSEL_FEED: 'carousel feed',
  PREMIUM_VIDEO: 'premium video',
  COMMERCE: 'commerce',
  CAROUSEL_COMMERCE: 'carousel commerce',
  CATALOG: 'catalog',
};

/** The kind a msgType names; TEXT for a value that names none (the text is what is left). */
export function brandKindOf(msgType: unknown): BrandKind {
  return typeof msgType === 'string' && Object.hasOwn(KIND_OF, msgType)
    ? KIND_OF[msgType as keyof typeof KIND_OF]
    : 'TEXT';
}
