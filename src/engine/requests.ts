import type { Keyring } from '../crypto/keyring.ts';
import { compilePayload, compileTemplate, type ReplaceWords, type Template } from '../rules/substitution.ts';
import type { Store } from '../store/db/database.ts';
import { getSendRequests, type StoredRequest } from '../store/messages/messages.ts';
import { getRequestSecret } from '../store/messages/request-secrets.ts';
import { coalesce } from './coalesce.ts';
import type { FlowStep } from './flow.ts';
import { openFlow } from './sealed-flow.ts';

export interface CachedRequest {
  id: string;
  ref: string | null;
  dlr: boolean;
  /** The steps as sent: a sealed request's opened (src/engine/sealed-flow.ts) while it may be sent. */
  flow: FlowStep[];
  /**
   * A request with sealed steps: until when they may be sent (their secret's erase time; 0 when
   * it is gone). null when nothing is sealed.
   */
  sealedUntil: number | null;
  /** Each step's text and title split into parts once, not once per recipient (a request's 200 recipients share one split). */
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
  readonly #store: Store;
  readonly #secrets: Keyring;
  constructor(store: Store, secrets: Keyring) {
    this.#store = store;
    this.#secrets = secrets;
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
    const stored = JSON.parse(r.flow) as FlowStep[];
    let flow = stored;
    let sealedUntil: number | null = null;
    if (stored.some((s) => s.sealed)) {
      const secret = await getRequestSecret(this.#store, r.id);
      sealedUntil = secret?.eraseAt ?? 0;
      if (secret) flow = await openFlow(this.#secrets, secret, stored);
    }
    const c: CachedRequest = {
      id: r.id,
      ref: r.ref,
      dlr: r.dlr,
      flow,
      sealedUntil,
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
