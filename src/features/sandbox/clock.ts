import type { Static } from '@sinclair/typebox';
import { type Clock, isManual, isoKst, parseClientTime } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { CLOCK_SETTING, putSetting } from '../../store/db/settings.ts';
import type { ClockView as ClockViewSchema } from './schemas.ts';

/** The settings row that keeps the manual clock across restarts and shares it between instances. */

export type ClockView = Static<typeof ClockViewSchema>;

export function viewClock(clock: Clock): ClockView {
  const ms = clock.now();
  return { now: isoKst(ms, true), epochMs: ms, kind: clock.kind };
}

/** Moves the manual clock forward by seconds, or sets it to a time; due work then runs. */
export async function moveClock(
  ctx: Ctx,
  input: { advanceSeconds?: number | undefined; set?: string | undefined },
): Promise<ClockView> {
  const clock = ctx.clock;
  if (!isManual(clock)) {
    throw new GatewayError(
      'A824',
      'the gateway runs on the system clock; start it with OMNIGATE_CLOCK=manual',
    );
  }
  const hasAdvance = input.advanceSeconds !== undefined;
  const hasSet = input.set !== undefined;
  if (hasAdvance === hasSet) throw new GatewayError('A300', 'give exactly one of advanceSeconds or set');
  let target: number;
  if (hasSet) {
    const parsed = parseClientTime(input.set ?? '');
    if (parsed === null) {
      throw new GatewayError(
        'A300',
        'set must be ISO 8601 with an offset, or yyyy-MM-dd HH:mm:ss (Korea time)',
      );
    }
    target = parsed;
  } else {
    target = clock.now() + Math.round((input.advanceSeconds ?? 0) * 1000);
  }
  // Persist first: a restart, or another instance, must see the time that due work was run at.
  await putSetting(ctx.store, CLOCK_SETTING, String(target));
  clock.set(target);
  return viewClock(clock);
}
