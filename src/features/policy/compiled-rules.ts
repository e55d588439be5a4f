import { PhraseMatcher } from '../../rules/phrase-matcher.ts';
import type { PolicyRule } from '../../store/policy/policy-rules.ts';

/** Prefix rules of one scope as a trie of digits: a number is walked once, without copies. */
class DigitTrie {
  /** Ten children per node (0: none); node 0 is the root. */
  #children = new Int32Array(10 * 64);
  #rules: (PolicyRule | undefined)[] = [undefined];

  add(rule: PolicyRule): void {
    let node = 0;
    for (let i = 0; i < rule.pattern.length; i++) {
      const at = node * 10 + rule.pattern.charCodeAt(i) - 48;
      let next = this.#children[at] as number;
      if (next === 0) {
        next = this.#rules.length;
        this.#rules.push(undefined);
        if (this.#children.length < (next + 1) * 10) {
          const grown = new Int32Array(this.#children.length * 2);
          grown.set(this.#children);
          this.#children = grown;
        }
        this.#children[at] = next;
      }
      node = next;
    }
    this.#rules[node] ??= rule;
  }

  /** The rule of the shortest prefix of the number that has one. */
  find(number: string): PolicyRule | undefined {
    let node = 0;
    for (let i = 0; i < number.length; i++) {
      const d = number.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return undefined;
      node = this.#children[node * 10 + d] as number;
      if (node === 0) return undefined;
      const rule = this.#rules[node];
      if (rule) return rule;
    }
    return undefined;
  }
}

/** Number rules (sender or recipient): exact numbers and prefixes, global or of one account. */
class NumberRules {
  readonly #exact = new Map<string, Map<string, PolicyRule>>();
  readonly #prefix = new Map<string, DigitTrie>();

  add(rule: PolicyRule): void {
    const scope = rule.accountId ?? '';
    if (rule.match === 'prefix') {
      let trie = this.#prefix.get(scope);
      if (!trie) {
        trie = new DigitTrie();
        this.#prefix.set(scope, trie);
      }
      trie.add(rule);
      return;
    }
    let exact = this.#exact.get(scope);
    if (!exact) {
      exact = new Map();
      this.#exact.set(scope, exact);
    }
    if (!exact.has(rule.pattern)) exact.set(rule.pattern, rule);
  }

  get empty(): boolean {
    return this.#exact.size === 0 && this.#prefix.size === 0;
  }

  find(accountId: string, number: string): PolicyRule | undefined {
    return (
      this.#exact.get('')?.get(number) ??
      this.#exact.get(accountId)?.get(number) ??
      this.#prefix.get('')?.find(number) ??
      this.#prefix.get(accountId)?.find(number)
    );
  }
}

/** Every operator rule, compiled for the send path; rebuilt when the rules change. */
export class CompiledRules {
  readonly senders = new NumberRules();
  readonly recipients = new NumberRules();
  readonly #globalText: PhraseMatcher<PolicyRule>;
  readonly #accountText = new Map<string, PhraseMatcher<PolicyRule>>();
  readonly #accountsWithRules = new Set<string>();
  readonly #anyGlobal: boolean;

  constructor(rules: readonly PolicyRule[]) {
    const globalText: [string, PolicyRule][] = [];
    const accountText = new Map<string, [string, PolicyRule][]>();
    let anyGlobal = false;
    for (const r of rules) {
      if (r.accountId === null) anyGlobal = true;
      else this.#accountsWithRules.add(r.accountId);
      if (r.kind === 'sender') this.senders.add(r);
      else if (r.kind === 'recipient') this.recipients.add(r);
      else if (r.accountId === null) globalText.push([r.pattern, r]);
      else {
        const list = accountText.get(r.accountId) ?? [];
        list.push([r.pattern, r]);
        accountText.set(r.accountId, list);
      }
    }
    this.#anyGlobal = anyGlobal;
    this.#globalText = new PhraseMatcher(globalText);
    for (const [account, list] of accountText) this.#accountText.set(account, new PhraseMatcher(list));
  }

  /** Whether any rule can apply to the account (none: the send path skips the rules). */
  appliesTo(accountId: string): boolean {
    return this.#anyGlobal || this.#accountsWithRules.has(accountId);
  }

  hasTextRules(accountId: string): boolean {
    return this.#globalText.size > 0 || this.#accountText.has(accountId);
  }

  /** The first text rule the text breaks. */
  findText(accountId: string, text: string): PolicyRule | undefined {
    return this.#globalText.find(text) ?? this.#accountText.get(accountId)?.find(text);
  }
}
