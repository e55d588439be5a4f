import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { classifyNumber } from '../../rules/phone.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import { insertReservation, messagesTo, requestsOfReservation } from '../../store/campaigns/reservations.ts';
import { newId } from '../../store/db/ids.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import type { NewJob } from '../../store/jobs/jobs.ts';
import { getSendRequest } from '../../store/messages/messages.ts';
import type { Directory } from '../send/directory.ts';
import { prepareFlow } from '../send/prepare.ts';
import { type DestinationResult, sendMessages } from '../send/send.ts';
import { checkName, checkSendTime, isAdvertisingFlow } from './rules.ts';
import type { ReservationBodyT } from './schema.ts';

/** Starts a reservation at its time (fire.ts). */
export const FIRE = defineJob('reservation.fire', Type.Object({ resvKey: Type.String({ minLength: 1 }) }));
export const FIRE_JOB = FIRE.kind;

/** The job that starts a reservation; its dedupe key keeps several instances from firing it twice. */
export function fireJob(resvKey: string, at: number): NewJob {
  return FIRE.job({ resvKey }, { runAt: at, dedupeKey: `${FIRE_JOB}:${resvKey}` });
}

export interface CreatedReservation {
  resvKey: string;
  destinations: DestinationResult[];
}

/**
 * A replay answers each recipient with the msgKey its first request got. The send path finds them
 * in the first request, but an update of the messages has moved them to a new one: they are looked
 * up in every request of the reservation (oldest first: a number added later comes after).
 */
async function replayKeys(
  ctx: Ctx,
  resvKey: string,
  answer: readonly DestinationResult[],
): Promise<DestinationResult[]> {
  const numbers = answer.map((d) => classifyNumber(d.to)?.number ?? d.to);
  const byTo = new Map<string, string[]>();
  for (const m of await messagesTo(
    ctx.store.db,
    await requestsOfReservation(ctx.store.db, resvKey),
    numbers,
  )) {
    const list = byTo.get(m.to) ?? [];
    list.push(m.msgKey);
    byTo.set(m.to, list);
  }
  return answer.map((d, i) => ({ ...d, msgKey: byTo.get(numbers[i] ?? '')?.shift() ?? '' }));
}

/**
 * POST /api/comm/v1/reservation: every check of a send, plus the reservation's own; the messages
 * are stored held, with the reservation and its firing job, in the send's one transaction.
 */
export async function createReservation(
  ctx: Ctx,
  dir: Directory,
  principal: KeyPrincipal,
  body: ReservationBodyT,
): Promise<CreatedReservation> {
  const now = ctx.clock.now();
  const name = checkName(body.resvName);
  const steps = await prepareFlow(ctx, principal.account.id, body.messageFlow, now);
  // A request the client marks as advertising keeps the quiet hours as a labelled one does.
  const advertising = isAdvertisingFlow(steps.map((s) => s.step)) || body.advertising === true;
  const sendAt = checkSendTime(body.resvSendTime, now, advertising);
  const resvKey = newId('rsv_');
  const out = await sendMessages(ctx, dir, principal, body, {
    steps,
    hold: true,
    resvKey,
    jobs: [fireJob(resvKey, sendAt)],
    onAccept: (tx, requestId) =>
      insertReservation(
        tx,
        { resvKey, accountId: principal.account.id, requestId, name, sendAt, advertising },
        now,
      ),
  });
  if (out.replay) {
    const earlier = await getSendRequest(ctx.store, out.requestId);
    const key = earlier?.resvKey ?? '';
    return {
      resvKey: key,
      destinations: key ? await replayKeys(ctx, key, out.destinations) : out.destinations,
    };
  }
  // No recipient accepted: nothing was stored, so there is no reservation.
  return { resvKey: out.accepted > 0 ? resvKey : '', destinations: out.destinations };
}
