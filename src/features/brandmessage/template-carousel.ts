import type { BrandCarousel, CarouselCard, CarouselHead, CarouselTail } from '../../rules/brand-content.ts';
import {
  ADDITIONAL_CONTENT_MAX,
  CAROUSEL_CARD_BUTTONS,
  CAROUSEL_CARDS,
  CAROUSEL_HEAD_CONTENT_MAX,
  CAROUSEL_MESSAGE_MAX,
  HEADER_MAX,
  RATIO_CAROUSEL,
  RATIO_IMAGE,
} from '../../rules/brand-template.ts';
import {
  fail,
  type ImageRef,
  isObj,
  notTaken,
  optLink,
  optObj,
  optString,
  reqLink,
  reqString,
} from './template-fields.ts';
import { parseButtons, parseCommerce, parseCoupon, parseImage } from './template-parts.ts';

/** Carousel card images are checked as one group: they must share one ratio (spec). */
export const CAROUSEL_GROUP = 'carousel';

function parseHead(at: string, raw: unknown, images: ImageRef[]): CarouselHead | undefined {
  const o = optObj(at, raw, 'A539');
  if (!o) return undefined;
  const head: CarouselHead = {
    header: reqString(`${at}.header`, o.header, 'A539', HEADER_MAX),
    content: reqString(`${at}.content`, o.content, 'A539', CAROUSEL_HEAD_CONTENT_MAX),
  };
  const imgUrl = optString(`${at}.imgUrl`, o.imgUrl, 'A539');
  if (imgUrl !== undefined) {
    head.imgUrl = imgUrl;
    images.push({ field: `${at}.imgUrl`, url: imgUrl, ratio: RATIO_IMAGE });
  }
  const urlMobile = optLink(`${at}.urlMobile`, o.urlMobile, 'A539');
  const urlPc = optLink(`${at}.urlPc`, o.urlPc, 'A539');
  if (urlMobile !== undefined) head.urlMobile = urlMobile;
  if (urlPc !== undefined) head.urlPc = urlPc;
  return head;
}

function parseTail(at: string, raw: unknown): CarouselTail | undefined {
  const o = optObj(at, raw, 'A539');
  if (!o) return undefined;
  const tail: CarouselTail = { urlMobile: reqLink(`${at}.urlMobile`, o.urlMobile, 'A539') };
  const urlPc = optLink(`${at}.urlPc`, o.urlPc, 'A539');
  const schemeIos = optString(`${at}.schemeIos`, o.schemeIos, 'A539');
  const schemeAndroid = optString(`${at}.schemeAndroid`, o.schemeAndroid, 'A539');
  if (urlPc !== undefined) tail.urlPc = urlPc;
  if (schemeIos !== undefined) tail.schemeIos = schemeIos;
  if (schemeAndroid !== undefined) tail.schemeAndroid = schemeAndroid;
  return tail;
}

function parseCard(
  at: string,
  raw: unknown,
  style: 'feed' | 'commerce',
  msgType: string,
  now: number,
  images: ImageRef[],
): CarouselCard {
  if (!isObj(raw)) fail('A539', `${at} must be an object`);
  const att = optObj(`${at}.attachment`, raw.attachment, 'A539');
  if (!att) fail('A539', `${at}.attachment is required (image and buttons)`);
  const card: CarouselCard = {
    image: parseImage(`${at}.attachment.image`, att.image, RATIO_CAROUSEL, images, CAROUSEL_GROUP),
    buttons: parseButtons(`${at}.attachment.button`, att.button, CAROUSEL_CARD_BUTTONS, 8, msgType),
  };
  if (style === 'feed') {
    card.header = reqString(`${at}.header`, raw.header, 'A539', HEADER_MAX);
    card.message = reqString(`${at}.message`, raw.message, 'A539', CAROUSEL_MESSAGE_MAX);
    notTaken(`${at}.additionalContent`, raw.additionalContent, msgType);
    notTaken(`${at}.attachment.commerce`, att.commerce, msgType);
  } else {
    notTaken(`${at}.header`, raw.header, msgType);
    notTaken(`${at}.message`, raw.message, msgType);
    card.commerce = parseCommerce(`${at}.attachment.commerce`, att.commerce, now);
    const extra = optString(`${at}.additionalContent`, raw.additionalContent, 'A546', ADDITIONAL_CONTENT_MAX);
    if (extra !== undefined) card.additionalContent = extra;
  }
  const coupon = parseCoupon(`${at}.attachment.coupon`, att.coupon);
  if (coupon) card.coupon = coupon;
  return card;
}

/** A carousel feed or carousel commerce: 2 to 10 cards, an optional tail (and head, commerce only). */
export function parseCarousel(
  at: string,
  raw: unknown,
  style: 'feed' | 'commerce',
  msgType: string,
  now: number,
  images: ImageRef[],
): BrandCarousel {
  const o = optObj(at, raw, 'A539');
  if (!o)
    fail('A539', `${at} is required: ${CAROUSEL_CARDS.min} to ${CAROUSEL_CARDS.max} cards in ${at}.list`);
  const list = o.list;
  if (!Array.isArray(list)) fail('A539', `${at}.list is required`);
  if (list.length < CAROUSEL_CARDS.min || list.length > CAROUSEL_CARDS.max) {
    fail(
      'A539',
      `${at}.list has ${list.length} cards: a carousel takes ${CAROUSEL_CARDS.min} to ${CAROUSEL_CARDS.max}`,
    );
  }
  if (style === 'feed') notTaken(`${at}.head`, o.head, msgType);
  const head = style === 'commerce' ? parseHead(`${at}.head`, o.head, images) : undefined;
  const cards = list.map((c, i) => parseCard(`${at}.list[${i}]`, c, style, msgType, now, images));
  const tail = parseTail(`${at}.tail`, o.tail);
  return { ...(head ? { head } : {}), list: cards, ...(tail ? { tail } : {}) };
}
