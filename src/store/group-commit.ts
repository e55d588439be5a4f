import { sql, type Transaction } from 'kysely';
import type { Store } from './database.ts';
import type { DB } from './schema.ts';

/** A unit of work that shares its transaction with others; each is undone alone when it fails. */
export type GroupedWork<T> = (tx: Transaction<DB>) => Promise<T>;

interface Pending {
  /** Runs the work; answers how to tell its caller once the transaction is committed. */
  run(tx: Transaction<DB>): Promise<() => void>;
  fail(err: unknown): void;
}

/** The most units of work in one transaction: a commit waits for all of them. */
const GROUP_MAX = 64;

const groups = new WeakMap<Store, (p: Pending) => void>();

/**
 * Runs `work` in a transaction shared with the other units of work asked for during the same
 * turn of the event loop, each inside a savepoint of its own: one that throws is rolled back to
 * its savepoint and its caller gets the error, while the others go on. Every caller is answered
 * only once the shared transaction has committed (or all get the commit's error). A commit is
 * the largest fixed cost of a small send (a write of the WAL on SQLite, a flush to disk on
 * PostgreSQL): sixteen clients sending one recipient each made sixteen of them.
 */
export function groupCommit<T>(store: Store, work: GroupedWork<T>): Promise<T> {
  let enqueue = groups.get(store);
  if (!enqueue) {
    enqueue = grouper(store);
    groups.set(store, enqueue);
  }
  const add = enqueue;
  return new Promise<T>((resolve, reject) => {
    add({
      async run(tx) {
        const value = await work(tx);
        return () => resolve(value);
      },
      fail: reject,
    });
  });
}

function grouper(store: Store): (p: Pending) => void {
  let pending: Pending[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i += GROUP_MAX) void commit(store, batch.slice(i, i + GROUP_MAX));
  };
  return (p) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(p);
  };
}

async function commit(store: Store, batch: readonly Pending[]): Promise<void> {
  // A lone unit of work needs no savepoint: its error rolls back the transaction it has alone.
  if (batch.length === 1) {
    const [only] = batch;
    if (!only) return;
    try {
      const tell = await store.db.transaction().execute((tx) => only.run(tx));
      tell();
    } catch (err) {
      only.fail(err);
    }
    return;
  }
  const done: Array<() => void> = [];
  const failed: Array<() => void> = [];
  try {
    await store.db.transaction().execute(async (tx) => {
      for (const p of batch) {
        await sql`savepoint grouped`.execute(tx);
        try {
          done.push(await p.run(tx));
          await sql`release savepoint grouped`.execute(tx);
        } catch (err) {
          await sql`rollback to savepoint grouped`.execute(tx);
          await sql`release savepoint grouped`.execute(tx);
          failed.push(() => p.fail(err));
        }
      }
    });
  } catch (err) {
    for (const p of batch) p.fail(err);
    return;
  }
  for (const tell of done) tell();
  for (const tell of failed) tell();
}
