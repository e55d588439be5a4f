import { Type } from '@sinclair/typebox';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';
import { defineJob } from '../jobs/job-kind.ts';
import { enqueueJobs, moveJob } from '../jobs/jobs.ts';
import type { MoMessagesTable } from '../schema/mo.ts';

export const MO_STATUSES = ['PENDING', 'FAILED', 'DELIVERED', 'GIVEN_UP'] as const;
export type MoStatus = (typeof MO_STATUSES)[number];

/**
 * The job that posts one MO to its account's webhook (features/mo/jobs.ts runs it). Declared
 * here, under its handler's layer: the store adds these jobs with the MO and moves them.
 */
export const MO_DELIVERY = defineJob('mo.deliver', Type.Object({ msgKey: Type.String({ minLength: 1 }) }));
export const MO_DELIVERY_JOB = MO_DELIVERY.kind;

/** One delivery job per MO: a redelivery while one waits moves it rather than adding another. */
export function moJobKey(msgKey: string): string {
  return `${MO_DELIVERY_JOB}:${msgKey}`;
}

/**
 * The job's own attempt limit only catches a handler that keeps crashing (the database gone, a
 * worker dying mid-post): every answered or unanswered post reschedules the job with its attempts
 * reset, and the MO row keeps the real count and the give-up rule.
 */
const JOB_MAX_ATTEMPTS = 10;

export interface NewMo {
  msgKey: string;
  accountId: string;
  to: string;
  from: string;
  originator: string;
  carrier: string;
  content: string;
  connector: string;
  networkId: string | null;
  occurredAt: number;
}

export interface MoRecord extends NewMo {
  receivedAt: number;
  status: MoStatus;
  attempts: number;
  roundAttempts: number;
  roundStartedAt: number;
  lastError: string | null;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
  deliveredAt: number | null;
}

const num = (v: number | null): number | null => (v === null ? null : Number(v));

export function toRecord(r: MoMessagesTable): MoRecord {
  const status = MO_STATUSES.find((s) => s === r.status) ?? 'PENDING';
  return {
    msgKey: r.msg_key,
    accountId: r.account_id,
    to: r.to_number,
    from: r.from_number,
    originator: r.originator,
    carrier: r.carrier,
    content: r.content,
    connector: r.connector,
    networkId: r.network_id,
    occurredAt: Number(r.occurred_at),
    receivedAt: Number(r.received_at),
    status,
    attempts: r.attempts,
    roundAttempts: r.round_attempts,
    roundStartedAt: Number(r.round_started_at),
    lastError: r.last_error,
    lastAttemptAt: num(r.last_attempt_at),
    nextAttemptAt: num(r.next_attempt_at),
    deliveredAt: num(r.delivered_at),
  };
}

/**
 * The account that receives MOs sent to `number`: the one that registered it as a sender number.
 * Registrations are per account, so a number can be on several; the earliest registration wins,
 * which keeps the owner stable when another account registers the same number later.
 */
export async function findMoAccount(exec: Executor, number: string): Promise<string | undefined> {
  const row = await exec
    .selectFrom('sender_numbers')
    .select('account_id')
    .where('number', '=', number)
    .orderBy('created_at')
    .orderBy('account_id')
    .limit(1)
    .executeTakeFirst();
  return row?.account_id;
}

/**
 * Stores an MO and its first delivery job in the caller's transaction (transactional outbox: the
 * MO is never stored without a way to the webhook). An MO the connector already handed over
 * (same connector and network id) is not stored again: `created` false and the first one's key.
 */
export async function insertMo(
  exec: Executor,
  mo: NewMo,
  now: number,
): Promise<{ msgKey: string; accountId: string; created: boolean }> {
  const res = await exec
    .insertInto('mo_messages')
    .values({
      msg_key: mo.msgKey,
      account_id: mo.accountId,
      to_number: mo.to,
      from_number: mo.from,
      originator: mo.originator,
      carrier: mo.carrier,
      content: mo.content,
      connector: mo.connector,
      network_id: mo.networkId,
      occurred_at: mo.occurredAt,
      received_at: now,
      status: 'PENDING',
      attempts: 0,
      round_attempts: 0,
      round_started_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.columns(['connector', 'network_id']).doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0 && mo.networkId !== null) {
    const first = await exec
      .selectFrom('mo_messages')
      .select(['msg_key', 'account_id'])
      .where('connector', '=', mo.connector)
      .where('network_id', '=', mo.networkId)
      .executeTakeFirstOrThrow();
    return { msgKey: first.msg_key, accountId: first.account_id, created: false };
  }
  await enqueueJobs(exec, [deliveryJob(mo.msgKey, now)], now);
  return { msgKey: mo.msgKey, accountId: mo.accountId, created: true };
}

function deliveryJob(msgKey: string, runAt: number) {
  return MO_DELIVERY.job({ msgKey }, { runAt, maxAttempts: JOB_MAX_ATTEMPTS, dedupeKey: moJobKey(msgKey) });
}

export async function getMo(exec: Executor, msgKey: string): Promise<MoRecord | undefined> {
  const r = await exec.selectFrom('mo_messages').selectAll().where('msg_key', '=', msgKey).executeTakeFirst();
  return r ? toRecord(r) : undefined;
}

/** The webhook delivery status of each of `msgKeys` still stored (one query by primary key). */
export async function moStatusesOf(
  exec: Executor,
  msgKeys: readonly string[],
): Promise<Map<string, MoStatus>> {
  const out = new Map<string, MoStatus>();
  if (msgKeys.length === 0) return out;
  const rows = await exec
    .selectFrom('mo_messages')
    .select(['msg_key', 'status'])
    .where('msg_key', 'in', [...msgKeys])
    .execute();
  for (const r of rows) out.set(r.msg_key, MO_STATUSES.find((s) => s === r.status) ?? 'PENDING');
  return out;
}

export interface MoFilter {
  accountId: string;
  status?: MoStatus | undefined;
  /** Received at or after (epoch ms). */
  since?: number | undefined;
  /** Received before (epoch ms). */
  before?: number | undefined;
  /** Sent by the handset at or after (epoch ms). */
  occurredSince?: number | undefined;
  /** The number the sender entered. */
  from?: string | undefined;
  /** The MO number. */
  to?: string | undefined;
  offset: number;
  limit: number;
}

/** The account's MOs, newest first. */
export async function listMo(store: Store, f: MoFilter): Promise<MoRecord[]> {
  let q = store.db.selectFrom('mo_messages').selectAll().where('account_id', '=', f.accountId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.since !== undefined) q = q.where('received_at', '>=', f.since);
  if (f.before !== undefined) q = q.where('received_at', '<', f.before);
  if (f.occurredSince !== undefined) q = q.where('occurred_at', '>=', f.occurredSince);
  if (f.from !== undefined) q = q.where('from_number', '=', f.from);
  if (f.to !== undefined) q = q.where('to_number', '=', f.to);
  const rows = await q
    .orderBy('received_at', 'desc')
    .orderBy('msg_key', 'desc')
    .offset(f.offset)
    .limit(f.limit)
    .execute();
  return rows.map(toRecord);
}

const OPEN: readonly MoStatus[] = ['PENDING', 'FAILED'];

/**
 * Acknowledged by the webhook, with the HTTP status of the post. False when it was no longer
 * waiting (already delivered).
 */
export async function markMoDelivered(
  store: Store,
  msgKey: string,
  now: number,
  webhookStatus: number | null = null,
): Promise<boolean> {
  const res = await store.db
    .updateTable('mo_messages')
    .set((eb) => ({
      status: 'DELIVERED',
      attempts: eb('attempts', '+', 1),
      round_attempts: eb('round_attempts', '+', 1),
      last_attempt_at: now,
      next_attempt_at: null,
      delivered_at: now,
      webhook_status: webhookStatus,
    }))
    .where('msg_key', '=', msgKey)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * A failed attempt: FAILED with the next attempt's time, or GIVEN_UP when `nextAt` is null.
 * Applied only if the schedule is still the one the attempt was made under (`roundAttempts`
 * read before it): a redelivery requested meanwhile restarted it, and wins. False then.
 */
export async function recordMoFailure(
  store: Store,
  msgKey: string,
  roundAttempts: number,
  outcome: { error: string; now: number; nextAt: number | null },
): Promise<boolean> {
  const res = await store.db
    .updateTable('mo_messages')
    .set((eb) => ({
      status: outcome.nextAt === null ? 'GIVEN_UP' : 'FAILED',
      attempts: eb('attempts', '+', 1),
      round_attempts: roundAttempts + 1,
      last_error: outcome.error.slice(0, 2000),
      last_attempt_at: outcome.now,
      next_attempt_at: outcome.nextAt,
    }))
    .where('msg_key', '=', msgKey)
    .where('status', 'in', OPEN)
    .where('round_attempts', '=', roundAttempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Redelivery: a new schedule starting now (PENDING, its first attempt due at once), and a job
 * for it in the same transaction: the waiting one moved to now, or a new one when none waits
 * (a given-up MO's job is gone). False when the MO is delivered (an acknowledged MO is never
 * posted again) or unknown.
 */
export async function restartMoSchedule(store: Store, msgKey: string, now: number): Promise<boolean> {
  return transact(store, async (trx) => {
    const res = await trx
      .updateTable('mo_messages')
      .set({ status: 'PENDING', round_attempts: 0, round_started_at: now, next_attempt_at: now })
      .where('msg_key', '=', msgKey)
      .where('status', '!=', 'DELIVERED')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    // A job that is running now is not moved: it finishes, sees the new schedule and follows it.
    if (!(await moveJob(trx, moJobKey(msgKey), now))) {
      await enqueueJobs(trx, [deliveryJob(msgKey, now)], now);
    }
    return true;
  });
}
