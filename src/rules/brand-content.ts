import { compileTemplate } from './substitution.ts';

/*
 * What a brand message template holds beside its text, as stored and as the send path reads it.
 * Field names follow the spec's: buttons carry `urlMobile`/`urlPc` like the infomsg buttons,
 * images `imgUrl`/`imgLink` like the image uploads' answer.
 */

export interface BrandButton {
  type: string;
  name: string;
  urlMobile?: string;
  urlPc?: string;
  schemeIos?: string;
  schemeAndroid?: string;
}

export interface BrandImage {
  imgUrl: string;
  imgLink?: string;
}

export interface BrandCoupon {
  title: string;
  description?: string;
  urlMobile?: string;
  urlPc?: string;
  schemeIos?: string;
  schemeAndroid?: string;
}

export interface BrandCommerce {
  title: string;
  regularPrice: number;
  discountPrice?: number;
  discountRate?: number;
  discountFixed?: number;
}

/** One entry of a wide item list or of a catalog. */
export interface BrandItem {
  title: string;
  description?: string;
  imgUrl: string;
  urlMobile: string;
  urlPc?: string;
}

export interface BrandVideo {
  videoUrl: string;
  thumbnailUrl?: string;
}

export interface CarouselCard {
  header?: string;
  message?: string;
  additionalContent?: string;
  image: BrandImage;
  buttons: BrandButton[];
  coupon?: BrandCoupon;
  commerce?: BrandCommerce;
}

/** The intro card of a carousel commerce. */
export interface CarouselHead {
  header: string;
  content: string;
  imgUrl?: string;
  urlMobile?: string;
  urlPc?: string;
}

/** The "more" link after the last card. */
export interface CarouselTail {
  urlMobile: string;
  urlPc?: string;
  schemeIos?: string;
  schemeAndroid?: string;
}

export interface BrandCarousel {
  head?: CarouselHead;
  list: CarouselCard[];
  tail?: CarouselTail;
}

/** Everything of a template but its text; a part the msgType does not take is absent. */
export interface BrandContent {
  header?: string;
  additionalContent?: string;
  image?: BrandImage;
  buttons: BrandButton[];
  coupon?: BrandCoupon;
  commerce?: BrandCommerce;
  video?: BrandVideo;
  items: BrandItem[];
  carousel?: BrandCarousel;
  /** The channel-level discount rate (as a send's brandmessage object carries it). */
  discountRate?: number;
}

function collect(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    for (const k of compileTemplate(value).keys) into.add(k);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) collect(v, into);
  }
}

/**
 * The distinct `#{key}` variables of a template, text first, then its content in stored order.
 * A template with variables cannot go out as a broadcast (spec: Broadcast request), and a basic
 * send of one needs a value for each.
 */
export function variablesOf(template: { text: string; content: BrandContent }): string[] {
  const keys = new Set<string>();
  collect(template.text, keys);
  collect(template.content, keys);
  return [...keys];
}
