import { type Code, GatewayError } from '../../errors.ts';
import { charCount } from '../../rules/brand-template.ts';
import type { RatioRule } from '../../rules/image-ratio.ts';

/* Small readers of a client's JSON that throw a coded error naming the field. */

export type Obj = Record<string, unknown>;

export function fail(code: Code, detail: string): never {
  throw new GatewayError(code, detail);
}

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Absent: undefined or null (JSON clients send either for "not used"). */
export function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** An object, or undefined when absent. */
export function optObj(at: string, v: unknown, code: Code): Obj | undefined {
  if (!present(v)) return undefined;
  if (!isObj(v)) fail(code, `${at} must be an object`);
  return v;
}

/** A string (a number is taken as its digits), or undefined when absent or empty. */
export function optString(at: string, v: unknown, code: Code, max?: number): string | undefined {
  if (!present(v)) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') fail(code, `${at} must be a string`);
  const s = String(v);
  if (s.trim() === '') return undefined;
  if (max !== undefined && charCount(s) > max) {
    fail(code, `${at} is ${charCount(s)} characters: at most ${max}`);
  }
  return s;
}

export function reqString(at: string, v: unknown, code: Code, max?: number): string {
  const s = optString(at, v, code, max);
  if (s === undefined) fail(code, `${at} is required`);
  return s;
}

/** A link: http(s), or a #{variable} filled in per recipient. */
const LINK = /^(https?:\/\/\S+|#\{[^}]+\}\S*)$/;

export function optLink(at: string, v: unknown, code: Code): string | undefined {
  const s = optString(at, v, code);
  if (s !== undefined && !LINK.test(s)) fail(code, `${at} must be an http:// or https:// address`);
  return s;
}

export function reqLink(at: string, v: unknown, code: Code): string {
  const s = optLink(at, v, code);
  if (s === undefined) fail(code, `${at} is required`);
  return s;
}

/** Refuses a part the msgType does not take: silently dropping it would send something else. */
export function notTaken(at: string, v: unknown, msgType: string): void {
  if (!present(v)) return;
  if (Array.isArray(v) && v.length === 0) return;
  if (typeof v === 'string' && v.trim() === '') return;
  fail('A545', `${at} is not taken by msgType ${msgType}`);
}

/** An image the template points to, checked against the stored upload once parsing is done. */
export interface ImageRef {
  field: string;
  url: string;
  ratio: RatioRule;
  /** Images of one group (a carousel's cards) must share one ratio. */
  group?: string;
}
