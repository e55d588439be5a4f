import type { Store } from '../../store/db/database.ts';
import { allRules, rulesVersion } from '../../store/policy/policy-rules.ts';
import { CompiledRules } from './compiled-rules.ts';

/**
 * How long compiled rules are used before the version is read again. A change made through this
 * instance applies at once (invalidate); one made through another instance or the CLI within
 * this time.
 */
const CHECK_MS = 1000;

class RulesCache {
  #rules: CompiledRules | null = null;
  #version = '';
  #checkedAt = 0;
  #loading: Promise<CompiledRules> | null = null;

  constructor(private readonly store: Store) {}

  invalidate(): void {
    this.#checkedAt = 0;
  }

  async get(): Promise<CompiledRules> {
    if (this.#rules && Date.now() - this.#checkedAt < CHECK_MS) return this.#rules;
    this.#loading ??= this.#refresh().finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #refresh(): Promise<CompiledRules> {
    const checkedAt = Date.now();
    const version = await rulesVersion(this.store);
    if (!this.#rules || version !== this.#version) {
      // Read after the version: a change committed in between is read now and seen again later.
      this.#rules = new CompiledRules(await allRules(this.store));
      this.#version = version;
    }
    this.#checkedAt = checkedAt;
    return this.#rules;
  }
}

const caches = new WeakMap<Store, RulesCache>();

/** The compiled rules of this process's connection to the store. */
export function rulesCache(store: Store): RulesCache {
  let c = caches.get(store);
  if (!c) {
    c = new RulesCache(store);
    caches.set(store, c);
  }
  return c;
}
