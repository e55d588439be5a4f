import { GatewayError } from '../../errors.ts';

/**
 * Limits of an informational template's fields (spec: Limits; those it leaves open are the
 * platform's: docs/templates.md) and the small checks every rules module shares.
 * Lengths are in characters (code points).
 */
export const LIMITS = Object.freeze({
  templateCode: 30,
  templateName: 150,
  text: 1000,
  variables: 40,
  variableKey: 50,
  variableExample: 200,
  extra: 500,
  title: 50,
  subtitle: 50,
  header: 16,
  highlightTitle: 30,
  highlightDescription: 19,
  itemsMin: 2,
  itemsMax: 10,
  itemTitle: 6,
  itemDescription: 23,
  summaryTitle: 6,
  summaryDescription: 14,
  previewMessage: 40,
  buttons: 5,
  buttonName: 14,
  url: 1000,
  imgName: 100,
  comment: 500,
});

/** Characters as people count them: code points, so a Korean syllable is one. */
export const length = (s: string): number => [...s].length;

/** "" and null both mean "none". */
export function opt(v: string | null | undefined): string | null {
  return v === undefined || v === null || v === '' ? null : v;
}

/** An http(s) URL; `#{key}` variables may stand for parts of it. */
export function isWebUrl(v: string): boolean {
  if (length(v) > LIMITS.url) return false;
  // A keyword may stand for part of the address (https://shop.example/#{path}).
  try {
    const u = new URL(v.replaceAll(/#\{[^}]*\}/g, 'x'));
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function within(code: 'A516' | 'A517' | 'A522', field: string, v: string, max: number): string {
  if (length(v) > max) throw new GatewayError(code, `${field} is longer than ${max} characters`);
  return v;
}

export function nonEmpty(code: 'A516' | 'A503', field: string, v: string): string {
  if (v.trim() === '') throw new GatewayError(code, `${field} is empty`);
  return v;
}
