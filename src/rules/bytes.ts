/**
 * Message length in bytes, by the EUC-KR convention the spec's limits are written in
 * (docs/decisions.md#sending): a code point in U+0000..U+007F counts 1, any other character counts 2.
 * Characters outside EUC-KR (emoji, Latin accents) also count 2: the convention counts
 * characters, it does not encode, so the limit a client computes matches ours.
 */

/** SMS body limit (spec, Limits). */
export const SMS_MAX_BYTES = 90;
/** LMS and MMS body limit (spec, Limits). */
export const MMS_MAX_BYTES = 2000;

/**
 * Counts code points, not UTF-16 units: a surrogate pair (an emoji) is one character, 2 bytes.
 * A lone surrogate also counts 2. A plain loop over char codes: no allocation, no regex, since the
 * send path runs it for every recipient.
 */
export function euckrBytes(text: string): number {
  let n = 0;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      n += 1;
      continue;
    }
    n += 2;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return n;
}

/** Whether the text fits in `max` bytes; stops counting as soon as it does not. */
export function fitsBytes(text: string, max: number): boolean {
  // Every UTF-16 unit counts at least 1 and at most 2 (a pair is one character, 2 bytes).
  if (text.length > max) return false;
  if (text.length * 2 <= max) return true;
  let n = 0;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else {
      n += 2;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
      }
    }
    if (n > max) return false;
  }
  return true;
}
