import type { BrandKind } from './brand-message.ts';
import type { RatioRule } from './image-ratio.ts';

/*
 * What each brand message kind takes, after the platform's (KakaoTalk brand message) own
 * limits; docs/brandmessage-templates.md has the same table. Lengths count characters (code
 * points) of the text as registered, `#{key}` included.
 */

const R2_1 = { w: 2, h: 1 };
const R1_1 = { w: 1, h: 1 };
const R3_4 = { w: 3, h: 4 };

export const RATIO_2_1: RatioRule = { oneOf: [R2_1] };
export const RATIO_1_1: RatioRule = { oneOf: [R1_1] };
/** Image messages: from 2:1 landscape to 3:4 portrait (as the default image upload takes). */
export const RATIO_IMAGE: RatioRule = { from: R2_1, to: R3_4 };
/** Wide and commerce images: from 2:1 to square. */
export const RATIO_WIDE: RatioRule = { from: R2_1, to: R1_1 };
/** Carousel cards: 2:1 or 1:1, and every card of one carousel the same (checked as a group). */
export const RATIO_CAROUSEL: RatioRule = { oneOf: [R2_1, R1_1] };

/** Catalog (spec: with 3, 5 or 7 items only the first image is 2:1, the rest 1:1; with 4 or 6 all 1:1). */
export function catalogRatios(count: number): RatioRule[] {
  return Array.from({ length: count }, (_, i) => (i === 0 && count % 2 === 1 ? RATIO_2_1 : RATIO_1_1));
}

/** Wide item list: the first image 2:1, the others 1:1. */
export function wideListRatios(count: number): RatioRule[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? RATIO_2_1 : RATIO_1_1));
}

export type Use = 'required' | 'optional' | 'none';

export interface KindRules {
  text: { use: Use; max: number; maxLines: number };
  header: Use;
  image: { use: Use; ratio: RatioRule };
  buttons: { min: number; max: number };
  /** Longest button name: vertical buttons (text, image) have room for 14, the others 8. */
  buttonNameMax: number;
  coupon: boolean;
  commerce: Use;
  additionalContent: Use;
  video: Use;
  items: { min: number; max: number; ratios: (count: number) => RatioRule[] } | null;
  carousel: 'feed' | 'commerce' | null;
}

export const HEADER_MAX = 20;
export const ADDITIONAL_CONTENT_MAX = 34;
export const TEMPLATE_NAME_MAX = 200;
export const VARIABLES_MAX = 40;
export const CAROUSEL_CARDS = { min: 2, max: 10 } as const;
export const CAROUSEL_CARD_BUTTONS = { min: 1, max: 2 } as const;
export const CAROUSEL_MESSAGE_MAX = 180;
export const CAROUSEL_HEAD_CONTENT_MAX = 50;
export const COMMERCE_TITLE_MAX = 30;
export const COUPON_DESCRIPTION_MAX = 18;
/** Wide item list titles: the first (over the 2:1 image) 25, the others 30. */
export const ITEM_TITLE_MAX = { first: 25, other: 30 } as const;
export const CATALOG_DESCRIPTION_MAX = 40;
export const PRICE_MAX = 99_999_999;

const NO_TEXT = { use: 'none', max: 0, maxLines: 0 } as const;
const NO_IMAGE = { use: 'none', ratio: RATIO_IMAGE } as const;
const BASE = {
  header: 'none',
  commerce: 'none',
  additionalContent: 'none',
  video: 'none',
  items: null,
  carousel: null,
  coupon: true,
  buttonNameMax: 8,
} as const;
/** Text and image messages stack their buttons vertically: up to 5, with room for longer names. */
const VERTICAL_BUTTONS = { buttons: { min: 0, max: 5 }, buttonNameMax: 14 } as const;
/** Item lists (wide item list, catalog): a header over items that carry the images. */
const ITEM_LIST = {
  ...BASE,
  text: NO_TEXT,
  header: 'required',
  image: NO_IMAGE,
  buttons: { min: 0, max: 2 },
} as const;
/** Carousels: the cards carry the images, texts, buttons and coupons; the message itself none of them. */
const CAROUSEL = {
  ...BASE,
  text: NO_TEXT,
  image: NO_IMAGE,
  buttons: { min: 0, max: 0 },
  coupon: false,
} as const;

export const KIND_RULES = {
  TEXT: {
    ...BASE,
    ...VERTICAL_BUTTONS,
    text: { use: 'required', max: 1300, maxLines: 99 },
    image: NO_IMAGE,
  },
  IMAGE: {
    ...BASE,
    ...VERTICAL_BUTTONS,
    text: { use: 'required', max: 400, maxLines: 99 },
    image: { use: 'required', ratio: RATIO_IMAGE },
  },
  WIDE: {
    ...BASE,
    text: { use: 'required', max: 76, maxLines: 5 },
    image: { use: 'required', ratio: RATIO_WIDE },
    buttons: { min: 0, max: 2 },
  },
  WIDE_ITEM_LIST: { ...ITEM_LIST, items: { min: 3, max: 4, ratios: wideListRatios } },
  CAROUSEL_FEED: { ...CAROUSEL, carousel: 'feed' },
  PREMIUM_VIDEO: {
    ...BASE,
    text: { use: 'optional', max: 76, maxLines: 5 },
    header: 'optional',
    image: NO_IMAGE,
    buttons: { min: 0, max: 1 },
    video: 'required',
  },
  COMMERCE: {
    ...BASE,
    text: NO_TEXT,
    image: { use: 'required', ratio: RATIO_WIDE },
    buttons: { min: 1, max: 2 },
    commerce: 'required',
    additionalContent: 'optional',
  },
  CAROUSEL_COMMERCE: { ...CAROUSEL, carousel: 'commerce' },
  CATALOG: { ...ITEM_LIST, items: { min: 3, max: 7, ratios: catalogRatios } },
} as const satisfies Record<BrandKind, KindRules>;

/** Characters as a reader counts them (a Korean syllable or an emoji is one). */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export function lineBreaks(text: string): number {
  let n = 0;
  for (const ch of text) if (ch === '\n') n += 1;
  return n;
}

/**
 * The platform's coupon titles: "N원 할인 쿠폰" (1 to 99,999,999 won), "N% 할인 쿠폰" (1 to 100),
 * "배송비 할인 쿠폰", "<up to 7 characters> 무료 쿠폰", "<up to 7 characters> UP 쿠폰". A title
 * holding a #{variable} is filled per recipient and checked when it is sent.
 */
export function couponTitleFits(title: string): boolean {
  return (
    /^[1-9]\d{0,7}원 할인 쿠폰$/.test(title) ||
    /^([1-9]\d?|100)% 할인 쿠폰$/.test(title) ||
    title === '배송비 할인 쿠폰' ||
    /^\S.{0,6} 무료 쿠폰$/u.test(title) ||
    /^\S.{0,6} UP 쿠폰$/u.test(title)
  );
}
