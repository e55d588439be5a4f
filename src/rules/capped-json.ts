/*
 * A value written as JSON text up to a size, with some fields' values masked: what a refused
 * request keeps of its body and answer (src/http/refused-requests.ts). The walk stops once the
 * cap is reached, so a 2 MB body costs the cap's worth of work, not a whole JSON.stringify.
 */

export interface CappedText {
  text: string;
  /** The value's JSON was longer than the cap (or nested deeper than MAX_DEPTH): `text` is its beginning. */
  truncated: boolean;
}

/** What a masked value is written as: the stored 2FA text's mark (src/rules/twofa.ts MASKED_CODE). */
export const MASK = '******';

/**
 * Fields whose values are secrets wherever they appear: a 2FA code (`authNumber`, in both the
 * request and the verification bodies) and the names clients give credentials.
 */
const SECRET_FIELDS = new Set([
  'authnumber',
  'password',
  'passwd',
  'secret',
  'apikey',
  'api_key',
  'token',
  'authorization',
]);

export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase());
}

/** Deeper than this is cut: a request body of a real client is a few levels deep. */
const MAX_DEPTH = 32;

class Writer {
  readonly parts: string[] = [];
  length = 0;
  truncated = false;
  constructor(readonly cap: number) {}

  get full(): boolean {
    return this.length >= this.cap;
  }

  put(s: string): void {
    if (this.full) {
      this.truncated = true;
      return;
    }
    this.parts.push(s);
    this.length += s.length;
  }

  /** A string value: only as much of a long one as can still be kept is quoted. */
  putString(s: string): void {
    const room = this.cap - this.length;
    if (s.length > room) {
      this.put(JSON.stringify(s.slice(0, Math.max(0, room))));
      this.truncated = true;
    } else {
      this.put(JSON.stringify(s));
    }
  }

  value(v: unknown, depth: number): void {
    if (this.full) {
      this.truncated = true;
      return;
    }
    if (v === null || typeof v === 'number' || typeof v === 'boolean') {
      this.put(typeof v === 'number' && !Number.isFinite(v) ? 'null' : String(v));
      return;
    }
    if (typeof v === 'string') {
      this.putString(v);
      return;
    }
    if (typeof v !== 'object') {
      // undefined, functions, symbols: nothing a parsed body holds; bigints as text.
      this.put(typeof v === 'bigint' ? JSON.stringify(v.toString()) : 'null');
      return;
    }
    if (depth >= MAX_DEPTH) {
      this.put('"…"');
      this.truncated = true;
      return;
    }
    if (Array.isArray(v)) {
      this.put('[');
      for (let i = 0; i < v.length && !this.full; i++) {
        if (i > 0) this.put(',');
        this.value(v[i], depth + 1);
      }
      this.put(']');
      return;
    }
    this.put('{');
    let first = true;
    for (const [k, item] of Object.entries(v)) {
      if (item === undefined) continue;
      if (this.full) {
        this.truncated = true;
        break;
      }
      if (!first) this.put(',');
      first = false;
      this.putString(k);
      this.put(':');
      if (isSecretField(k)) this.put(JSON.stringify(MASK));
      else this.value(item, depth + 1);
    }
    this.put('}');
  }
}

/**
 * `value` as JSON text of at most `cap` characters, every secret field's value (isSecretField)
 * written as MASK. Whole, it is valid JSON; truncated, it is the beginning of the value's JSON.
 */
export function cappedJson(value: unknown, cap: number): CappedText {
  const w = new Writer(cap);
  w.value(value, 0);
  const text = w.parts.join('');
  if (text.length > cap) return { text: text.slice(0, cap), truncated: true };
  return { text, truncated: w.truncated };
}

const SECRET_IN_TEXT =
  /("(?:authNumber|password|passwd|secret|apiKey|api_key|token)"\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/gi;

/**
 * Text that was not JSON (a body refused as bad JSON), cut to `cap` characters, with what reads as
 * a secret field's value masked as cappedJson masks it.
 */
export function cappedText(text: string, cap: number): CappedText {
  const cut = text.length > cap ? text.slice(0, cap) : text;
  return { text: cut.replace(SECRET_IN_TEXT, `$1"${MASK}"`), truncated: text.length > cap };
}
