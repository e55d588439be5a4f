import { compilePayload, compileTemplate, type ReplaceWords, type Template } from '../rules/substitution.ts';
import type { Store } from '../store/database.ts';
import { getSendRequests, type StoredRequest } from '../store/messages.ts';
import { coalesce } from './coalesce.ts';
import type { FlowStep } from './flow.ts';

export interface CachedRequest {
  id: string;
  ref: string | null;
  dlr: boolean;
  flow: FlowStep[];
  /** Each step's text and title split into parts once, not once per recipient (design.md §6). */
  templates: Array<{
    text: Template;
    title: Template | null;
    /** The channel object with each recipient's values; null when it holds no keyword. */
    payload: ((values: ReplaceWords | undefined) => Record<string, unknown>) | null;
  }>;
}

const MAX = 2000;

/** Requests are immutable once accepted, so their parsed flow is kept for the messages that follow. */
export class RequestCache {
  readonly #m = new Map<string, CachedRequest>();
  /** The passes of one-recipient sends that start together look their requests up together. */
  readonly #fetch: (id: string) => Promise<StoredRequest | undefined>;
  constructor(store: Store) {
    this.#fetch = coalesce(async (ids: readonly string[]) => {
      const byId = new Map((await getSendRequests(store, [...new Set(ids)])).map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
  }

  async get(id: string): Promise<CachedRequest | undefined> {
    const hit = this.#m.get(id);
    if (hit) return hit;
    const r = await this.#fetch(id);
    if (!r) return undefined;
    const flow = JSON.parse(r.flow) as FlowStep[];
    const c: CachedRequest = {
      id: r.id,
      ref: r.ref,
      dlr: r.dlr,
      flow,
      templates: flow.map((s) => ({
        text: compileTemplate(s.text),
        title: s.title === null ? null : compileTemplate(s.title),
        payload: compilePayload(s.payload),
      })),
    };
    if (this.#m.size >= MAX) this.#m.delete(this.#m.keys().next().value as string);
    this.#m.set(id, c);
    return c;
  }
}
