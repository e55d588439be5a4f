/**
 * Aspect ratios of message images. The platform's guides name ratios (2:1, 1:1, 3:4) and ranges
 * between them; pictures exported from design tools are often a pixel or two off (800x401), so a
 * ratio matches within RATIO_TOLERANCE of the named one rather than exactly.
 */

/** Relative tolerance of a ratio match: 2% (800x400 to 800x408 or 784x400 is 2:1). */
export const RATIO_TOLERANCE = 0.02;

/** A named ratio, width to height. */
export interface Ratio {
  readonly w: number;
  readonly h: number;
}

/** The ratios the image rules name; ratioOf classifies into these first. */
export const NAMED_RATIOS = [
  { w: 2, h: 1 },
  { w: 1, h: 1 },
  { w: 4, h: 3 },
  { w: 3, h: 4 },
] as const satisfies readonly Ratio[];

/** What an image kind accepts: one of a few ratios, or any ratio between two (inclusive). */
export type RatioRule =
  | { readonly oneOf: readonly Ratio[] }
  | { readonly from: Ratio; readonly to: Ratio }
  | { readonly any: true };

export function ratioLabel(r: Ratio): string {
  return `${r.w}:${r.h}`;
}

/** Absorbs float error, so a bound exactly at the tolerance (784x400 for 2:1) is inside. */
const EPSILON = 1e-9;

/** width/height within the tolerance of the ratio. */
export function matchesRatio(width: number, height: number, r: Ratio): boolean {
  const want = r.w / r.h;
  return Math.abs(width / height - want) <= want * RATIO_TOLERANCE + EPSILON;
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return x;
}

/**
 * The ratio of an image, for comparing images with each other (a carousel's images share one
 * ratio; a catalog's first image is 2:1, the rest 1:1): a named ratio when the size is within
 * the tolerance of one, else the reduced fraction (`1000x600` → `5:3`).
 */
export function ratioOf(width: number, height: number): string {
  for (const r of NAMED_RATIOS) if (matchesRatio(width, height, r)) return ratioLabel(r);
  if (!(width > 0 && height > 0)) return `${width}:${height}`;
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

/** Whether images share one ratio in the sense of ratioOf (an empty list or one image does). */
export function shareOneRatio(sizes: readonly { width: number; height: number }[]): boolean {
  return new Set(sizes.map((s) => ratioOf(s.width, s.height))).size <= 1;
}

/** Whether the size satisfies the rule; the bounds of a range get the same tolerance as a match. */
export function ratioAllowed(width: number, height: number, rule: RatioRule): boolean {
  if ('any' in rule) return true;
  if ('oneOf' in rule) return rule.oneOf.some((r) => matchesRatio(width, height, r));
  const a = rule.from.w / rule.from.h;
  const b = rule.to.w / rule.to.h;
  const lo = Math.min(a, b) * (1 - RATIO_TOLERANCE) - EPSILON;
  const hi = Math.max(a, b) * (1 + RATIO_TOLERANCE) + EPSILON;
  const got = width / height;
  return got >= lo && got <= hi;
}

/** The rule as a client reads it: `2:1`, `2:1 or 1:1`, `between 2:1 and 3:4`. */
export function describeRatioRule(rule: RatioRule): string {
  if ('any' in rule) return 'any ratio';
  if ('oneOf' in rule) return rule.oneOf.map(ratioLabel).join(' or ');
  return `between ${ratioLabel(rule.from)} and ${ratioLabel(rule.to)}`;
}
