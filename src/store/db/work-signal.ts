import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema/schema.ts';
import type { Executor } from './executor.ts';

export type WorkListener = (kinds: readonly string[]) => void;

/**
 * Tells whoever runs work (the engine's lanes) that work of some kinds was committed: jobs added
 * or moved, messages made due. The store raises it, never a caller: a write that adds work notes
 * its kinds (workWritten) and they are told once that write is committed, so no caller can forget
 * a wake-up, nor give one before the commit (a lane that claims too early finds nothing and waits
 * for the poll).
 */
export class WorkSignal {
  readonly #listeners = new Set<WorkListener>();

  /** Listens until the returned function is called. */
  on(listener: WorkListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  added(kinds: readonly string[]): void {
    if (kinds.length === 0) return;
    for (const l of this.#listeners) l(kinds);
  }
}

/** Each store's database, to its signal: a write outside a transaction tells at once. */
const signals = new WeakMap<Executor, WorkSignal>();
/** Each transaction begun by transact(), to the kinds written in it so far. */
const pending = new WeakMap<Executor, Set<string>>();

export function bindWorkSignal(db: Kysely<DB>, signal: WorkSignal): void {
  signals.set(db, signal);
}

/**
 * Runs `fn` in a transaction; the work it wrote (workWritten) is told once it commits, and never
 * when it rolls back. Every transaction that may add work is begun here.
 */
export async function transact<T>(
  store: { readonly db: Kysely<DB> },
  fn: (tx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const kinds = new Set<string>();
  const out = await store.db.transaction().execute((tx) => {
    pending.set(tx, kinds);
    return fn(tx);
  });
  signals.get(store.db)?.added([...kinds]);
  return out;
}

/**
 * Work of `kinds` was written through `exec`: told now when `exec` is no transaction (the write
 * has committed), else when the transaction commits. A transaction not begun by transact() has
 * nobody to tell: that is a mistake in the code, refused here rather than left to the poll.
 */
export function workWritten(exec: Executor, kinds: Iterable<string>): void {
  if (exec.isTransaction) {
    const open = pending.get(exec);
    if (!open)
      throw new Error('work written in a transaction not begun by transact(): nothing would wake its lanes');
    for (const k of kinds) open.add(k);
    return;
  }
  signals.get(exec)?.added([...kinds]);
}
