import { type BrandContent, variablesOf } from '../../rules/brand-content.ts';
import { type BrandKind, brandKind } from '../../rules/brand-message.ts';
import {
  ADDITIONAL_CONTENT_MAX,
  charCount,
  HEADER_MAX,
  KIND_RULES,
  type KindRules,
  lineBreaks,
  TEMPLATE_NAME_MAX,
  VARIABLES_MAX,
} from '../../rules/brand-template.ts';
import { parseCarousel } from './template-carousel.ts';
import {
  fail,
  type ImageRef,
  isObj,
  notTaken,
  type Obj,
  optObj,
  optString,
  present,
  reqString,
} from './template-fields.ts';
import {
  discountRateOf,
  parseButtons,
  parseCommerce,
  parseCoupon,
  parseImage,
  parseItems,
  parseVideo,
} from './template-parts.ts';

const AT = 'brandmessage';
/** Template codes: the platform's 30 characters, of the characters safe in a URL path. */
export const TEMPLATE_CODE = /^[A-Za-z0-9._-]{1,30}$/;
export const SENDER_KEY_TYPES: readonly string[] = ['S', 'G'];

/** A template as the client wrote it, checked in everything that needs no database. */
export interface TemplateDraft {
  senderKey: string;
  senderKeyType: string | undefined;
  templateCode: string | undefined;
  templateName: string;
  msgType: string;
  kind: BrandKind;
  text: string;
  pushAlarm: 'Y' | 'N';
  adult: boolean;
  content: BrandContent;
  variables: string[];
  /** Every imgUrl with the ratio its place needs: checked against the stored uploads next. */
  images: ImageRef[];
}

export function readSenderKey(raw: Obj): string {
  const senderKey = optString(`${AT}.senderKey`, raw.senderKey, 'A340');
  if (senderKey === undefined) fail('A340', `${AT}.senderKey is required`);
  return senderKey.trim();
}

export function checkSenderKeyType(at: string, v: unknown): string | undefined {
  const t = optString(at, v, 'A542');
  if (t !== undefined && !SENDER_KEY_TYPES.includes(t)) fail('A542', `${at} must be S or G`);
  return t;
}

export function checkTemplateCode(at: string, v: unknown): string | undefined {
  const code = optString(at, v, 'A505');
  if (code !== undefined && !TEMPLATE_CODE.test(code)) {
    fail('A505', `${at} must be 1 to 30 characters of A-Z a-z 0-9 . _ -`);
  }
  return code;
}

/** `basic` (the default) or `template`: both send a stored template. `free` stores nothing. */
function checkSendType(v: unknown): void {
  if (!present(v) || v === 'basic' || v === 'template') return;
  if (v === 'free') {
    fail('A571', `${AT}.sendType free composes its content in the send: register a template as basic`);
  }
  fail('A571', `${AT}.sendType must be basic or template`);
}

function yesNo(at: string, v: unknown, fallback: 'Y' | 'N'): 'Y' | 'N' {
  if (!present(v)) return fallback;
  if (v === 'Y' || v === true) return 'Y';
  if (v === 'N' || v === false) return 'N';
  return fail('A541', `${at} must be Y or N`);
}

function parseText(raw: Obj, rules: KindRules, msgType: string): string {
  const at = `${AT}.text`;
  if (rules.text.use === 'none') {
    notTaken(at, raw.text, msgType);
    return '';
  }
  const text = optString(at, raw.text, 'A532');
  if (text === undefined) {
    if (rules.text.use === 'required') fail('A532', `${at} is required for msgType ${msgType}`);
    return '';
  }
  const n = charCount(text);
  if (n > rules.text.max) {
    fail('A532', `${at} is ${n} characters: msgType ${msgType} takes at most ${rules.text.max}`);
  }
  const breaks = lineBreaks(text);
  if (breaks > rules.text.maxLines) {
    fail('A532', `${at} has ${breaks} line breaks: msgType ${msgType} takes at most ${rules.text.maxLines}`);
  }
  return text;
}

/** The catalog's header is a title; it may come as a string or as {title}. */
function parseHeader(raw: Obj, rules: KindRules, msgType: string): string | undefined {
  const at = `${AT}.header`;
  if (rules.header === 'none') {
    notTaken(at, raw.header, msgType);
    return undefined;
  }
  const value = isObj(raw.header) ? raw.header.title : raw.header;
  const field = isObj(raw.header) ? `${at}.title` : at;
  const header = optString(field, value, 'A540', HEADER_MAX);
  if (header === undefined && rules.header === 'required') {
    fail('A540', `${field} is required for msgType ${msgType}`);
  }
  return header;
}

function parseContent(raw: Obj, kind: BrandKind, msgType: string, now: number, images: ImageRef[]) {
  const rules: KindRules = KIND_RULES[kind];
  const content: BrandContent = { buttons: [], items: [] };
  const header = parseHeader(raw, rules, msgType);
  if (header !== undefined) content.header = header;

  const extraAt = `${AT}.additionalContent`;
  if (rules.additionalContent === 'none') notTaken(extraAt, raw.additionalContent, msgType);
  else {
    const extra = optString(extraAt, raw.additionalContent, 'A546', ADDITIONAL_CONTENT_MAX);
    if (extra !== undefined) content.additionalContent = extra;
  }

  const att = optObj(`${AT}.attachment`, raw.attachment, 'A300') ?? {};
  const at = `${AT}.attachment`;
  if (rules.image.use === 'none') notTaken(`${at}.image`, att.image, msgType);
  else content.image = parseImage(`${at}.image`, att.image, rules.image.ratio, images);

  if (rules.buttons.max === 0) notTaken(`${at}.button`, att.button, msgType);
  else
    content.buttons = parseButtons(`${at}.button`, att.button, rules.buttons, rules.buttonNameMax, msgType);

  if (!rules.coupon) notTaken(`${at}.coupon`, att.coupon, msgType);
  else {
    const coupon = parseCoupon(`${at}.coupon`, att.coupon);
    if (coupon) content.coupon = coupon;
  }

  if (rules.commerce === 'none') notTaken(`${at}.commerce`, att.commerce, msgType);
  else content.commerce = parseCommerce(`${at}.commerce`, att.commerce, now);

  if (rules.video === 'none') notTaken(`${at}.video`, att.video, msgType);
  else content.video = parseVideo(`${at}.video`, att.video);

  if (rules.items === null) notTaken(`${at}.item`, att.item, msgType);
  else content.items = parseItems(`${at}.item`, att.item, rules.items, kind === 'CATALOG', msgType, images);

  if (rules.carousel === null) notTaken(`${AT}.carousel`, raw.carousel, msgType);
  else content.carousel = parseCarousel(`${AT}.carousel`, raw.carousel, rules.carousel, msgType, now, images);

  // A send's brandmessage object carries the rate at its top level; a template may as well.
  const rate = discountRateOf(AT, raw, now);
  if (rate !== undefined) content.discountRate = rate;
  return content;
}

/**
 * Checks a registration or update body (`brandmessage`) in everything that needs no database,
 * at `now` on the gateway clock (the discount rate rule changes on 2026-08-04).
 */
export function parseTemplate(raw: Obj, now: number): TemplateDraft {
  const senderKey = readSenderKey(raw);
  const senderKeyType = checkSenderKeyType(`${AT}.senderKeyType`, raw.senderKeyType);
  checkSendType(raw.sendType);
  const templateCode = checkTemplateCode(`${AT}.templateCode`, raw.templateCode);
  const templateName = reqString(`${AT}.templateName`, raw.templateName, 'A530', TEMPLATE_NAME_MAX);
  const msgType = optString(`${AT}.msgType`, raw.msgType, 'A523');
  const kind = msgType === undefined ? undefined : brandKind(msgType);
  if (msgType === undefined) fail('A523', `${AT}.msgType is required`);
  if (kind === undefined) fail('A523', `${AT}.msgType ${msgType} is not a brand message type`);
  const pushAlarm = yesNo(`${AT}.pushAlarm`, raw.pushAlarm, 'Y');
  const adult = yesNo(`${AT}.adult`, raw.adult, 'N') === 'Y';
  const text = parseText(raw, KIND_RULES[kind], msgType);
  const images: ImageRef[] = [];
  const content = parseContent(raw, kind, msgType, now, images);
  const variables = variablesOf({ text, content });
  if (variables.length > VARIABLES_MAX) {
    fail('A543', `the template has ${variables.length} distinct #{variables}: at most ${VARIABLES_MAX}`);
  }
  return {
    senderKey,
    senderKeyType,
    templateCode,
    templateName,
    msgType,
    kind,
    text,
    pushAlarm,
    adult,
    content,
    variables,
    images,
  };
}
