import { PhraseMatcher } from '../../rules/phrase-matcher.ts';
import type { PolicyRule } from '../../store/policy-rules.ts';

/**
 * Number rules (sender or recipient) by scope: '' global, else the account id. An exact rule is
 * one map probe; prefix rules are probed once per prefix length that any rule has, so 10,000
 * rules cost a number at most its own length in probes.
 */
class NumberRules {
  readonly #exact = new Map<string, PolicyRule>();
  readonly #prefix = new Map<string, PolicyRule>();
  #lengths: number[] = [];

  add(rule: PolicyRule): void {
    const key = `${rule.accountId ?? ''}\u0000${rule.pattern}`;
    if (rule.match === 'prefix') {
      if (!this.#prefix.has(key)) this.#prefix.set(key, rule);
      if (!this.#lengths.includes(rule.pattern.length)) this.#lengths.push(rule.pattern.length);
    } else if (!this.#exact.has(key)) this.#exact.set(key, rule);
  }

  seal(): void {
    this.#lengths.sort((a, b) => a - b);
  }

  get empty(): boolean {
    return this.#exact.size === 0 && this.#prefix.size === 0;
  }

  find(accountId: string, number: string): PolicyRule | undefined {
    const hit = this.#exact.get(`\u0000${number}`) ?? this.#exact.get(`${accountId}\u0000${number}`);
    if (hit || this.#prefix.size === 0) return hit;
    for (const n of this.#lengths) {
      if (n > number.length) break;
      const p = number.slice(0, n);
      const found = this.#prefix.get(`\u0000${p}`) ?? this.#prefix.get(`${accountId}\u0000${p}`);
      if (found) return found;
    }
    return undefined;
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
    this.senders.seal();
    this.recipients.seal();
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
