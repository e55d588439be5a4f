import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import type { FlowStep, RecipientVars } from '../../engine/flow.ts';
import { GatewayError, resultText } from '../../errors.ts';
import { classifyNumber } from '../../rules/phone.ts';
import { inAdvertisingQuietHours } from '../../rules/quiet-hours.ts';
import type { KeyPrincipal } from '../../store/accounts.ts';
import { newId } from '../../store/ids.ts';
import { enqueueJobs, moveJob } from '../../store/jobs.ts';
import { getSendRequest, insertMessages, insertSendRequest, type NewMessage } from '../../store/messages.ts';
import {
  heldMessages,
  listDestinations,
  messageIn,
  type ResvStatus,
  rehome,
  removeHeld,
  requestsOfReservation,
  updateReservationRow,
} from '../../store/reservations.ts';
import { type PreparedStep, prepareStep } from '../send/channels.ts';
import type { Directory } from '../send/directory.ts';
import type { FlowEntryT } from '../send/schema.ts';
import { checkRecipient, checkRegistrations, type DestinationResult, varsOf } from '../send/send.ts';
import { fireJob } from './create.ts';
import { flowOf, loadOwn, type ReservationView, refuse, view } from './manage.ts';
import { checkName, checkSendTime, isAdvertisingFlow } from './rules.ts';
import type { AddDestinationsBodyT, UpdateBodyT } from './schema.ts';

export const MAX_ADD = 1000;
const EDITABLE: ResvStatus[] = ['PENDING', 'STOPPED'];

/** The stored flow as prepared steps again (its payloads are the channel objects as sent). */
function prepareStored(flow: readonly FlowStep[], now: number): PreparedStep[] {
  return flow.map((s, i) => prepareStep({ [s.channel]: s.payload } as FlowEntryT, i, now));
}

/**
 * Update (PENDING only): time, name and messages. New messages make a new request (requests are
 * immutable: the engine caches them), which takes the held messages over; every recipient is
 * checked against the new texts first, so an update that would break one is refused whole.
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
  if (body.messageFlow !== undefined) {
    if (body.messageFlow.length === 0)
      throw new GatewayError('A310', 'messageFlow must hold at least one entry');
    steps = body.messageFlow.map((e, i) => prepareStep(e, i, now));
    await checkRegistrations(ctx, dir, accountId, steps, now);
    for (const m of await heldMessages(ctx.store.db, r.requestId)) {
      const vars: RecipientVars | null = m.vars ? JSON.parse(m.vars) : null;
      const bad = checkRecipient(
        { to: m.to, ...(vars?.replaceWords ? { replaceWords: vars.replaceWords } : {}) },
        steps,
      );
      if (bad) throw new GatewayError(bad.code, `recipient ${m.msgKey}: ${bad.detail}`);
    }
  }
  const advertising = isAdvertisingFlow(steps.map((s) => s.step));
  let sendAt = r.sendAt;
  if (body.resvSendTime !== undefined) sendAt = checkSendTime(body.resvSendTime, now, advertising);
  else if (advertising && inAdvertisingQuietHours(sendAt)) {
    // New advertising texts at the old time: only the quiet hours are checked again.
    throw new GatewayError('A330', `${formatKst(sendAt)} falls in 20:00 to 08:00 (Korea time)`);
  }
  const name = body.resvName !== undefined ? checkName(body.resvName) : r.name;
  const ok = await ctx.store.db.transaction().execute(async (tx) => {
    let requestId = r.requestId;
    if (body.messageFlow !== undefined) {
      requestId = newId('req_');
      await insertSendRequest(
        tx,
        { ...req, id: requestId, flow: JSON.stringify(steps.map((s) => s.step)), resvKey },
        now,
      );
      await rehome(tx, r.requestId, requestId, now);
    }
    const patch = { send_at: sendAt, name, request_id: requestId, advertising: advertising ? 1 : 0 };
    if (!(await updateReservationRow(tx, resvKey, 'PENDING', patch, now))) return false;
    const job = fireJob(resvKey, sendAt);
    if (!(await moveJob(tx, job.dedupeKey ?? '', sendAt))) await enqueueJobs(tx, [job], now);
    return true;
  });
  if (!ok) refuse(await loadOwn(ctx, accountId, resvKey), 'update', ['PENDING']);
  return view(ctx, await loadOwn(ctx, accountId, resvKey));
}

export async function destinations(
  ctx: Ctx,
  accountId: string,
  resvKey: string,
  offset: number,
  limit: number,
): Promise<{ resvKey: string; offset: number; limit: number; destinations: Array<Record<string, unknown>> }> {
  await loadOwn(ctx, accountId, resvKey);
  const rows = await listDestinations(
    ctx.store,
    await requestsOfReservation(ctx.store.db, resvKey),
    offset,
    limit,
  );
  return {
    resvKey,
    offset,
    limit,
    destinations: rows.map((d) => {
      const vars: RecipientVars | null = d.vars ? JSON.parse(d.vars) : null;
      return {
        msgKey: d.msgKey,
        to: d.to,
        status: d.status,
        reportCode: d.reportCode ?? '',
        ...(vars?.replaceWords ? { replaceWords: vars.replaceWords } : {}),
      };
    }),
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
  const results: DestinationResult[] = [];
  const messages: NewMessage[] = [];
  for (const d of body.destinations) {
    const to = typeof d.to === 'string' ? d.to : '';
    const bad = checkRecipient(d, steps);
    if (bad) {
      results.push({ to, msgKey: '', code: bad.code, result: resultText(bad.code, bad.detail) });
      continue;
    }
    const msgKey = newId('');
    const vars = varsOf(d);
    messages.push({
      msgKey,
      to: classifyNumber(to)?.number ?? to,
      destRef: typeof d.ref === 'string' ? d.ref : null,
      vars: vars ? JSON.stringify(vars) : null,
      status: 'held',
    });
    results.push({ to, msgKey, code: 'A000', result: 'SUCCESS' });
  }
  const ok = await ctx.store.db.transaction().execute(async (tx) => {
    // The state is checked again in the transaction: a firing in between would strand them.
    const still = await tx
      .selectFrom('reservations')
      .select('status')
      .where('resv_key', '=', resvKey)
      .executeTakeFirst();
    if (!still || !EDITABLE.includes(still.status as ResvStatus)) return false;
    if (messages.length > 0)
      await insertMessages(tx, ctx.store.caps, { id: r.requestId, accountId }, messages, now);
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
