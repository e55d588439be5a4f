/**
 * Finds whether a text contains any of many phrases (the operator's spam-filter text rules) in
 * one pass over the text, whatever the number of phrases (Aho-Corasick): with 10,000 rules a
 * phrase-by-phrase search would cost more than the rest of a send.
 *
 * Text and phrases are compared in a folded form: Unicode NFKC (full-width letters and digits
 * as their plain forms), lower case, whitespace left out. A spammer's "대 출" or "ＦＲＥＥ" is
 * then the rule's "대출" or "free".
 */

/** The folded form of a text or phrase. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

export class PhraseMatcher<T> {
  /** Per state: the next state by UTF-16 code unit. */
  readonly #next: Map<number, number>[] = [new Map()];
  #fail: Int32Array = new Int32Array(1);
  /** Per state: the index in #values of a phrase ending here (or at a suffix state); -1 none. */
  #hit: Int32Array = new Int32Array(1).fill(-1);
  readonly #values: T[] = [];

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

  /** The value of the first phrase found in the text (folded here), or undefined. */
  find(text: string): T | undefined {
    if (this.#values.length === 0) return undefined;
    const folded = foldText(text);
    let s = 0;
    for (let i = 0; i < folded.length; i++) {
      const c = folded.charCodeAt(i);
      let t = this.#next[s]?.get(c);
      while (t === undefined && s !== 0) {
        s = this.#fail[s] as number;
        t = this.#next[s]?.get(c);
      }
      s = t ?? 0;
      const hit = this.#hit[s] as number;
      if (hit !== -1) return this.#values[hit];
    }
    return undefined;
  }
}
