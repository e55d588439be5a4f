import { sql, type Transaction } from 'kysely';
import type { DB } from '../schema/schema.ts';
import { type RowSet, writeRowSets } from './bulk.ts';
import type { Store } from './database.ts';
import { transact, workWritten } from './work-signal.ts';

/** A unit of work that shares its transaction with others; each is undone alone when it fails. */
export type GroupedWork<T> = (tx: Transaction<DB>) => Promise<T>;

interface Pending {
  /** Runs the work; answers how to tell its caller once the transaction is committed. */
  run(tx: Transaction<DB>): Promise<() => void>;
  fail(err: unknown): void;
  /** Work that is only rows: written with the other such units' rows, then `written` tells. */
  rows?: { sets: readonly RowSet[]; kinds: readonly string[]; written: () => void };
}

/** The most units of work in one transaction: a commit waits for all of them. */
const GROUP_MAX = 64;
/**
 * Shared transactions under way at once. Work asked for while they commit waits and goes in the
 * next, together: a transaction a turn of the event loop cut PostgreSQL's commits only to 2-4
 * requests each with 16 clients, and that many commits were a third of its CPU a message
 * (docs/performance-log.md, 2026-11-29). Two, not one, so that a large send's long transaction
 * does not hold every small one behind it. SQLite runs one writer at a time anyway.
 */
const COMMITS_IN_FLIGHT = 2;

const groups = new WeakMap<Store, (p: Pending) => void>();

/**
 * Runs `work` in a transaction shared with the other units of work asked for during the same
 * turn of the event loop (or, while COMMITS_IN_FLIGHT transactions are under way, until one of
 * them ends), each inside a savepoint of its own: one that throws is rolled back to
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

/**
 * Inserts rows in a transaction shared as groupCommit's, with the rows of the other such units of
 * the same turn: one statement per table for them all (writeRowSets), in a savepoint. If that
 * fails, each unit's rows are tried again in a savepoint of their own, so that only the unit at
 * fault gets the error. Sixteen one-recipient sends made sixteen savepoints and 48 inserts.
 * `kinds`: the work the rows add (jobs, due messages), told once they are committed.
 */
export function groupRows(
  store: Store,
  sets: readonly RowSet[],
  kinds: readonly string[] = [],
): Promise<void> {
  let enqueue = groups.get(store);
  if (!enqueue) {
    enqueue = grouper(store);
    groups.set(store, enqueue);
  }
  const add = enqueue;
  return new Promise<void>((resolve, reject) => {
    add({
      async run(tx) {
        await writeRowSets(tx, store.caps, sets);
        workWritten(tx, kinds);
        return resolve;
      },
      fail: reject,
      rows: { sets, kinds, written: resolve },
    });
  });
}

function grouper(store: Store): (p: Pending) => void {
  let pending: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    while (pending.length > 0 && inFlight < COMMITS_IN_FLIGHT) {
      const batch = pending.slice(0, GROUP_MAX);
      pending = pending.slice(batch.length);
      inFlight++;
      void commit(store, batch).finally(() => {
        inFlight--;
        if (pending.length > 0 && !scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    }
  };
  return (p) => {
    if (!scheduled && inFlight < COMMITS_IN_FLIGHT) {
      scheduled = true;
      setImmediate(flush);
    }
    pending.push(p);
  };
}

async function commit(store: Store, batch: readonly Pending[]): Promise<void> {
  // A lone unit of work needs no savepoint: its error rolls back the transaction it has alone.
  if (batch.length === 1) {
    const [only] = batch;
    if (!only) return;
    try {
      const tell = await transact(store, (tx) => only.run(tx));
      tell();
    } catch (err) {
      only.fail(err);
    }
    return;
  }
  const done: Array<() => void> = [];
  const failed: Array<() => void> = [];
  try {
    await transact(store, async (tx) => {
      let each: readonly Pending[] = batch;
      const rowUnits = batch.filter((p) => p.rows);
      if (rowUnits.length > 1) {
        await sql`savepoint grouped`.execute(tx);
        try {
          await writeRowSets(
            tx,
            store.caps,
            rowUnits.flatMap((p) => p.rows?.sets ?? []),
          );
          await sql`release savepoint grouped`.execute(tx);
          for (const p of rowUnits) {
            if (!p.rows) continue;
            workWritten(tx, p.rows.kinds);
            done.push(p.rows.written);
          }
          each = batch.filter((p) => !p.rows);
        } catch {
          // Some unit's rows are at fault: each is tried alone below.
          await sql`rollback to savepoint grouped`.execute(tx);
          await sql`release savepoint grouped`.execute(tx);
        }
      }
      for (const p of each) {
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
