import type { Static } from '@sinclair/typebox';
import { formatKst, isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { getReservation } from '../../store/campaigns/reservations.ts';
import { getSendRequest } from '../../store/messages/messages.ts';
import {
  answeredMessages,
  answeringRequest,
  idempotencyKeyOf,
  rebuildAnswer,
  recordedKeyLife,
  storedDestination,
} from '../../store/messages/request-answer.ts';
import { MAX_DESTINATIONS } from '../send/send.ts';
import type { MessageRequest } from './message-request-schemas.ts';

type View = Static<typeof MessageRequest>;
type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The stored messageFlow (engine/flow.ts FlowStep[]) as the client's messageFlow: each step's
 * channel object as validated (its payload), and whether a step is stored masked (a 2FA code).
 */
function messageFlowOf(json: string): { messageFlow: Loose[]; masked: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { messageFlow: [], masked: false };
  }
  if (!Array.isArray(parsed)) return { messageFlow: [], masked: false };
  const messageFlow: Loose[] = [];
  let masked = false;
  for (const step of parsed as unknown[]) {
    if (!isObject(step) || typeof step.channel !== 'string') continue;
    if (step.sealed === true) masked = true;
    messageFlow.push({ [step.channel]: isObject(step.payload) ? step.payload : {} });
  }
  return { messageFlow, masked };
}

/** A recipient's own values as the destination gave them (replaceWords, the variable objects). */
function varsOf(json: string | null): Loose {
  if (json === null) return {};
  try {
    const v: unknown = JSON.parse(json);
    return isObject(v) ? v : {};
  } catch {
    return {};
  }
}

/**
 * GET /admin/v1/messages/{msgKey}/request: the send the message came from, rebuilt from what the
 * gateway keeps (its request row, this message's destination, the idempotency key while it is
 * kept, the reservation), and the per-recipient answer its client got (request-answer.ts).
 */
export async function showMessageRequest(ctx: Ctx, msgKey: string): Promise<View> {
  const m = await storedDestination(ctx.store, msgKey);
  if (!m) throw new GatewayError('A820', `msgKey ${msgKey}`);
  const request = await getSendRequest(ctx.store, m.requestId);
  if (!request) throw new GatewayError('A820', `the request of ${msgKey} is no longer kept`);
  const answering = await answeringRequest(ctx.store, request.id, request.resvKey);
  const first = answering?.first ?? null;
  const [accepted, idem, reservation] = await Promise.all([
    first ? answeredMessages(ctx.store, answering?.ids ?? [], first.createdAt, MAX_DESTINATIONS) : [],
    first
      ? idempotencyKeyOf(
          ctx.store,
          m.accountId,
          first.id,
          first.createdAt,
          recordedKeyLife(first.answer),
          ctx.clock.now(),
        )
      : null,
    request.resvKey ? getReservation(ctx.store.db, request.resvKey) : undefined,
  ]);
  const answer =
    first && (accepted.length > 0 || first.answer !== null) ? rebuildAnswer(first.answer, accepted) : null;
  const mine = answer?.destinations.find((d) => d.msgKey === msgKey);
  let answerNote: string | null = null;
  if (!answer) answerNote = 'No recipient accepted with this request is kept any more.';
  else if (!mine) {
    answerNote = request.resvKey
      ? 'This recipient was added to the reservation later (POST .../destinations, answered on its own): ' +
        'the answer is that of the request that made the reservation.'
      : 'This recipient is not in the answer kept for its request.';
  }

  const { messageFlow, masked } = messageFlowOf(request.flow);
  const destination: Loose = { to: mine?.to ?? m.to };
  if (m.destRef !== null) destination.ref = m.destRef;
  Object.assign(destination, varsOf(m.vars));
  const body: View['body'] = { destinations: [destination], messageFlow };
  if (request.ref !== null) body.ref = request.ref;
  if (request.paymentCode !== null) body.paymentCode = request.paymentCode;
  if (request.groupKey !== null) body.groupKey = request.groupKey;
  if (idem) body.idempotencyKey = idem.key;
  if (reservation) {
    body.resvSendTime = formatKst(reservation.sendAt);
    if (reservation.name !== null) body.resvName = reservation.name;
  }
  return {
    msgKey,
    requestId: request.id,
    accountId: m.accountId,
    acceptedAt: isoKst(first?.createdAt ?? reservation?.createdAt ?? 0),
    resvKey: request.resvKey,
    masked,
    destinationCount: answer?.total ?? 1,
    body,
    answer,
    answerNote,
  };
}
