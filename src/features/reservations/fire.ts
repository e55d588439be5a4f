import type { Ctx } from '../../context.ts';
import { Plan } from '../../engine/plan.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { REPORT_CODE_TEXTS } from '../../rules/report-codes.ts';
import { getReservation, heldMessages, startDue } from '../../store/campaigns/reservations.ts';
import type { Executor } from '../../store/db/executor.ts';
import { transact } from '../../store/db/work-signal.ts';
import { releaseHeld, sendRequestIn } from '../../store/messages/messages.ts';
import { optedOutOf } from '../policy/screen.ts';
import { routeReports } from '../reports/route.ts';
import { FIRE } from './create.ts';
import { flowOf } from './manage.ts';

/**
 * Starts a reservation when the clock reaches its time: PENDING → PROCESSING, its held messages
 * become queued and go to the engine, all in one transaction. The move is conditional, so a
 * second firing (another instance, a retry after a crash) finds it started and does nothing.
 * A reservation moved later by an update simply waits for its new time. The request whose
 * messages are released is the one the move itself returns: an update committed after the read
 * above may have given the reservation a new one.
 */
const OPTED_OUT = '30005';
const OPTED_OUT_TEXT = REPORT_CODE_TEXTS[OPTED_OUT] ?? 'Opted out';

export function reservationJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  const fire = handles(FIRE, async ({ resvKey }) => {
    const r = await getReservation(ctx.store.db, resvKey);
    if (r?.status !== 'PENDING') return undefined;
    const now = ctx.clock.now();
    if (r.sendAt > now) return { rescheduleAt: r.sendAt };
    const started = await transact(ctx.store, async (tx) => {
      const requestId = await startDue(tx, resvKey, now);
      if (requestId === null) return null;
      const refused = r.advertising ? await refuseOptedOut(ctx, tx, requestId, now) : null;
      await releaseHeld(tx, requestId, now);
      return { refused };
    });
    if (started) {
      started.refused?.announce(ctx.events);
    } else {
      // Not started: moved to a later time meanwhile (wait for it), or no longer PENDING (done).
      const later = await getReservation(ctx.store.db, resvKey);
      if (later?.status === 'PENDING' && later.sendAt > now) return { rescheduleAt: later.sendAt };
    }
    return undefined;
  });
  return new Map([fire]);
}

/**
 * An advertising reservation that reaches its time: recipients who went on the opt-out list
 * since it was made end failed with 30005 and their report, unsent (judged again here because a
 * reservation may wait up to a year). Written in the firing's transaction; null when none.
 */
async function refuseOptedOut(ctx: Ctx, tx: Executor, requestId: string, now: number): Promise<Plan | null> {
  const req = await sendRequestIn(tx, requestId);
  if (!req) return null;
  const flow = flowOf(req.flow);
  const held = await heldMessages(tx, requestId);
  const out = await optedOutOf(
    tx,
    ctx.store.caps,
    req.accountId,
    flow,
    held.map((m) => m.to),
  );
  const first = flow[0];
  if (out.size === 0 || !first) return null;
  const plan = new Plan(now, ctx.store.caps, routeReports);
  for (const m of held) {
    if (!out.has(m.to)) continue;
    plan.move(
      m.msgKey,
      { status: 'held', step: 0 },
      {
        status: 'failed',
        step: 0,
        nextAt: null,
        reportCode: OPTED_OUT,
        reportText: OPTED_OUT_TEXT,
        doneAt: now,
      },
    );
    const subject = {
      msgKey: m.msgKey,
      accountId: req.accountId,
      ref: m.destRef ?? req.ref ?? '',
      step: first,
      sendTime: now,
    };
    plan.report(subject, 'STANDARD', OPTED_OUT, OPTED_OUT_TEXT, null, now);
  }
  await plan.commit(tx);
  return plan;
}
