import type { Static } from '@sinclair/typebox';
import { type Clock, isManual, isoKst, parseClientTime, SystemClock } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { RETENTION_JOB, retentionJob } from '../../engine/retention.ts';
import { SWEEP_JOB, sweepJob } from '../../engine/sweep.ts';
import { GatewayError } from '../../errors.ts';
import { addClockOffset, CLOCK_SETTING, putSetting, raiseClockOffset } from '../../store/db/settings.ts';
import { lengthenLeases, moveJob } from '../../store/jobs/jobs.ts';
import type { ClockView as ClockViewSchema } from './schemas.ts';

export type ClockView = Static<typeof ClockViewSchema>;

export function viewClock(clock: Clock): ClockView {
  const ms = clock.now();
  return {
    now: isoKst(ms, true),
    epochMs: ms,
    kind: clock.kind,
    offsetSeconds: clock.offsetMs === null ? null : clock.offsetMs / 1000,
  };
}

type Move = { advanceSeconds?: number | undefined; set?: string | undefined };

/**
 * Moves the gateway clock forward by seconds, or sets it to a time; due work then runs. The
 * manual clock goes anywhere it is told; the system clock only forward (it runs ahead of the
 * system time by an offset the database keeps).
 */
export async function moveClock(ctx: Ctx, input: Move): Promise<ClockView> {
  const clock = ctx.clock;
  const hasAdvance = input.advanceSeconds !== undefined;
  const hasSet = input.set !== undefined;
  if (hasAdvance === hasSet) throw new GatewayError('A300', 'give exactly one of advanceSeconds or set');
  let target: number | null = null;
  if (hasSet) {
    target = parseClientTime(input.set ?? '');
    if (target === null) {
      throw new GatewayError(
        'A300',
        'set must be ISO 8601 with an offset, or yyyy-MM-dd HH:mm:ss (Korea time)',
      );
    }
  }
  const advanceMs = Math.round((input.advanceSeconds ?? 0) * 1000);
  if (clock instanceof SystemClock) {
    await moveSystemClock(ctx, clock, target === null ? { advanceMs } : { target });
    return viewClock(clock);
  }
  if (!isManual(clock)) throw new GatewayError('A824', `a ${clock.kind} clock cannot be moved`);
  const from = clock.now();
  const to = target ?? from + advanceMs;
  // Persist first: a restart, or another instance, must see the time that due work was run at.
  await putSetting(ctx.store, CLOCK_SETTING, String(to));
  clock.set(to);
  if (to < from) await rewindPeriodicJobs(ctx, to);
  return viewClock(clock);
}

/**
 * The sweep and the purge reschedule themselves a period after their last run: after the manual
 * clock went back (a test setting the clock to a fixed day before today), their next run would
 * wait until the clock came back to where it was, and expired 2FA texts, stranded messages and
 * old records would stay meanwhile. They come back to a period after the new time, as at a start.
 * (Work scheduled for a time of its own, a reservation, keeps its time.)
 */
async function rewindPeriodicJobs(ctx: Ctx, now: number): Promise<void> {
  for (const [dedupeKey, job] of [
    [SWEEP_JOB, sweepJob(now)],
    [RETENTION_JOB, retentionJob(now)],
  ] as const) {
    await moveJob(ctx.store.db, dedupeKey, job.runAt);
  }
}

const BACKWARD =
  'the gateway runs on the system clock, which moves only forward (start it with OMNIGATE_CLOCK=manual to move time back)';

async function moveSystemClock(
  ctx: Ctx,
  clock: SystemClock,
  move: { advanceMs: number } | { target: number },
): Promise<void> {
  let kept: number;
  if ('advanceMs' in move) {
    if (move.advanceMs <= 0) {
      throw new GatewayError('A824', `advanceSeconds must be more than 0: ${BACKWARD}`);
    }
    // Leases (real processes' work under way) must not run out by the jump: lengthened first.
    await lengthenLeases(ctx.store, move.advanceMs, clock.now());
    // Persist first, as the manual clock does; the store adds to what another instance kept.
    kept = await addClockOffset(ctx.store, move.advanceMs);
  } else {
    // One reading of the system time: the offset asked for and the check agree to the millisecond.
    const system = Date.now();
    const now = system + clock.offsetMs;
    if (move.target < now) {
      throw new GatewayError(
        'A824',
        `set ${isoKst(move.target)} is before the gateway's time ${isoKst(now)}: ${BACKWARD}`,
      );
    }
    const want = move.target - system;
    await lengthenLeases(ctx.store, want - clock.offsetMs, now);
    kept = await raiseClockOffset(ctx.store, want);
    if (kept > want) {
      // Another instance had moved it further meanwhile: follow it, and say the time asked is past.
      clock.setOffset(Math.max(clock.offsetMs, kept));
      throw new GatewayError(
        'A824',
        `set ${isoKst(move.target)} is before the gateway's time ${isoKst(clock.now())} (moved by another instance): ${BACKWARD}`,
      );
    }
  }
  // Two moves of this instance at once may end in either order: the later answer must not set
  // the clock back to the earlier one's offset (the database keeps the larger: settings.ts).
  clock.setOffset(Math.max(clock.offsetMs, kept));
}
