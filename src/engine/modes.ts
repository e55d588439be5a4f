import { getAccount } from '../store/accounts.ts';
import type { Store } from '../store/database.ts';

export type ReportMode = 'polling' | 'webhook';

/** Each account's report mode, read at most every 2 s: it changes rarely, messages come often. */
export class ReportModes {
  readonly #m = new Map<string, { at: number; mode: ReportMode }>();
  constructor(private readonly store: Store) {}

  async load(accountIds: Iterable<string>): Promise<(id: string) => ReportMode> {
    const now = Date.now();
    for (const id of new Set(accountIds)) {
      const hit = this.#m.get(id);
      if (hit && now - hit.at < 2000) continue;
      const acc = await getAccount(this.store, id);
      this.#m.set(id, { at: now, mode: acc?.reportMode ?? 'polling' });
    }
    return (id) => this.#m.get(id)?.mode ?? 'polling';
  }
}
