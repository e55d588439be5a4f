/**
 * Finds whether a text contains any of many phrases (the operator's spam-filter text rules) in
 * one pass over the text, whatever the number of phrases (Aho-Corasick): with 10,000 rules a
 * phrase-by-phrase search would cost more than the rest of a send.
 *
 * Text and phrases are compared in a folded form: Unicode NFKC (full-width letters and digits
 * as their plain forms), lower case, whitespace left out, each UTF-16 unit on its own (so a text
 * is folded as it is walked, without a copy). A spammer's "대 출" or "ＦＲＥＥ" is then the
 * rule's "대출" or "free".
 */

const foldedUnits = new Map<number, string>();

/**
 * The folded form of one UTF-16 code unit at or above 0x80 (NFKC, lower case, no whitespace),
 * cached: texts are folded as they are walked, without a copy of the whole text.
 */
function foldUnit(c: number): string {
  let f = foldedUnits.get(c);
  if (f === undefined) {
    f = String.fromCharCode(c).normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
    foldedUnits.set(c, f);
  }
  return f;
}

function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** The folded form of a text or phrase, unit by unit as the matcher walks a text. */
export function foldText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) out += foldUnit(c);
    else if (!isAsciiSpace(c)) out += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c + 32 : c);
  }
  return out;
}

export class PhraseMatcher<T> {
  /** Per state: the next state by UTF-16 code unit. */
  readonly #next: Map<number, number>[] = [new Map()];
  #fail: Int32Array = new Int32Array(1);
  /** Per state: the index in #values of a phrase ending here (or at a suffix state); -1 none. */
  #hit: Int32Array = new Int32Array(1).fill(-1);
  readonly #values: T[] = [];
  /** Whether some phrase may start with a code unit of this slot (its low 12 bits). */
  readonly #rootStarts = new Uint8Array(0x1000);

  /** `phrases`: each phrase with what a match answers (a rule); empty phrases are left out. */
  constructor(phrases: Iterable<readonly [phrase: string, value: T]>) {
    const own: number[] = [-1];
    for (const [phrase, value] of phrases) {
      const folded = foldText(phrase);
      if (folded === '') continue;
      let s = 0;
      for (let i = 0; i < folded.length; i++) {
        const c = folded.charCodeAt(i);
        let t = this.#next[s]?.get(c);
        if (t === undefined) {
          t = this.#next.length;
          this.#next.push(new Map());
          own.push(-1);
          this.#next[s]?.set(c, t);
        }
        s = t;
      }
      if (own[s] === -1) {
        own[s] = this.#values.length;
        this.#values.push(value);
      }
    }
    this.#link(own);
    for (const c of this.#next[0]?.keys() ?? []) this.#rootStarts[c & 0xfff] = 1;
  }

  /** Failure links breadth first; a state's hit is its own phrase or its longest suffix's. */
  #link(own: readonly number[]): void {
    const n = this.#next.length;
    this.#fail = new Int32Array(n);
    this.#hit = Int32Array.from(own);
    const queue: number[] = [];
    for (const t of this.#next[0]?.values() ?? []) queue.push(t);
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q] as number;
      for (const [c, t] of this.#next[s] ?? []) {
        let f = this.#fail[s] as number;
        while (f !== 0 && !this.#next[f]?.has(c)) f = this.#fail[f] as number;
        const to = this.#next[f]?.get(c);
        const link = to !== undefined && to !== t ? to : 0;
        this.#fail[t] = link;
        if (this.#hit[t] === -1) this.#hit[t] = this.#hit[link] as number;
        queue.push(t);
      }
    }
  }

  get size(): number {
    return this.#values.length;
  }

  #step(s: number, c: number): number {
    // Most of a text walks through the root without starting a phrase: one array read then
    // (a filter of 4,096 slots, 4 KB per matcher: an account's own rules get one too).
    if (s === 0 && this.#rootStarts[c & 0xfff] === 0) return 0;
    let t = this.#next[s]?.get(c);
    while (t === undefined && s !== 0) {
      s = this.#fail[s] as number;
      t = this.#next[s]?.get(c);
    }
    return t ?? 0;
  }

  /** The value of the first phrase found in the text (folded as it is walked), or undefined. */
  find(text: string): T | undefined {
    if (this.#values.length === 0) return undefined;
    // Locals: this loop runs for every character of every recipient's text.
    const starts = this.#rootStarts;
    const hits = this.#hit;
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
        if (c >= 0x41 && c <= 0x5a) c += 32;
        // At the root, a character no phrase starts with leaves it there: the common case.
        if (s === 0 && starts[c & 0xfff] === 0) continue;
        s = this.#step(s, c);
        const hit = hits[s] as number;
        if (hit !== -1) return this.#values[hit];
        continue;
      }
      const f = foldUnit(c);
      for (let j = 0; j < f.length; j++) {
        s = this.#step(s, f.charCodeAt(j));
        const hit = hits[s] as number;
        if (hit !== -1) return this.#values[hit];
      }
    }
    return undefined;
  }
}
