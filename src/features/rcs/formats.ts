import type { RcsMessageFormT } from './schemas.ts';

/**
 * The unified RCS common message formats (message bases) every brand may send with, as the
 * carriers' RCS center publishes them. The set is fixed (seeded), so it lives in code: the RCS
 * center answers it and the send path checks `rcs.formatId` and the body limits against it.
 *
 * Ids follow the carriers' scheme: S (standalone) or C (carousel), then the media width and
 * height classes (`Mw` media width, `Th`/`Lh`/`Rh`/`Sh`/`Mh` media position or height), then the
 * variant; the three text formats are SS000000 (short), SL000000 (long), ST000000 (template).
 */

/**
 * A common format as GET .../messagebase/common answers it (schemas.ts): maxChars is the body
 * (description) limit in characters and maxButtonCount the buttons, both per card for a
 * carousel; titleMaxChars null: the format has no title; every common format is offered to all
 * (bizCondition); registerDate and updateDate are `yyyy-MM-dd HH:mm:ss`, Korea time.
 */
export type RcsCommonFormat = RcsMessageFormT;
/** RS short text, RL long text, RT text template, RM media (a card with an image, or a carousel). */
export type RcsMsgType = RcsCommonFormat['msgType'];
/** free: text only; standalone: one card with media; carousel: 3 to 6 cards side by side. */
export type RcsCardType = RcsCommonFormat['cardType'];
/**
 * One field a message of the format fills, per card (`card` counts from 1); an image's
 * recommended size is the one the card shows it at (the handset scales and crops other sizes).
 */
export type RcsBodyElement = RcsCommonFormat['body'][number];
/** A kind of button the format takes, with its longest label in characters. */
export type RcsSuggestion = RcsCommonFormat['buttons']['suggestions'][number];

const TITLE_MAX = 30;
const BUTTON_LABEL_MAX = 17;
const ALL = ['all'] as const;

/** Launch of the RCS center's common formats, and the day they were unified across carriers. */
const REGISTERED = '2019-08-20 10:00:00';
const UNIFIED = '2023-03-02 10:00:00';
const CAROUSELS_ADDED = '2020-06-15 10:00:00';

const SUGGESTIONS: readonly RcsSuggestion[] = [
  { type: 'urlAction', name: 'Open a web page', displayTextMaxLength: BUTTON_LABEL_MAX },
  { type: 'dialerAction', name: 'Call a number', displayTextMaxLength: BUTTON_LABEL_MAX },
  { type: 'clipboardAction', name: 'Copy text', displayTextMaxLength: BUTTON_LABEL_MAX },
  { type: 'mapAction', name: 'Show a location', displayTextMaxLength: BUTTON_LABEL_MAX },
  { type: 'calendarAction', name: 'Add to calendar', displayTextMaxLength: BUTTON_LABEL_MAX },
  { type: 'composeAction', name: 'Write a message', displayTextMaxLength: BUTTON_LABEL_MAX },
];

function text(param: 'title' | 'description', card: number, required: boolean, maxLength: number) {
  return { param, card, type: 'text', required, maxLength } as const satisfies RcsBodyElement;
}

function media(card: number, width: number, height: number) {
  return {
    param: 'media',
    card,
    type: 'image',
    required: true,
    recommendedWidth: width,
    recommendedHeight: height,
  } as const satisfies RcsBodyElement;
}

function buttons(max: number): Pick<RcsCommonFormat, 'buttons' | 'policyInfo'> {
  return {
    buttons: { suggestions: max > 0 ? SUGGESTIONS : [] },
    policyInfo: { buttonsAllowed: max > 0, maxButtonCount: max },
  };
}

function textFormat(
  formatId: string,
  formName: string,
  msgType: 'RS' | 'RL' | 'RT',
  maxChars: number,
  title: boolean,
  maxButtons: number,
  updateDate: string,
): RcsCommonFormat {
  return {
    formatId,
    formName,
    templateName: formName,
    msgType,
    maxChars,
    titleMaxChars: title ? TITLE_MAX : null,
    cardType: 'free',
    cardCount: 1,
    bizCondition: ALL,
    body: title
      ? [text('title', 1, false, TITLE_MAX), text('description', 1, true, maxChars)]
      : [text('description', 1, true, maxChars)],
    ...buttons(maxButtons),
    registerDate: REGISTERED,
    updateDate,
  };
}

/** One card with an image: description up to 1300 characters, 2 buttons. */
function standalone(formatId: string, formName: string, width: number, height: number): RcsCommonFormat {
  return {
    formatId,
    formName,
    templateName: formName,
    msgType: 'RM',
    maxChars: 1300,
    titleMaxChars: TITLE_MAX,
    cardType: 'standalone',
    cardCount: 1,
    bizCondition: ALL,
    body: [media(1, width, height), text('title', 1, false, TITLE_MAX), text('description', 1, true, 1300)],
    ...buttons(2),
    registerDate: REGISTERED,
    updateDate: UNIFIED,
  };
}

/** 3 to 6 cards, each an image, a title and a short description (60 characters), 2 buttons a card. */
function carousel(
  prefix: 'CMwShS' | 'CMwMhM',
  size: string,
  cards: number,
  width: number,
  height: number,
): RcsCommonFormat {
  const formatId = `${prefix}0${cards}00`;
  const formName = `Carousel of ${cards} ${size} cards`;
  const body: RcsBodyElement[] = [];
  for (let card = 1; card <= cards; card += 1) {
    body.push(
      media(card, width, height),
      text('title', card, true, TITLE_MAX),
      text('description', card, true, 60),
    );
  }
  return {
    formatId,
    formName,
    templateName: formName,
    msgType: 'RM',
    maxChars: 60,
    titleMaxChars: TITLE_MAX,
    cardType: 'carousel',
    cardCount: cards,
    bizCondition: ALL,
    body,
    ...buttons(2),
    registerDate: CAROUSELS_ADDED,
    updateDate: UNIFIED,
  };
}

const FORMATS: readonly RcsCommonFormat[] = [
  // The send path has used these three since the first release: their types and limits are fixed.
  textFormat('SS000000', 'RCS SMS (short text)', 'RS', 100, false, 0, UNIFIED),
  textFormat('SL000000', 'RCS LMS (long text)', 'RL', 1300, true, 3, UNIFIED),
  textFormat('ST000000', 'RCS text template (description)', 'RT', 1300, true, 3, UNIFIED),
  standalone('SMwThT00', 'Vertical card, tall media', 568, 528),
  standalone('SMwThM00', 'Vertical card, medium media', 568, 336),
  standalone('SMwLhX00', 'Horizontal card, media left', 196, 336),
  standalone('SMwRhX00', 'Horizontal card, media right', 196, 336),
  ...[3, 4, 5, 6].map((n) => carousel('CMwShS', 'small', n, 232, 168)),
  ...[3, 4, 5, 6].map((n) => carousel('CMwMhM', 'medium', n, 232, 232)),
];

/** Every common format, keyed by formatId (the send path checks `rcs.formatId` against it). */
export const RCS_COMMON_FORMATS: Readonly<Record<string, RcsCommonFormat>> = Object.freeze(
  Object.fromEntries(FORMATS.map((f) => [f.formatId, f])),
);

/** The format with this id, or undefined (an own-property lookup: `toString` is no format). */
export function findCommonFormat(formatId: string): RcsCommonFormat | undefined {
  return Object.hasOwn(RCS_COMMON_FORMATS, formatId) ? RCS_COMMON_FORMATS[formatId] : undefined;
}
