import type { Ctx } from '../../context.ts';
import { DISPATCH_JOB } from '../../engine/dispatch.ts';
import type { JobHandler } from '../../engine/runner.ts';
import { enqueueJobs } from '../../store/jobs.ts';
import { releaseHeld } from '../../store/messages.ts';
import { getReservation, startDue } from '../../store/reservations.ts';
import { FIRE_JOB } from './create.ts';

/**
 * Starts a reservation when the clock reaches its time: PENDING → PROCESSING, its held messages
 * become queued and go to the engine, all in one transaction. The move is conditional, so a
 * second firing (another instance, a retry after a crash) finds it started and does nothing.
 * A reservation moved later by an update simply waits for its new time. The request whose
 * messages are released is the one the move itself returns: an update committed after the read
 * above may have given the reservation a new one.
 */
export function reservationJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  const fire: JobHandler = async (job) => {
    const resvKey = job.payload.resvKey;
    if (typeof resvKey !== 'string') return undefined;
    const r = await getReservation(ctx.store.db, resvKey);
    if (r?.status !== 'PENDING') return undefined;
    const now = ctx.clock.now();
    if (r.sendAt > now) return { rescheduleAt: r.sendAt };
    const started = await ctx.store.db.transaction().execute(async (tx) => {
      const requestId = await startDue(tx, resvKey, now);
      if (requestId === null) return false;
      await releaseHeld(tx, requestId, now);
      await enqueueJobs(tx, [{ kind: DISPATCH_JOB, payload: { requestId }, runAt: now }], now);
      return true;
    });
    if (started) ctx.workAdded();
    else {
      // Not started: moved to a later time meanwhile (wait for it), or no longer PENDING (done).
      const later = await getReservation(ctx.store.db, resvKey);
      if (later?.status === 'PENDING' && later.sendAt > now) return { rescheduleAt: later.sendAt };
    }
    return undefined;
  };
  return new Map([[FIRE_JOB, fire]]);
}
