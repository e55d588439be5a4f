import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { inSendWindow, nextWindowOpen } from '../../rules/broadcast-window.ts';
import {
  advanceBroadcast,
  type Broadcast,
  getBroadcast,
  moveBroadcast,
} from '../../store/campaigns/broadcasts.ts';
import { findFriendGroup } from '../../store/campaigns/friend-groups.ts';
import { newId } from '../../store/db/ids.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import type { NewJob } from '../../store/jobs/jobs.ts';
import { acceptSend, type NewMessage } from '../../store/messages/messages.ts';
import { findBrandTemplate } from '../../store/templates/brand-templates.ts';
import { getProfile } from '../../store/templates/profiles.ts';
import { refusedNumbers } from '../policy/screen.ts';
import { flowOf } from '../reservations/manage.ts';
import { broadcastRecipients } from './audience.ts';

/** The one job that moves a broadcast on, a chunk a second (its handler is below). */
export const BROADCAST = defineJob('broadcast.tick', Type.Object({ requestId: Type.Integer() }));
export const BROADCAST_JOB = BROADCAST.kind;
/** A paused broadcast's job looks again this often, so that a resume is never lost. */
export const PAUSED_POLL_MS = 60_000;
const SECOND = 1000;

/** The one job that moves a broadcast on (its dedupe key keeps it one). */
export function tickJob(requestId: number, runAt: number): NewJob {
  return BROADCAST.job({ requestId }, { runAt, dedupeKey: `${BROADCAST_JOB}:${requestId}` });
}

/** Thrown inside the chunk's transaction to roll it back: the broadcast moved meanwhile. */
class Moved extends Error {}

/**
 * READY → SENDING at its start time, unless its template, profile or friend group has gone
 * (BLOCKED): a
 * broadcast never sends something other than what was scheduled.
 */
async function start(ctx: Ctx, b: Broadcast, now: number): Promise<boolean> {
  const template = await findBrandTemplate(ctx.store, b.senderKey, b.templateCode);
  const profile = await getProfile(ctx.store, b.accountId, b.senderKey);
  const group =
    b.friendGroupKey === null ? null : await findFriendGroup(ctx.store, b.senderKey, b.friendGroupKey);
  if (!profile || template?.status !== 'A' || group === undefined) {
    await moveBroadcast(ctx.store.db, b.requestId, ['READY'], 'BLOCKED', now, { doneAt: now });
    ctx.logger.warn(
      { requestId: b.requestId },
      'broadcast blocked: its template, profile or friend group is gone',
    );
    return false;
  }
  return moveBroadcast(ctx.store.db, b.requestId, ['READY'], 'SENDING', now, {
    startedAt: b.startedAt ?? now,
  });
}

/**
 * One second of a SENDING broadcast: the next `tpsLimit` numbers become messages of a request of
 * their own (the broadcast's flow), committed with the move of the broadcast's cursor, so a
 * chunk is accepted exactly once even when two instances or a restart run the same tick.
 */
async function sendChunk(ctx: Ctx, b: Broadcast, now: number): Promise<'more' | 'done' | 'moved'> {
  const phones = await broadcastRecipients(ctx, b.senderKey, b.friendGroupKey, b.cursor, b.tpsLimit);
  const last = phones.at(-1);
  if (last === undefined) {
    return (await moveBroadcast(ctx.store.db, b.requestId, ['SENDING'], 'DONE', now, { doneAt: now }))
      ? 'done'
      : 'moved';
  }
  const done = phones.length < b.tpsLimit;
  const chunk = { cursor: last, count: 0, done };
  // Opted-out numbers (an advertising broadcast) and blocked ones are left out: counted, not sent.
  const refused = await refusedNumbers(ctx, b.accountId, flowOf(b.flow), phones);
  const allowed = refused.size === 0 ? phones : phones.filter((p) => !refused.has(p));
  chunk.count = allowed.length;
  if (refused.size > 0)
    ctx.logger.info(
      { requestId: b.requestId, leftOut: refused.size },
      'broadcast: numbers left out by policy',
    );
  if (allowed.length === 0) {
    if (!(await advanceBroadcast(ctx.store.db, b.requestId, b.cursor, chunk, now))) return 'moved';
    return done ? 'done' : 'more';
  }
  const requestId = newId('req_');
  const messages: NewMessage[] = allowed.map((to) => ({
    msgKey: newId(''),
    to,
    destRef: null,
    vars: null,
    status: 'queued',
  }));
  try {
    await acceptSend(
      ctx.store,
      {
        id: requestId,
        accountId: b.accountId,
        keyId: b.keyId,
        flow: b.flow,
        paymentCode: b.paymentCode,
        groupKey: null,
        ref: b.campaignId,
        dlr: b.dlr,
        resvKey: null,
      },
      messages,
      [],
      null,
      now,
      async (tx) => {
        if (!(await advanceBroadcast(tx, b.requestId, b.cursor, chunk, now))) throw new Moved();
      },
    );
  } catch (err) {
    if (err instanceof Moved) return 'moved';
    throw err;
  }
  ctx.events.emit('messages.accepted', { count: messages.length });
  return done ? 'done' : 'more';
}

/**
 * The broadcast's clock: it starts at sendStartAt, sends a second's worth (tpsLimit) each second
 * inside 08:00-20:50 Korea time, waits for 08:00 outside it (still SENDING: the stop is the
 * window's, not the client's), and ends DONE when every number has been handed to the engine.
 */
export function broadcastJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  const tick = handles(BROADCAST, async ({ requestId }) => {
    const now = ctx.clock.now();
    let b = await getBroadcast(ctx.store.db, requestId);
    if (!b) return undefined;
    if (b.status === 'PAUSED') return { rescheduleAt: now + PAUSED_POLL_MS };
    if (b.status === 'READY') {
      if (now < b.sendStartAt) return { rescheduleAt: b.sendStartAt };
      await start(ctx, b, now);
      b = await getBroadcast(ctx.store.db, requestId);
      if (!b) return undefined;
    }
    if (b.status === 'PAUSED') return { rescheduleAt: now + PAUSED_POLL_MS };
    if (b.status !== 'SENDING') return undefined;
    if (!inSendWindow(now)) return { rescheduleAt: nextWindowOpen(now) };
    // At most one chunk a second, also when a pause and a resume came in between.
    if (b.lastChunkAt !== null && now < b.lastChunkAt + SECOND)
      return { rescheduleAt: b.lastChunkAt + SECOND };
    const outcome = await sendChunk(ctx, b, now);
    if (outcome === 'done') return undefined;
    // Moved (paused, terminated, or another instance went first): look again at once.
    return { rescheduleAt: outcome === 'moved' ? now : now + SECOND };
  });
  return new Map([tick]);
}
