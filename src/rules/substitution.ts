/**
 * `#{key}` substitution (spec, Shared behaviours 3). A text is split once per request into
 * literal parts and keywords, then rendered per recipient with that recipient's replaceWords.
 *
 * Decisions (docs/decisions.md):
 * - A key is taken exactly as written between `#{` and the next `}`: `#{ name }` has the key
 *   " name ", not "name". Clients' replaceWords keys are matched verbatim, as the template
 *   registries of the carriers do; trimming would make two spellings mean one variable.
 * - `#{}` (empty key) and a `#{` with no `}` after it are literal text, not keywords.
 * - A `#{` inside a would-be key starts the keyword again: in `#{a #{b}` the keyword is `#{b}`
 *   and `#{a ` is literal text.
 * - A keyword without a value is left in the text unchanged (`#{key}`), so the client sees the
 *   mistake in what is delivered instead of a silently blanked word; `missing()` lists such
 *   keys for callers that prefer to refuse.
 * - Values are inserted as they are: a value holding `#{x}` is not substituted again.
 */

export type ReplaceWords = Readonly<Record<string, string>>;

export interface Template {
  /** The text as given. */
  readonly text: string;
  /** Distinct keys, in order of first appearance. */
  readonly keys: readonly string[];
  readonly hasKeys: boolean;
  /** The text with every keyword that has a value replaced; others stay as `#{key}`. */
  render(values: ReplaceWords | undefined): string;
  /** Keys of the text that `values` has no value for (distinct, in order of appearance). */
  missing(values: ReplaceWords | undefined): string[];
}

const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * A value is used only when it is the object's own string property: replaceWords comes from
 * JSON, and `#{constructor}` must not find Object.prototype.constructor.
 */
function wordFor(values: ReplaceWords | undefined, key: string): string | undefined {
  if (values === undefined || !Object.hasOwn(values, key)) return undefined;
  const v = values[key];
  return typeof v === 'string' ? v : undefined;
}

class PlainText implements Template {
  readonly keys = NO_KEYS;
  readonly hasKeys = false;
  constructor(readonly text: string) {}
  render(): string {
    return this.text;
  }
  missing(): string[] {
    return [];
  }
}

class KeywordText implements Template {
  readonly hasKeys = true;
  readonly keys: readonly string[];
  constructor(
    readonly text: string,
    /** literals.length === slots.length + 1: literal, slot, literal, ..., literal. */
    private readonly literals: readonly string[],
    private readonly slots: readonly string[],
  ) {
    this.keys = Object.freeze([...new Set(slots)]);
  }

  render(values: ReplaceWords | undefined): string {
    let out = this.literals[0] ?? '';
    for (let i = 0; i < this.slots.length; i++) {
      const key = this.slots[i] ?? '';
      const v = wordFor(values, key);
      out += v === undefined ? `#{${key}}` : v;
      out += this.literals[i + 1] ?? '';
    }
    return out;
  }

  missing(values: ReplaceWords | undefined): string[] {
    const out: string[] = [];
    for (const key of this.keys) if (wordFor(values, key) === undefined) out.push(key);
    return out;
  }
}

/** Splits a text once into literals and keywords; a text without `#{` costs one indexOf. */
export function compileTemplate(text: string): Template {
  let open = text.indexOf('#{');
  if (open === -1) return new PlainText(text);
  const literals: string[] = [];
  const slots: string[] = [];
  let litStart = 0;
  while (open !== -1) {
    const close = text.indexOf('}', open + 2);
    if (close === -1) break;
    const reopen = text.indexOf('#{', open + 2);
    if (reopen !== -1 && reopen < close) {
      open = reopen;
      continue;
    }
    if (close === open + 2) {
      // `#{}`: literal; look for the next keyword after it.
      open = text.indexOf('#{', close + 1);
      continue;
    }
    literals.push(text.slice(litStart, open));
    slots.push(text.slice(open + 2, close));
    litStart = close + 1;
    open = text.indexOf('#{', litStart);
  }
  if (slots.length === 0) return new PlainText(text);
  literals.push(text.slice(litStart));
  return new KeywordText(text, literals, slots);
}

/** The keys of every keyword inside `value` (distinct, in order of appearance). */
export function keywordsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const k of compileTemplate(value).keys) if (!into.includes(k)) into.push(k);
  } else if (Array.isArray(value)) for (const v of value) keywordsIn(v, into);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) keywordsIn(v, into);
  return into;
}

/** A channel object split once: its strings with keywords compiled, the rest kept as it is. */
type PayloadNode =
  | { kind: 'same'; value: unknown }
  | { kind: 'text'; t: Template }
  | { kind: 'list'; items: PayloadNode[] }
  | { kind: 'map'; entries: Array<[string, PayloadNode]> };

function compileNode(value: unknown): PayloadNode {
  if (typeof value === 'string') {
    const t = compileTemplate(value);
    return t.hasKeys ? { kind: 'text', t } : { kind: 'same', value };
  }
  if (Array.isArray(value)) {
    const items = value.map(compileNode);
    return items.every((n) => n.kind === 'same') ? { kind: 'same', value } : { kind: 'list', items };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]): [string, PayloadNode] => [k, compileNode(v)]);
    return entries.every(([, n]) => n.kind === 'same') ? { kind: 'same', value } : { kind: 'map', entries };
  }
  return { kind: 'same', value };
}

function renderNode(n: PayloadNode, values: ReplaceWords | undefined): unknown {
  switch (n.kind) {
    case 'same':
      return n.value;
    case 'text':
      return n.t.render(values);
    case 'list':
      return n.items.map((x) => renderNode(x, values));
    case 'map':
      return Object.fromEntries(n.entries.map(([k, x]) => [k, renderNode(x, values)]));
  }
}

/**
 * A channel object's renderer, split once per request (like a text): every string with keywords
 * (text, title, button links, items) is filled per recipient; parts without keywords are shared.
 * Null when the object holds no keyword at all.
 */
export function compilePayload(
  payload: Record<string, unknown>,
): ((values: ReplaceWords | undefined) => Record<string, unknown>) | null {
  const entries = Object.entries(payload).map(([k, v]): [string, PayloadNode] => [k, compileNode(v)]);
  if (entries.every(([, n]) => n.kind === 'same')) return null;
  return (values) => Object.fromEntries(entries.map(([k, n]) => [k, renderNode(n, values)]));
}
