import type { Store } from '../db/database.ts';
import { finishWalk, type Walked } from '../db/walk.ts';
import { type Broadcast, toBroadcast } from './broadcasts.ts';
import { type Reservation, toReservation } from './reservations.ts';

/*
 * The operator's lists of reservations and broadcasts of every account: newest first along the
 * primary key (or a broadcast's (sender_key, request_id) index), other filters checked on a
 * bounded window (walk.ts).
 */

export interface CampaignFilter {
  accountId?: string | undefined;
  status?: string | undefined;
}

/** Reservations, newest first (seq descending), before `afterSeq` when given. */
export async function walkReservations(
  store: Store,
  f: CampaignFilter,
  afterSeq: number | null,
  limit: number,
  window: number,
): Promise<Walked<Reservation, number>> {
  const base = () => {
    let q = store.db.selectFrom('reservations');
    if (afterSeq !== null) q = q.where('seq', '<', afterSeq);
    return q.orderBy('seq', 'desc');
  };
  let q = store.db.selectFrom(base().selectAll().limit(window).as('w')).selectAll();
  if (f.accountId !== undefined) q = q.where('account_id', '=', f.accountId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const matches = await q
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const walked = await finishWalk(
    matches,
    limit,
    (r) => Number(r.seq),
    async () => {
      const edge = await base()
        .select('seq')
        .offset(window - 1)
        .limit(1)
        .executeTakeFirst();
      return edge && Number(edge.seq);
    },
  );
  return { ...walked, rows: walked.rows.map(toReservation) };
}

/** When the reservation at a walk's edge was made (for `searchedUntil`). */
export async function reservationCreatedAt(store: Store, seq: number): Promise<number | undefined> {
  const r = await store.db
    .selectFrom('reservations')
    .select('created_at')
    .where('seq', '=', seq)
    .executeTakeFirst();
  return r && Number(r.created_at);
}

/**
 * Broadcasts, newest first (requestId descending): along (sender_key, request_id) when a
 * senderKey is given, else along the primary key.
 */
export async function walkBroadcasts(
  store: Store,
  f: CampaignFilter & { senderKey?: string | undefined },
  afterId: number | null,
  limit: number,
  window: number,
): Promise<Walked<Broadcast, number>> {
  const base = () => {
    let q = store.db.selectFrom('broadcasts');
    if (f.senderKey !== undefined) q = q.where('sender_key', '=', f.senderKey);
    if (afterId !== null) q = q.where('request_id', '<', afterId);
    return q.orderBy('request_id', 'desc');
  };
  let q = store.db.selectFrom(base().selectAll().limit(window).as('w')).selectAll();
  if (f.accountId !== undefined) q = q.where('account_id', '=', f.accountId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const matches = await q
    .orderBy('request_id', 'desc')
    .limit(limit + 1)
    .execute();
  const walked = await finishWalk(
    matches,
    limit,
    (r) => Number(r.request_id),
    async () => {
      const edge = await base()
        .select('request_id')
        .offset(window - 1)
        .limit(1)
        .executeTakeFirst();
      return edge && Number(edge.request_id);
    },
  );
  return { ...walked, rows: walked.rows.map(toBroadcast) };
}

/** When the broadcast at a walk's edge was made (for `searchedUntil`). */
export async function broadcastCreatedAt(store: Store, requestId: number): Promise<number | undefined> {
  const r = await store.db
    .selectFrom('broadcasts')
    .select('created_at')
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return r && Number(r.created_at);
}
