/**
 * Recipient numbers (docs/decisions.md#sending: domestic `01012345678` form; international E.164 digits
 * without `+`). Only the shape is judged here: whether a carrier can deliver to a well-formed
 * number is learnt from its report, not guessed by the gateway.
 *
 * Decisions (docs/decisions.md):
 * - Digits only. `+`, hyphens, spaces or letters make the number malformed (A306), as the spec
 *   says "digits only"; the gateway does not rewrite what the client sent into something else.
 * - Domestic: mobile 010 (7-8 digits after the prefix), 011/016/017/018/019 (7-8); landlines
 *   02 and the area codes 031-033, 041-044, 051-055, 061-064 (7-8); 070 (8); 050x personal
 *   numbers (0502-0508, 7-8); 080 toll-free (7-8); representative numbers 15xx/16xx/18xx (8 in
 *   all). Many landline and representative numbers cannot take SMS; that is a report, not A306.
 * - International: 8 to 15 digits, first digit 1-9 (E.164), country code other than 82.
 *   International numbers are judged by E.164 shape only, not per-country length.
 * - A Korean number in E.164 form (`821012345678`, also the common `8201012345678`) is domestic
 *   and normalised to `01012345678`; it is malformed if the national part is not a domestic
 *   number.
 * - Representative numbers are 8 digits starting 15/16/18; no E.164 number is that short with
 *   country code 1 (NANP numbers have 11 digits), so the two forms do not overlap.
 */

export type NumberClass =
  | { readonly kind: 'domestic'; readonly number: string }
  | { readonly kind: 'international'; readonly number: string };

// Compiled once: the send path classifies every recipient of every request.
const DOMESTIC =
  /^(?:01[016789]\d{7,8}|02\d{7,8}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}|070\d{8}|050[2-8]\d{7,8}|080\d{7,8}|1[568]\d{6})$/;
const E164 = /^[1-9]\d{7,14}$/;

/** Classifies a recipient number; null when malformed (A306 on that recipient). */
export function classifyNumber(to: string): NumberClass | null {
  if (DOMESTIC.test(to)) return { kind: 'domestic', number: to };
  if (!E164.test(to)) return null;
  if (to.charCodeAt(0) === 0x38 && to.charCodeAt(1) === 0x32) {
    // 82...: Korea in E.164; the national number gets its trunk prefix 0 back.
    const national = to.charCodeAt(2) === 0x30 ? to.slice(2) : `0${to.slice(2)}`;
    return DOMESTIC.test(national) ? { kind: 'domestic', number: national } : null;
  }
  return { kind: 'international', number: to };
}

/** True for a well-formed international (non-Korean) number. */
export function isInternational(to: string): boolean {
  return classifyNumber(to)?.kind === 'international';
}

/** The number to deliver to (Korean E.164 becomes `010...`); null when malformed. */
export function normalizeRecipient(to: string): string | null {
  return classifyNumber(to)?.number ?? null;
}
