import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { ReservationsTable } from '../schema/schema.ts';

export type ResvStatus = 'PENDING' | 'PROCESSING' | 'DONE' | 'STOPPED' | 'CANCELLED';

export interface Reservation {
  seq: number;
  resvKey: string;
  accountId: string;
  requestId: string;
  name: string | null;
  sendAt: number;
  status: ResvStatus;
  advertising: boolean;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  doneAt: number | null;
}

export function toReservation(r: Selectable<ReservationsTable>): Reservation {
  return {
    seq: Number(r.seq),
    resvKey: r.resv_key,
    accountId: r.account_id,
    requestId: r.request_id,
    name: r.name,
    sendAt: Number(r.send_at),
    status: r.status as ResvStatus,
    advertising: r.advertising === 1,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    doneAt: r.done_at === null ? null : Number(r.done_at),
  };
}

export async function insertReservation(
  exec: Executor,
  r: {
    resvKey: string;
    accountId: string;
    requestId: string;
    name: string | null;
    sendAt: number;
    advertising: boolean;
  },
  now: number,
): Promise<void> {
  await exec
    .insertInto('reservations')
    .values({
      resv_key: r.resvKey,
      account_id: r.accountId,
      request_id: r.requestId,
      name: r.name,
      send_at: r.sendAt,
      status: 'PENDING',
      advertising: r.advertising ? 1 : 0,
      created_at: now,
      updated_at: now,
      started_at: null,
      done_at: null,
    })
    .execute();
}

/** The reservation, when it exists; with `accountId`, only the account's own. */
export async function getReservation(
  exec: Executor,
  resvKey: string,
  accountId?: string,
): Promise<Reservation | undefined> {
  let q = exec.selectFrom('reservations').selectAll().where('resv_key', '=', resvKey);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  const r = await q.executeTakeFirst();
  return r && toReservation(r);
}

/** The account's reservations (of one send day, when given) after `lastSeq`, in creation order. */
export async function listReservations(
  store: Store,
  accountId: string,
  opts: { from?: number; to?: number; paymentCode?: string; lastSeq: number; limit: number },
): Promise<Reservation[]> {
  let q = store.db
    .selectFrom('reservations')
    .selectAll('reservations')
    .where('reservations.account_id', '=', accountId)
    .where('reservations.seq', '>', opts.lastSeq);
  if (opts.from !== undefined) q = q.where('reservations.send_at', '>=', opts.from);
  if (opts.to !== undefined) q = q.where('reservations.send_at', '<', opts.to);
  const paymentCode = opts.paymentCode;
  if (paymentCode !== undefined) {
    // The reservation's current request carries it (an update's new request keeps the first's).
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('send_requests')
          .select('send_requests.id')
          .whereRef('send_requests.id', '=', 'reservations.request_id')
          .where('send_requests.payment_code', '=', paymentCode),
      ),
    );
  }
  const rows = await q.orderBy('reservations.seq').limit(opts.limit).execute();
  return rows.map(toReservation);
}

/**
 * Moves a reservation from one of `from` to `to` (with other fields). Returns its current request
 * (read by this very statement, so never a stale one: an update may have given it a new request
 * since the caller read it), or null when it was not in one of those states any more: a
 * concurrent action (or the firing) came first. On PostgreSQL the row stays locked until the
 * transaction ends, so a concurrent action waits and then finds the state this one left.
 */
export async function transition(
  exec: Executor,
  resvKey: string,
  from: readonly ResvStatus[],
  to: ResvStatus,
  now: number,
  patch: Partial<
    Pick<ReservationsTable, 'started_at' | 'done_at' | 'send_at' | 'name' | 'request_id' | 'advertising'>
  > = {},
): Promise<string | null> {
  const row = await exec
    .updateTable('reservations')
    .set({ status: to, updated_at: now, ...patch })
    .where('resv_key', '=', resvKey)
    .where('status', 'in', [...from])
    .returning('request_id')
    .executeTakeFirst();
  return row?.request_id ?? null;
}

/**
 * The firing: PENDING → PROCESSING, only when its time has come (an update may have moved it
 * later since the job read it). Returns its current request, or null when there is nothing to fire.
 */
export async function startDue(exec: Executor, resvKey: string, now: number): Promise<string | null> {
  const row = await exec
    .updateTable('reservations')
    .set({ status: 'PROCESSING', updated_at: now, started_at: now })
    .where('resv_key', '=', resvKey)
    .where('status', '=', 'PENDING')
    .where('send_at', '<=', now)
    .returning('request_id')
    .executeTakeFirst();
  return row?.request_id ?? null;
}

/**
 * Holds the reservation in its state for the rest of the transaction, when it is in one of
 * `from`, and returns its current request (null otherwise): recipients added meanwhile can then
 * neither miss a firing that releases the held messages nor land in a request it left.
 */
export async function lockIn(
  exec: Executor,
  resvKey: string,
  from: readonly ResvStatus[],
  now: number,
): Promise<string | null> {
  const row = await exec
    .updateTable('reservations')
    .set({ updated_at: now })
    .where('resv_key', '=', resvKey)
    .where('status', 'in', [...from])
    .returning('request_id')
    .executeTakeFirst();
  return row?.request_id ?? null;
}

/** Messages of a request by status. */
export async function countByStatus(exec: Executor, requestId: string): Promise<Record<string, number>> {
  const rows = await exec
    .selectFrom('messages')
    .select(['status', sql<number>`count(*)`.as('n')])
    .where('request_id', '=', requestId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Moves a request's messages in `from` status to `to` (stop: queued → held; cancel: held → cancelled). */
export async function moveStatus(
  exec: Executor,
  requestId: string,
  from: string,
  to: string,
  now: number,
): Promise<number> {
  const res = await exec
    .updateTable('messages')
    .set({ status: to, updated_at: now, ...(to === 'cancelled' ? { done_at: now } : {}) })
    .where('request_id', '=', requestId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** A new request takes over the held messages (an updated messageFlow is a new, immutable request). */
export async function rehome(
  exec: Executor,
  fromRequest: string,
  toRequest: string,
  now: number,
): Promise<number> {
  const res = await exec
    .updateTable('messages')
    .set({ request_id: toRequest, updated_at: now })
    .where('request_id', '=', fromRequest)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface Destination {
  msgKey: string;
  to: string;
  status: string;
  vars: string | null;
  reportCode: string | null;
}

export async function listDestinations(
  store: Store,
  requestIds: readonly string[],
  offset: number,
  limit: number,
): Promise<Destination[]> {
  // An offset walk over the reservation's own rows (by msg_key, in the request's index): its cost
  // grows with the offset, which a reservation's size bounds (10,000 recipients read in ~10 pages).
  const rows = await store.db
    .selectFrom('messages')
    .select(['msg_key', 'to_number', 'status', 'vars', 'report_code'])
    .where('request_id', 'in', requestIds)
    .orderBy('msg_key')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    msgKey: r.msg_key,
    to: r.to_number,
    status: r.status,
    vars: r.vars,
    reportCode: r.report_code,
  }));
}

/** Removes a destination that has not gone out; false when there is no such held message. */
export async function removeHeld(
  exec: Executor,
  requestIds: readonly string[],
  msgKey: string,
): Promise<boolean> {
  const res = await exec
    .deleteFrom('messages')
    .where('msg_key', '=', msgKey)
    .where('request_id', 'in', requestIds)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every request that ever held this reservation's messages (an update moves them to a new one). */
export async function requestsOfReservation(exec: Executor, resvKey: string): Promise<string[]> {
  const rows = await exec.selectFrom('send_requests').select('id').where('resv_key', '=', resvKey).execute();
  return rows.map((r) => r.id);
}

/** The held messages of a request, with each recipient's values (checked again by an update). */
export async function heldMessages(
  exec: Executor,
  requestId: string,
): Promise<Array<{ msgKey: string; to: string; vars: string | null; destRef: string | null }>> {
  const rows = await exec
    .selectFrom('messages')
    .select(['msg_key', 'to_number', 'vars', 'dest_ref'])
    .where('request_id', '=', requestId)
    .where('status', '=', 'held')
    .execute();
  return rows.map((r) => ({ msgKey: r.msg_key, to: r.to_number, vars: r.vars, destRef: r.dest_ref }));
}

/**
 * A reservation's own fields (time, name, advertising, its current request), only while it is
 * still as the caller read it: in `expect.status` with `expect.requestId` (a concurrent update of
 * its messages would otherwise be overwritten, its held messages left in a request nobody fires).
 */
export async function updateReservationRow(
  exec: Executor,
  resvKey: string,
  expect: { status: ResvStatus; requestId: string },
  patch: Partial<Pick<ReservationsTable, 'send_at' | 'name' | 'request_id' | 'advertising'>>,
  now: number,
): Promise<boolean> {
  const res = await exec
    .updateTable('reservations')
    .set({ ...patch, updated_at: now })
    .where('resv_key', '=', resvKey)
    .where('status', '=', expect.status)
    .where('request_id', '=', expect.requestId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether the message belongs to one of these requests, whatever its state. */
export async function messageIn(
  exec: Executor,
  requestIds: readonly string[],
  msgKey: string,
): Promise<boolean> {
  const r = await exec
    .selectFrom('messages')
    .select('msg_key')
    .where('msg_key', '=', msgKey)
    .where('request_id', 'in', requestIds)
    .executeTakeFirst();
  return r !== undefined;
}

/** The messages of these requests addressed to these numbers, oldest first (a replay's answer). */
export async function messagesTo(
  exec: Executor,
  requestIds: readonly string[],
  numbers: readonly string[],
): Promise<Array<{ msgKey: string; to: string }>> {
  if (requestIds.length === 0 || numbers.length === 0) return [];
  const rows = await exec
    .selectFrom('messages')
    .select(['msg_key', 'to_number'])
    .where('request_id', 'in', requestIds)
    .where('to_number', 'in', [...new Set(numbers)])
    .orderBy('msg_key')
    .execute();
  return rows.map((r) => ({ msgKey: r.msg_key, to: r.to_number }));
}
