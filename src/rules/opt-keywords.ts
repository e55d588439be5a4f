import { foldText } from './phrase-matcher.ts';

/**
 * Opt-out and opt-in keywords of MO messages. A message is a keyword when, folded (NFKC, lower
 * case, whitespace left out) and stripped of punctuation around it, it is the keyword itself:
 * "STOP", " stop. ", "수신 거부" and "수신거부!" count; "don't stop" and "수신거부 철회" do not.
 * A whole-message match is how carriers treat STOP (a word inside a conversation is not a
 * request), and it keeps "수신거부 철회" (withdrawing an opt-out) from being read as one.
 */

export const DEFAULT_OPT_OUT_KEYWORDS: readonly string[] = [
  '수신거부',
  '광고거부',
  '광고수신거부',
  '거부',
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
];

export const DEFAULT_OPT_IN_KEYWORDS: readonly string[] = ['수신동의', '광고수신동의', 'START', 'UNSTOP'];

const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

function keywordForm(text: string): string {
  return foldText(text).replace(EDGE_PUNCTUATION, '');
}

export class OptKeywords {
  readonly #out: ReadonlySet<string>;
  readonly #in: ReadonlySet<string>;

  constructor(optOut: readonly string[], optIn: readonly string[]) {
    this.#out = new Set(optOut.map(keywordForm).filter((k) => k !== ''));
    this.#in = new Set(optIn.map(keywordForm).filter((k) => k !== ''));
  }

  /** What an MO's content asks for: 'out', 'in', or null (an ordinary message). */
  classify(content: string): 'out' | 'in' | null {
    // Keywords are short: a long message is never one (and is not folded for nothing).
    if (content.length > 64) return null;
    const k = keywordForm(content);
    if (this.#out.has(k)) return 'out';
    if (this.#in.has(k)) return 'in';
    return null;
  }
}
