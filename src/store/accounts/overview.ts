import { sql } from 'kysely';
import type { Store } from '../db/database.ts';

/*
 * The console's overview reads these every 2 seconds, on tables that can hold millions of rows:
 * each count goes through an index or stops at a cap, never a full COUNT over messages.
 */

/** A count that stopped at its cap: `capped` means "at least `count`". */
export interface BoundedCount {
  count: number;
  capped: boolean;
}

function bounded(n: number | string | bigint, cap: number): BoundedCount {
  const count = Number(n);
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

/** Up to `cap` + 1 rows of one status, walked through its partial index (migration 0025). */
async function countStatus(store: Store, status: 'queued' | 'waiting', cap: number): Promise<BoundedCount> {
  // The status as a literal: SQLite uses a partial index only when the query's own terms imply it.
  const row = await store.db
    .selectFrom((eb) =>
      eb
        .selectFrom('messages')
        .select(sql<number>`1`.as('one'))
        .where(sql<boolean>`status = ${sql.lit(status)}`)
        .where('next_at', 'is not', null)
        .limit(cap + 1)
        .as('w'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return bounded(row.n, cap);
}

/** Messages submitted and waiting for their result: the entries of the partial index messages_waiting. */
export async function countWaitingMessages(store: Store, cap: number): Promise<BoundedCount> {
  return countStatus(store, 'waiting', cap);
}

/**
 * Messages queued for submission, due or claimed by a pass under way: the entries of the partial
 * index messages_queued (each queued message is its own queue entry, with its due time).
 */
export async function countQueuedMessages(store: Store, cap: number): Promise<BoundedCount> {
  return countStatus(store, 'queued', cap);
}

export interface JobCountsByKind {
  kind: string;
  ready: number;
  dead: number;
}

/**
 * Jobs by kind, ready (running included) and dead. Finished jobs are deleted, so the table holds
 * only these; still, at most `cap` rows are read (a backlog of webhook retries can be large).
 */
export async function countJobsByKind(
  store: Store,
  cap: number,
): Promise<{ kinds: JobCountsByKind[]; capped: boolean }> {
  const rows = await store.db
    .selectFrom((eb) =>
      eb
        .selectFrom('jobs')
        .select(['kind', 'state'])
        .limit(cap + 1)
        .as('j'),
    )
    .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'state'])
    .execute();
  const byKind = new Map<string, JobCountsByKind>();
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    const k = byKind.get(r.kind) ?? { kind: r.kind, ready: 0, dead: 0 };
    if (r.state === 'ready') k.ready += n;
    else if (r.state === 'dead') k.dead += n;
    byKind.set(r.kind, k);
  }
  const kinds = [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  return { kinds, capped: total > cap };
}
