/** Lifecycle events of the engine; logs and metrics subscribe instead of being called inline. */
export interface EngineEventMap {
  'job.claimed': { kind: string; count: number };
  'job.completed': { kind: string; id: number; ms: number };
  'job.failed': { kind: string; id: number; attempts: number; error: string; retryAt: number };
  'job.dead': { kind: string; id: number; attempts: number; error: string };
  'job.rescheduled': { kind: string; id: number; runAt: number };
  'job.lost': { kind: string; id: number };
  /** Recipients accepted by a send or a reservation. */
  'messages.accepted': { count: number };
  /** Messages that reached a final state in one engine pass or settlement, by status. */
  'messages.final': { status: string; count: number };
  /** Messages that ended failed in one engine pass or settlement, by their report code. */
  'messages.failed': { code: string; count: number };
  /** Sandbox inbox rows (delivered or failed at the handset) were written for these numbers. */
  'sandbox.inbox': { phones: readonly string[] };
  /** A console sign-in: signed in, a wrong token answered at once, or one whose answer was held. */
  'console.signIn': { outcome: 'signed-in' | 'wrong-token' | 'held' };
  /** One batch of the purge (src/engine/purge.ts) deleted these rows, per table, and files. */
  'retention.purged': { kind: string; rows: Readonly<Record<string, number>>; files: number };
}

type Listener<T> = (payload: T) => void;

export class EventBus<M extends object> {
  readonly #listeners = new Map<keyof M, Set<Listener<never>>>();

  on<K extends keyof M>(event: K, listener: Listener<M[K]>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof M>(event: K, payload: M[K]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const l of set) {
      // A subscriber's mistake must not break the work that emitted the event.
      try {
        (l as Listener<M[K]>)(payload);
      } catch {}
    }
  }
}

export type EngineEvents = EventBus<EngineEventMap>;
