/**
 * Advertising messages start with the label "(광고)" (Korean law on information and
 * communications networks, art. 50); the gateway uses it to keep advertising reservations out
 * of 20:00-08:00 KST (A330).
 *
 * Decision (docs/decisions.md): only the exact label "(광고)" counts, after leading whitespace
 * (spaces, tabs, line breaks, no-break and ideographic spaces, a byte-order mark). Variants such
 * as "(광 고)" or "[광고]" are not the legal label and are not recognised.
 */

const LABEL = '(광고)';

function isLeadingSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x3000 || c === 0xfeff;
}

/** Whether the text is labelled as advertising. No trim (no copy of the text). */
export function isAdvertising(text: string): boolean {
  let i = 0;
  while (i < text.length && isLeadingSpace(text.charCodeAt(i))) i++;
  return text.startsWith(LABEL, i);
}
