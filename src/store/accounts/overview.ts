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

/**
 * Messages submitted and waiting for their result. Only waiting messages have `next_at` (the
 * end of their wait), so these are exactly the entries of the partial index messages_due.
 */
export async function countWaitingMessages(store: Store, cap: number): Promise<BoundedCount> {
  const row = await store.db
    .selectFrom((eb) =>
      eb
        .selectFrom('messages')
        .select(sql<number>`1`.as('one'))
        .where('next_at', 'is not', null)
        .limit(cap + 1)
        .as('w'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return bounded(row.n, cap);
}

/**
 * Messages queued for submission. A queued message always has a ready dispatch job (the send,
 * a reservation or broadcast firing, a retry or the next failover step add it in the same
 * transaction): a job names its request (counted through the index messages_request, on
 * request_id and status) or its messages (counted from the job itself). At most `jobCap` jobs
 * are read; a queued message whose job died is left to the sweep and not counted here.
 */
export async function countQueuedMessages(
  store: Store,
  dispatchKind: string,
  jobCap: number,
  cap: number,
): Promise<BoundedCount> {
  const jobs = await store.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', dispatchKind)
    .where('state', '=', 'ready')
    .limit(jobCap + 1)
    .execute();
  const requestIds = new Set<string>();
  let listed = 0;
  for (const j of jobs.slice(0, jobCap)) {
    const p: unknown = JSON.parse(j.payload);
    if (p === null || typeof p !== 'object') continue;
    if ('requestId' in p && typeof p.requestId === 'string') requestIds.add(p.requestId);
    else if ('msgKeys' in p && Array.isArray(p.msgKeys)) listed += p.msgKeys.length;
  }
  let ofRequests = 0;
  if (requestIds.size > 0) {
    const row = await store.db
      .selectFrom((eb) =>
        eb
          .selectFrom('messages')
          .select(sql<number>`1`.as('one'))
          .where('request_id', 'in', [...requestIds])
          .where('status', '=', 'queued')
          .limit(cap + 1)
          .as('q'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    ofRequests = Number(row.n);
  }
  const out = bounded(ofRequests + listed, cap);
  return jobs.length > jobCap ? { count: out.count, capped: true } : out;
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
