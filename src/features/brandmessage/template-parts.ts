import type {
  BrandButton,
  BrandCommerce,
  BrandCoupon,
  BrandImage,
  BrandItem,
  BrandVideo,
} from '../../rules/brand-content.ts';
import { checkDiscountRate, discountRateValue } from '../../rules/brand-message.ts';
import {
  CATALOG_DESCRIPTION_MAX,
  COMMERCE_TITLE_MAX,
  COUPON_DESCRIPTION_MAX,
  couponTitleFits,
  ITEM_TITLE_MAX,
  PRICE_MAX,
} from '../../rules/brand-template.ts';
import type { RatioRule } from '../../rules/image-ratio.ts';
import { compileTemplate } from '../../rules/substitution.ts';
import {
  fail,
  type ImageRef,
  isObj,
  notTaken,
  type Obj,
  optLink,
  optObj,
  optString,
  present,
  reqLink,
  reqString,
} from './template-fields.ts';

/* The structures inside a template (buttons, coupon, commerce, image, items, video). */

/** The platform's button types (web link, app link, bot keyword, message delivery, consult
 * talk, bot transfer, channel add, business form). */
export const BUTTON_TYPES: readonly string[] = ['WL', 'AL', 'BK', 'MD', 'BC', 'BT', 'AC', 'BF'];

export function parseButtons(
  at: string,
  raw: unknown,
  count: { min: number; max: number },
  nameMax: number,
  msgType: string,
): BrandButton[] {
  if (present(raw) && !Array.isArray(raw)) fail('A503', `${at} must be an array`);
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  if (list.length > count.max) {
    fail('A503', `${at} has ${list.length} buttons: msgType ${msgType} takes at most ${count.max}`);
  }
  if (list.length < count.min) {
    fail('A503', `${at} needs at least ${count.min} button(s) for msgType ${msgType}`);
  }
  return list.map((b, i) => {
    const f = `${at}[${i}]`;
    if (!isObj(b)) fail('A503', `${f} must be an object`);
    const type = reqString(`${f}.type`, b.type, 'A503');
    if (!BUTTON_TYPES.includes(type)) fail('A503', `${f}.type must be one of ${BUTTON_TYPES.join(', ')}`);
    const name = reqString(`${f}.name`, b.name, 'A503', nameMax);
    // Spec: button names cannot hold variables.
    if (compileTemplate(name).hasKeys) fail('A503', `${f}.name cannot hold a #{variable}`);
    const button: BrandButton = { type, name };
    const urlMobile = optLink(`${f}.urlMobile`, b.urlMobile, 'A503');
    const urlPc = optLink(`${f}.urlPc`, b.urlPc, 'A503');
    const schemeIos = optString(`${f}.schemeIos`, b.schemeIos, 'A503');
    const schemeAndroid = optString(`${f}.schemeAndroid`, b.schemeAndroid, 'A503');
    if (type === 'WL' && urlMobile === undefined) fail('A503', `${f}.urlMobile is required for a WL button`);
    if (type === 'AL' && !urlMobile && !schemeIos && !schemeAndroid) {
      fail('A503', `${f} (AL) needs schemeIos, schemeAndroid or urlMobile`);
    }
    if (urlMobile !== undefined) button.urlMobile = urlMobile;
    if (urlPc !== undefined) button.urlPc = urlPc;
    if (schemeIos !== undefined) button.schemeIos = schemeIos;
    if (schemeAndroid !== undefined) button.schemeAndroid = schemeAndroid;
    return button;
  });
}

export function parseCoupon(at: string, raw: unknown): BrandCoupon | undefined {
  const o = optObj(at, raw, 'A536');
  if (!o) return undefined;
  const title = reqString(`${at}.title`, o.title, 'A536');
  if (!compileTemplate(title).hasKeys && !couponTitleFits(title)) {
    fail(
      'A536',
      `${at}.title must be "N원 할인 쿠폰", "N% 할인 쿠폰", "배송비 할인 쿠폰", "<1-7 characters> 무료 쿠폰" or "<1-7 characters> UP 쿠폰"`,
    );
  }
  const coupon: BrandCoupon = { title };
  const description = optString(`${at}.description`, o.description, 'A536', COUPON_DESCRIPTION_MAX);
  const urlMobile = optLink(`${at}.urlMobile`, o.urlMobile, 'A536');
  const urlPc = optLink(`${at}.urlPc`, o.urlPc, 'A536');
  const schemeIos = optString(`${at}.schemeIos`, o.schemeIos, 'A536');
  const schemeAndroid = optString(`${at}.schemeAndroid`, o.schemeAndroid, 'A536');
  if (!urlMobile && !schemeIos && !schemeAndroid) {
    fail('A536', `${at} needs a link: urlMobile, schemeIos or schemeAndroid`);
  }
  if (description !== undefined) coupon.description = description;
  if (urlMobile !== undefined) coupon.urlMobile = urlMobile;
  if (urlPc !== undefined) coupon.urlPc = urlPc;
  if (schemeIos !== undefined) coupon.schemeIos = schemeIos;
  if (schemeAndroid !== undefined) coupon.schemeAndroid = schemeAndroid;
  return coupon;
}

function price(at: string, v: unknown, min: number, max: number): number | undefined {
  if (!present(v)) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    fail('A537', `${at} must be an integer ${min} to ${max}`);
  }
  return v;
}

/** The discount rate as the client spelled it (discountRate or discount_rate), checked (A337). */
export function discountRateOf(at: string, o: Obj, now: number): number | undefined {
  const [field, value] =
    o.discountRate !== undefined ? ['discountRate', o.discountRate] : ['discount_rate', o.discount_rate];
  const reason = checkDiscountRate(value, now);
  if (reason !== null) fail('A337', `${at}.${field} ${reason}`);
  const rate = discountRateValue(value);
  return typeof rate === 'number' ? rate : undefined;
}

export function parseCommerce(at: string, raw: unknown, now: number): BrandCommerce {
  const o = optObj(at, raw, 'A537');
  if (!o) fail('A537', `${at} is required`);
  const title = reqString(`${at}.title`, o.title, 'A537', COMMERCE_TITLE_MAX);
  const regularPrice = price(`${at}.regularPrice`, o.regularPrice, 0, PRICE_MAX);
  if (regularPrice === undefined) fail('A537', `${at}.regularPrice is required`);
  const discountPrice = price(`${at}.discountPrice`, o.discountPrice, 0, PRICE_MAX);
  const discountRate = discountRateOf(at, o, now);
  const discountFixed = price(`${at}.discountFixed`, o.discountFixed, 1, PRICE_MAX);
  const commerce: BrandCommerce = { title, regularPrice };
  if (discountRate !== undefined && discountFixed !== undefined) {
    fail('A537', `${at}: give discountRate or discountFixed, not both`);
  }
  const discounted = discountRate !== undefined || discountFixed !== undefined;
  if (discounted && discountPrice === undefined) {
    fail('A537', `${at}.discountPrice is required with a discountRate or discountFixed`);
  }
  if (!discounted && discountPrice !== undefined) {
    fail('A537', `${at}.discountPrice needs a discountRate or discountFixed`);
  }
  if (discountPrice !== undefined) {
    if (discountPrice > regularPrice) fail('A537', `${at}.discountPrice is above regularPrice`);
    commerce.discountPrice = discountPrice;
  }
  if (discountRate !== undefined) commerce.discountRate = discountRate;
  if (discountFixed !== undefined) commerce.discountFixed = discountFixed;
  return commerce;
}

/** An image object ({imgUrl, imgLink}); its upload and ratio are checked later through `images`. */
export function parseImage(
  at: string,
  raw: unknown,
  ratio: RatioRule,
  images: ImageRef[],
  group?: string,
): BrandImage {
  const o = optObj(at, raw, 'A533');
  if (!o) fail('A533', `${at} is required`);
  const imgUrl = reqString(`${at}.imgUrl`, o.imgUrl, 'A533');
  const image: BrandImage = { imgUrl };
  const imgLink = optLink(`${at}.imgLink`, o.imgLink, 'A533');
  if (imgLink !== undefined) image.imgLink = imgLink;
  images.push({ field: `${at}.imgUrl`, url: imgUrl, ratio, ...(group ? { group } : {}) });
  return image;
}

/** Wide item list and catalog entries: `attachment.item.list`. */
export function parseItems(
  at: string,
  raw: unknown,
  rules: { min: number; max: number; ratios: (count: number) => RatioRule[] },
  catalog: boolean,
  msgType: string,
  images: ImageRef[],
): BrandItem[] {
  const holder = optObj(at, raw, 'A538');
  const list = holder?.list;
  if (!Array.isArray(list)) fail('A538', `${at}.list is required: ${rules.min} to ${rules.max} items`);
  if (list.length < rules.min || list.length > rules.max) {
    fail(
      'A538',
      `${at}.list has ${list.length} items: msgType ${msgType} takes ${rules.min} to ${rules.max}`,
    );
  }
  const ratios = rules.ratios(list.length);
  return list.map((it, i) => {
    const f = `${at}.list[${i}]`;
    if (!isObj(it)) fail('A538', `${f} must be an object`);
    const titleMax = catalog ? COMMERCE_TITLE_MAX : i === 0 ? ITEM_TITLE_MAX.first : ITEM_TITLE_MAX.other;
    const title = reqString(`${f}.title`, it.title, 'A538', titleMax);
    const imgUrl = reqString(`${f}.imgUrl`, it.imgUrl, 'A538');
    // The spec's catalog names an item's link `link`; buttons and coupons say urlMobile.
    const urlMobile = reqLink(`${f}.urlMobile`, it.urlMobile ?? it.link, 'A538');
    const item: BrandItem = { title, imgUrl, urlMobile };
    if (catalog) {
      const description = optString(`${f}.description`, it.description, 'A538', CATALOG_DESCRIPTION_MAX);
      if (description !== undefined) item.description = description;
    } else {
      notTaken(`${f}.description`, it.description, msgType);
    }
    const urlPc = optLink(`${f}.urlPc`, it.urlPc, 'A538');
    if (urlPc !== undefined) item.urlPc = urlPc;
    const ratio = ratios[i];
    if (ratio) images.push({ field: `${f}.imgUrl`, url: imgUrl, ratio });
    return item;
  });
}

export function parseVideo(at: string, raw: unknown): BrandVideo {
  const o = optObj(at, raw, 'A544');
  if (!o) fail('A544', `${at} is required`);
  const video: BrandVideo = { videoUrl: reqLink(`${at}.videoUrl`, o.videoUrl, 'A544') };
  const thumbnailUrl = optLink(`${at}.thumbnailUrl`, o.thumbnailUrl, 'A544');
  if (thumbnailUrl !== undefined) video.thumbnailUrl = thumbnailUrl;
  return video;
}
