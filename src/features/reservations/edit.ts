import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import type { FlowStep, RecipientVars } from '../../engine/flow.ts';
import { GatewayError } from '../../errors.ts';
import { inAdvertisingQuietHours } from '../../rules/quiet-hours.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import {
  heldMessages,
  listDestinations,
  lockIn,
  messageIn,
  type ResvStatus,
  rehome,
  removeHeld,
  requestsOfReservation,
  updateReservationRow,
} from '../../store/campaigns/reservations.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs, moveJob } from '../../store/jobs/jobs.ts';
import { getSendRequest, insertMessages, insertSendRequest } from '../../store/messages/messages.ts';
import { screenRequest } from '../policy/screen.ts';
import { type PreparedStep, prepareStep } from '../send/channels.ts';
import type { Directory } from '../send/directory.ts';
import { prepareFlow } from '../send/prepare.ts';
import type { FlowEntryT } from '../send/schema.ts';
import { admitRecipients, checkRecipient, checkRegistrations, type DestinationResult } from '../send/send.ts';
import { fireJob } from './create.ts';
import { flowOf, loadOwn, type ReservationView, refuse, view } from './manage.ts';
import { checkName, checkSendTime, isAdvertisingFlow } from './rules.ts';
import type { AddDestinationsBodyT, ReservationDestinationPageT, UpdateBodyT } from './schema.ts';

export const MAX_ADD = 1000;
const EDITABLE: ResvStatus[] = ['PENDING', 'STOPPED'];

/** The stored flow as prepared steps again (its payloads are the channel objects as sent). */
function prepareStored(flow: readonly FlowStep[], now: number): PreparedStep[] {
  return flow.map((s, i) => prepareStep({ [s.channel]: s.payload } as FlowEntryT, i, now));
}

/** Thrown inside a transaction to roll it back: the reservation was no longer as read. */
class Moved extends Error {}

/**
 * Update (PENDING only): time, name and messages. New messages make a new request (requests are
 * immutable: the engine caches them), which takes the held messages over; every recipient is
 * checked against the new texts first, so an update that would break one is refused whole.
 * Everything is written in one transaction that starts by moving the reservation's own row, only
 * if it is still PENDING with the request read here: otherwise (a stop, the firing or another
 * update came first) nothing at all is written, and held messages are never left in a request
 * that the reservation no longer points to.
 */
export async function update(
  ctx: Ctx,
  dir: Directory,
  principal: KeyPrincipal,
  resvKey: string,
  body: UpdateBodyT,
): Promise<ReservationView> {
  const accountId = principal.account.id;
  const r = await loadOwn(ctx, accountId, resvKey);
  if (r.status !== 'PENDING') refuse(r, 'update', ['PENDING']);
  const now = ctx.clock.now();
  const req = await getSendRequest(ctx.store, r.requestId);
  if (!req) throw new GatewayError('A910', `request of ${resvKey} is missing`);
  let steps = prepareStored(flowOf(req.flow), now);
  const newFlow = body.messageFlow !== undefined;
  if (body.messageFlow !== undefined) {
    if (body.messageFlow.length === 0)
      throw new GatewayError('A336', 'messageFlow must hold at least one entry');
    steps = await prepareFlow(ctx, accountId, body.messageFlow, now);
    await checkRegistrations(ctx, dir, accountId, steps, now);
  }
  const advertising = isAdvertisingFlow(steps.map((s) => s.step));
  let sendAt = r.sendAt;
  if (body.resvSendTime !== undefined) sendAt = checkSendTime(body.resvSendTime, now, advertising);
  else if (advertising && inAdvertisingQuietHours(sendAt)) {
    // New advertising texts at the old time: only the quiet hours are checked again.
    throw new GatewayError('A330', `${formatKst(sendAt)} falls in 20:00 to 08:00 (Korea time)`);
  }
  const name = body.resvName !== undefined ? checkName(body.resvName) : r.name;
  try {
    await transact(ctx.store, async (tx) => {
      const requestId = newFlow ? newId('req_') : r.requestId;
      const patch = { send_at: sendAt, name, request_id: requestId, advertising: advertising ? 1 : 0 };
      const expect = { status: 'PENDING' as const, requestId: r.requestId };
      if (!(await updateReservationRow(tx, resvKey, expect, patch, now))) throw new Moved();
      if (newFlow) {
        // Checked here, with the row held: recipients added up to now are checked too.
        for (const m of await heldMessages(tx, r.requestId)) {
          const vars: RecipientVars | null = m.vars ? JSON.parse(m.vars) : null;
          const bad = checkRecipient({ to: m.to, ...vars }, steps);
          if (bad) throw new GatewayError(bad.code, `recipient ${m.msgKey}: ${bad.detail}`);
        }
        await insertSendRequest(
          tx,
          ctx.store.caps,
          { ...req, id: requestId, flow: JSON.stringify(steps.map((s) => s.step)), resvKey },
          now,
        );
        await rehome(tx, r.requestId, requestId, now);
      }
      const job = fireJob(resvKey, sendAt);
      if (!(await moveJob(tx, job.dedupeKey ?? '', sendAt))) await enqueueJobs(tx, [job], now);
    });
  } catch (err) {
    if (!(err instanceof Moved)) throw err;
    const current = await loadOwn(ctx, accountId, resvKey);
    if (current.status !== 'PENDING') refuse(current, 'update', ['PENDING']);
    throw new GatewayError('A824', `reservation ${resvKey} was updated meanwhile; read it and try again`);
  }
  return view(ctx, await loadOwn(ctx, accountId, resvKey));
}

/**
 * One page of the recipients, in the order they were added: by the cursor `lastSeq` (the hosted
 * service's paging: a recipient's seq is its place, 1, 2, ...) or, as before, by offset.
 */
export async function destinations(
  ctx: Ctx,
  accountId: string,
  resvKey: string,
  q: { lastSeq?: number | undefined; offset?: number | undefined; limit?: number | undefined },
): Promise<ReservationDestinationPageT> {
  await loadOwn(ctx, accountId, resvKey);
  const limit = q.limit ?? 100;
  const offset = q.lastSeq ?? q.offset ?? 0;
  const rows = await listDestinations(
    ctx.store,
    await requestsOfReservation(ctx.store.db, resvKey),
    offset,
    limit + 1,
  );
  const page = rows.slice(0, limit);
  return {
    resvKey,
    offset,
    limit,
    destinations: page.map((d, i) => {
      const vars: RecipientVars | null = d.vars ? JSON.parse(d.vars) : null;
      return {
        seq: offset + i + 1,
        msgKey: d.msgKey,
        to: d.to,
        status: d.status,
        reportCode: d.reportCode ?? '',
        ...(vars?.replaceWords ? { replaceWords: vars.replaceWords } : {}),
      };
    }),
    lastSeq: offset + page.length,
    hasNext: rows.length > limit,
  };
}

/** Adds up to 1000 recipients (PENDING or STOPPED), each checked as a send checks it. */
export async function addDestinations(
  ctx: Ctx,
  principal: KeyPrincipal,
  resvKey: string,
  body: AddDestinationsBodyT,
): Promise<{ resvKey: string; destinations: DestinationResult[] }> {
  const accountId = principal.account.id;
  const r = await loadOwn(ctx, accountId, resvKey);
  if (!EDITABLE.includes(r.status)) refuse(r, 'adding destinations', EDITABLE);
  if (body.destinations.length === 0)
    throw new GatewayError('A307', 'destinations must hold at least one recipient');
  if (body.destinations.length > MAX_ADD) {
    throw new GatewayError('A318', `at most ${MAX_ADD} per call, ${body.destinations.length} given`);
  }
  const now = ctx.clock.now();
  const req = await getSendRequest(ctx.store, r.requestId);
  if (!req) throw new GatewayError('A910', `request of ${resvKey} is missing`);
  const steps = prepareStored(flowOf(req.flow), now);
  const screen = await screenRequest(ctx, accountId, steps, body.destinations, r.advertising);
  const { results, messages } = admitRecipients(body.destinations, steps, 'held', screen);
  const ok = await transact(ctx.store, async (tx) => {
    // The state is checked again, and held until the messages are in: a firing (or a stop, a
    // cancel, an update) between the check above and here would strand them, held for ever.
    const requestId = await lockIn(tx, resvKey, EDITABLE, now);
    if (requestId === null) return false;
    // An update of the texts meanwhile: these recipients were checked against the old ones.
    if (requestId !== r.requestId)
      throw new GatewayError('A824', `reservation ${resvKey} was updated meanwhile`);
    if (messages.length > 0)
      await insertMessages(tx, ctx.store.caps, { id: requestId, accountId }, messages, now);
    return true;
  });
  if (!ok) refuse(await loadOwn(ctx, accountId, resvKey), 'adding destinations', EDITABLE);
  return { resvKey, destinations: results };
}

/** Removes one recipient that has not gone out (PENDING or STOPPED). */
export async function removeDestination(
  ctx: Ctx,
  accountId: string,
  resvKey: string,
  msgKey: string,
): Promise<{ resvKey: string; msgKey: string }> {
  const r = await loadOwn(ctx, accountId, resvKey);
  if (!EDITABLE.includes(r.status)) refuse(r, 'removing destinations', EDITABLE);
  const requests = await requestsOfReservation(ctx.store.db, resvKey);
  if (!(await removeHeld(ctx.store.db, requests, msgKey))) {
    if (await messageIn(ctx.store.db, requests, msgKey)) {
      throw new GatewayError('A824', `message ${msgKey} has already gone out`);
    }
    throw new GatewayError('A820', `message ${msgKey} in reservation ${resvKey}`);
  }
  return { resvKey, msgKey };
}
