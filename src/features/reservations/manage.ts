import { formatKst, parseKst, parseKstDate } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import type { FlowStep } from '../../engine/flow.ts';
import { GatewayError } from '../../errors.ts';
import {
  countByStatus,
  getReservation,
  listReservations,
  moveStatus,
  type Reservation,
  type ResvStatus,
  requestsOfReservation,
  transition,
} from '../../store/campaigns/reservations.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs, moveJob } from '../../store/jobs/jobs.ts';
import { releaseHeld } from '../../store/messages/messages.ts';
import { fireJob } from './create.ts';
import type { ListQueryT, ReservationListT, ReservationView } from './schema.ts';

export type { ReservationView } from './schema.ts';

const OPEN = ['held', 'queued', 'waiting'];

/**
 * The account's reservation (A820 when unknown or another account's), with DONE decided: every
 * action then sees the state it is really in (a stop of one that has sent everything is refused),
 * and a refusal names it.
 */
export async function loadOwn(ctx: Ctx, accountId: string, resvKey: string): Promise<Reservation> {
  const r = await getReservation(ctx.store.db, resvKey, accountId);
  if (!r) throw new GatewayError('A820', `reservation ${resvKey}`);
  if (r.status !== 'PROCESSING') return r;
  return { ...r, status: await decideDone(ctx, r, await messageCounts(ctx, resvKey)) };
}

export function refuse(r: Reservation, action: string, allowed: readonly ResvStatus[]): never {
  throw new GatewayError(
    'A824',
    `${action} needs ${allowed.join(' or ')}; reservation ${r.resvKey} is ${r.status}`,
  );
}

/** The messages of every request the reservation has had, by state. */
async function messageCounts(ctx: Ctx, resvKey: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const id of await requestsOfReservation(ctx.store.db, resvKey)) {
    for (const [k, n] of Object.entries(await countByStatus(ctx.store.db, id)))
      counts[k] = (counts[k] ?? 0) + n;
  }
  return counts;
}

/**
 * DONE is decided when a reservation is next touched (loadOwn, a list): a PROCESSING one whose
 * messages have all reached a final state is DONE, and is stored so. Returns the state it is in.
 */
async function decideDone(ctx: Ctx, r: Reservation, counts: Record<string, number>): Promise<ResvStatus> {
  if (r.status !== 'PROCESSING' || OPEN.some((s) => counts[s])) return r.status;
  const now = ctx.clock.now();
  if (await transition(ctx.store.db, r.resvKey, ['PROCESSING'], 'DONE', now, { done_at: now })) return 'DONE';
  // Another action moved it first: whatever it is now.
  return (await getReservation(ctx.store.db, r.resvKey))?.status ?? r.status;
}

/** The view, with DONE decided when it is read (decideDone). */
export async function view(ctx: Ctx, r: Reservation): Promise<ReservationView> {
  const counts = await messageCounts(ctx, r.resvKey);
  const status = await decideDone(ctx, r, counts);
  return {
    seq: r.seq,
    resvKey: r.resvKey,
    resvName: r.name ?? '',
    resvSendTime: formatKst(r.sendAt),
    status,
    destinationCount: Object.entries(counts).reduce((a, [k, n]) => (k === 'cancelled' ? a : a + n), 0),
    messages: counts,
    createdAt: formatKst(r.createdAt),
    updatedAt: formatKst(r.updatedAt),
  };
}

/**
 * The Korea-time day a list filter names: `yyyyMMdd`, or a `yyyy-MM-dd HH:mm:ss` time (the form
 * the same field has in a reservation's body, which the hosted service's SDK sends) for its day.
 */
function filterDay(text: string): number {
  const day = parseKstDate(text) ?? parseKstDate(text.slice(0, 10).replaceAll('-', ''));
  if (day === null || (text.length !== 8 && parseKst(text) === null))
    throw new GatewayError('A315', `resvSendTime must be yyyyMMdd or yyyy-MM-dd HH:mm:ss, got "${text}"`);
  return day;
}

export async function listViews(ctx: Ctx, accountId: string, q: ListQueryT): Promise<ReservationListT> {
  const limit = q.limit ?? 100;
  if (q.paymentCode !== undefined && q.paymentCode.length > 100)
    throw new GatewayError('A310', `${q.paymentCode.length} characters`);
  const from = q.resvSendTime === undefined ? undefined : filterDay(q.resvSendTime);
  const rows = await listReservations(ctx.store, accountId, {
    ...(from !== undefined ? { from, to: from + 86_400_000 } : {}),
    ...(q.paymentCode !== undefined ? { paymentCode: q.paymentCode } : {}),
    lastSeq: q.lastSeq ?? 0,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const reservations: ReservationView[] = [];
  for (const r of page) reservations.push(await view(ctx, r));
  return { reservations, lastSeq: page.at(-1)?.seq ?? q.lastSeq ?? 0, hasNext: rows.length > limit, limit };
}

/** A refusal that names the state the reservation is in now (a concurrent action may have moved it). */
async function refuseNow(
  ctx: Ctx,
  accountId: string,
  resvKey: string,
  action: string,
  allowed: readonly ResvStatus[],
): Promise<never> {
  refuse(await loadOwn(ctx, accountId, resvKey), action, allowed);
}

/** Stop: PENDING or PROCESSING → STOPPED; messages not yet handed to a connector wait (held). */
export async function stop(ctx: Ctx, accountId: string, resvKey: string): Promise<ReservationView> {
  // Loaded first: A820, and DONE decided (nothing is left to stop).
  await loadOwn(ctx, accountId, resvKey);
  const allowed: ResvStatus[] = ['PENDING', 'PROCESSING'];
  const now = ctx.clock.now();
  const ok = await transact(ctx.store, async (tx) => {
    const requestId = await transition(tx, resvKey, allowed, 'STOPPED', now);
    if (requestId === null) return false;
    await moveStatus(tx, requestId, 'queued', 'held', now);
    return true;
  });
  if (!ok) await refuseNow(ctx, accountId, resvKey, 'stop', allowed);
  return view(ctx, await loadOwn(ctx, accountId, resvKey));
}

/** Cancel: PENDING or STOPPED → CANCELLED; messages that have not gone out never will. */
export async function cancel(ctx: Ctx, accountId: string, resvKey: string): Promise<ReservationView> {
  await loadOwn(ctx, accountId, resvKey);
  const allowed: ResvStatus[] = ['PENDING', 'STOPPED'];
  const now = ctx.clock.now();
  const ok = await transact(ctx.store, async (tx) => {
    const requestId = await transition(tx, resvKey, allowed, 'CANCELLED', now, { done_at: now });
    if (requestId === null) return false;
    await moveStatus(tx, requestId, 'held', 'cancelled', now);
    return true;
  });
  if (!ok) await refuseNow(ctx, accountId, resvKey, 'cancel', allowed);
  return view(ctx, await loadOwn(ctx, accountId, resvKey));
}

/**
 * Resume: STOPPED → PENDING when its time is still ahead (the firing job waits for it), or
 * PROCESSING at once when the time has passed (the held messages go to the engine now).
 */
export async function resume(ctx: Ctx, accountId: string, resvKey: string): Promise<ReservationView> {
  const r = await loadOwn(ctx, accountId, resvKey);
  const now = ctx.clock.now();
  const ok = await transact(ctx.store, async (tx) => {
    if (r.sendAt > now) {
      if (!(await transition(tx, resvKey, ['STOPPED'], 'PENDING', now))) return false;
      const job = fireJob(resvKey, r.sendAt);
      if (!(await moveJob(tx, job.dedupeKey ?? '', r.sendAt))) await enqueueJobs(tx, [job], now);
      return true;
    }
    const requestId = await transition(tx, resvKey, ['STOPPED'], 'PROCESSING', now, {
      started_at: r.startedAt ?? now,
    });
    if (requestId === null) return false;
    await releaseHeld(tx, requestId, now);
    return true;
  });
  if (!ok) await refuseNow(ctx, accountId, resvKey, 'resume', ['STOPPED']);
  return view(ctx, await loadOwn(ctx, accountId, resvKey));
}

export function flowOf(json: string): FlowStep[] {
  return JSON.parse(json) as FlowStep[];
}
