import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { reservationCreatedAt, walkReservations } from '../../store/campaigns/admin-campaigns.ts';
import { getReservation, type Reservation, type ResvStatus } from '../../store/campaigns/reservations.ts';
import { cancel, type ReservationView, resume, stop, view } from '../reservations/manage.ts';
import type {
  ReservationAction,
  ReservationListQuery,
  ReservationPage,
  ReservationRow,
} from './campaign-schemas.ts';
import { SCAN_WINDOW } from './ops-doc.ts';

type Row = Static<typeof ReservationRow>;

/**
 * What each state allows (features/reservations/manage.ts decides, and refuses the rest with
 * A824): the console offers only these buttons.
 */
const ALLOWED: Record<ReservationAction, readonly ResvStatus[]> = {
  stop: ['PENDING', 'PROCESSING'],
  resume: ['STOPPED'],
  cancel: ['PENDING', 'STOPPED'],
};

/** Messages that have not gone to a connector: they are not "sent" (a cancelled one never will be). */
const NOT_SENT = new Set(['held', 'queued', 'cancelled']);

function row(accountId: string, v: ReservationView): Row {
  const sent = Object.entries(v.messages).reduce((a, [k, n]) => (NOT_SENT.has(k) ? a : a + n), 0);
  // Every destination, cancelled ones too: a cancelled reservation shows 0 of what it had.
  const expected = Object.values(v.messages).reduce((a, n) => a + n, 0);
  return {
    accountId,
    ...v,
    progress: { sent, expected },
    actions: (Object.keys(ALLOWED) as ReservationAction[]).filter((a) => ALLOWED[a].includes(v.status)),
  };
}

/** GET /admin/v1/reservations: every account's reservations, newest first, with their progress. */
export async function listReservationsOfAll(
  ctx: Ctx,
  q: Static<typeof ReservationListQuery>,
): Promise<Static<typeof ReservationPage>> {
  let after: number | null = null;
  if (q.cursor !== undefined) {
    if (!/^\d{1,15}$/.test(q.cursor))
      throw new GatewayError('A300', `cursor "${q.cursor}" is not a next of this list`);
    after = Number(q.cursor);
  }
  const w = await walkReservations(
    ctx.store,
    { accountId: q.accountId, status: q.status },
    after,
    q.limit ?? 50,
    SCAN_WINDOW,
  );
  const reservations: Row[] = [];
  // view() decides DONE as the client API's reads do: the state shown is the state actions see.
  for (const r of w.rows) reservations.push(row(r.accountId, await view(ctx, r)));
  let searchedUntil: string | null = null;
  if (w.windowEnded && w.next !== null) {
    const at = await reservationCreatedAt(ctx.store, w.next);
    searchedUntil = at === undefined ? null : isoKst(at);
  }
  return { reservations, next: w.next === null ? null : String(w.next), searchedUntil };
}

async function owned(ctx: Ctx, resvKey: string): Promise<Reservation> {
  const r = await getReservation(ctx.store.db, resvKey);
  if (!r) throw new GatewayError('A820', `reservation ${resvKey}`);
  return r;
}

const ACTIONS = { stop, resume, cancel } as const;

/**
 * POST /admin/v1/reservations/{resvKey}/{action}: the client API's own use case, run as the
 * account that owns the reservation, so its rules and refusals (A824 naming the state) hold as is.
 */
export async function actOnReservation(ctx: Ctx, resvKey: string, action: ReservationAction): Promise<Row> {
  const r = await owned(ctx, resvKey);
  return row(r.accountId, await ACTIONS[action](ctx, r.accountId, resvKey));
}
