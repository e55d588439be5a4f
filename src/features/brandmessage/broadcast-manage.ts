import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  type Broadcast,
  type BroadcastStatus,
  getAccountBroadcast,
  moveBroadcast,
} from '../../store/campaigns/broadcasts.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs, moveJob } from '../../store/jobs/jobs.ts';
import { tickJob } from './broadcast-jobs.ts';
import type { BroadcastRecord } from './broadcast-schema.ts';

/**
 * The spec's broadcast record (plus friendGroupKey and the done time) as the operator API answers
 * it: requestId the number. The client API answers it as a string (BroadcastRecord, record()).
 */
export interface BroadcastView extends Omit<BroadcastRecord, 'requestId'> {
  requestId: number;
}

export function view(b: Broadcast): BroadcastView {
  return {
    requestId: b.requestId,
    status: b.status,
    sendStartAt: formatKst(b.sendStartAt),
    campaignId: b.campaignId ?? '',
    tpsLimit: b.tpsLimit,
    // Stored as checked (broadcast-create.ts): Y or N.
    pushAlarm: b.pushAlarm as BroadcastRecord['pushAlarm'],
    expectedCount: b.expectedCount,
    sendCount: b.sendCount,
    senderKey: b.senderKey,
    templateCode: b.templateCode,
    msgType: b.msgType,
    friendGroupKey: b.friendGroupKey,
    doneAt: b.doneAt === null ? null : formatKst(b.doneAt),
  };
}

/** data.data.brandmessage as the client API answers it (BroadcastRecord in broadcast-schema.ts). */
export function record(b: Broadcast): BroadcastRecord {
  // The account's own number: the client never sees the key shared by every account's broadcasts.
  return { ...view(b), requestId: String(b.accountRequestId) };
}

/** The account's broadcast of that profile; anything else is not found (A820). */
export async function loadOwn(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  requestId: number,
): Promise<Broadcast> {
  const b = await getAccountBroadcast(ctx.store.db, accountId, requestId);
  if (!b || b.senderKey !== senderKey) {
    throw new GatewayError('A820', `broadcast ${requestId} of senderKey ${senderKey}`);
  }
  return b;
}

async function transition(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  requestId: number,
  action: string,
  from: readonly BroadcastStatus[],
  to: BroadcastStatus,
): Promise<Broadcast> {
  // The client's number; the row's own key from here on.
  const key = (await loadOwn(ctx, accountId, senderKey, requestId)).requestId;
  const now = ctx.clock.now();
  const moved = await transact(ctx.store, async (tx) => {
    if (!(await moveBroadcast(tx, key, from, to, now, to === 'TERMINATED' ? { doneAt: now } : {})))
      return false;
    if (to === 'READY') {
      // Resumed: its job looks at once (a paused broadcast's job waits up to a minute).
      const job = tickJob(key, now);
      if (!(await moveJob(tx, job.dedupeKey ?? '', now))) await enqueueJobs(tx, [job], now);
    }
    return true;
  });
  const after = await loadOwn(ctx, accountId, senderKey, requestId);
  if (!moved) {
    throw new GatewayError(
      'A824',
      `cannot ${action} a broadcast in ${after.status} (only ${from.join(' or ')})`,
    );
  }
  return after;
}

/** SENDING → PAUSED: sendCount keeps what was sent so far. */
export const pause = (ctx: Ctx, accountId: string, senderKey: string, requestId: number) =>
  transition(ctx, accountId, senderKey, requestId, 'pause', ['SENDING'], 'PAUSED');

/** PAUSED → READY: it goes on by itself (at once when its start time has passed). */
export const resume = (ctx: Ctx, accountId: string, senderKey: string, requestId: number) =>
  transition(ctx, accountId, senderKey, requestId, 'resume', ['PAUSED'], 'READY');

/**
 * READY or SENDING (as the spec says), and PAUSED too → TERMINATED: nothing more is sent; what
 * was handed over goes on. A paused campaign can be ended without resuming it first.
 */
export const terminate = (ctx: Ctx, accountId: string, senderKey: string, requestId: number) =>
  transition(ctx, accountId, senderKey, requestId, 'terminate', ['READY', 'SENDING', 'PAUSED'], 'TERMINATED');
