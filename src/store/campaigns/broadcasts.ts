import type { Selectable } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { BroadcastsTable } from '../schema/broadcasts.ts';

export type BroadcastStatus = 'READY' | 'SENDING' | 'PAUSED' | 'TERMINATED' | 'DONE' | 'BLOCKED';

/** A brand message broadcast and how far it has gone. */
export interface Broadcast {
  /** The row's key, across accounts: jobs and the operator's routes name the broadcast by it. */
  requestId: number;
  /** The account's own number for it: the requestId of the client API. */
  accountRequestId: number;
  accountId: string;
  keyId: string;
  dlr: boolean;
  senderKey: string;
  templateCode: string;
  msgType: string;
  friendGroupKey: string | null;
  sendStartAt: number;
  campaignId: string | null;
  tpsLimit: number;
  pushAlarm: string;
  paymentCode: string | null;
  status: BroadcastStatus;
  expectedCount: number;
  sendCount: number;
  /** The last number handed to the engine (numbers go in ascending order); null before the first. */
  cursor: string | null;
  /** When the last chunk was handed over (the pace is kept across pauses). */
  lastChunkAt: number | null;
  flow: string;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  doneAt: number | null;
}

export type NewBroadcast = Omit<
  Broadcast,
  | 'requestId'
  | 'accountRequestId'
  | 'status'
  | 'sendCount'
  | 'cursor'
  | 'lastChunkAt'
  | 'createdAt'
  | 'updatedAt'
  | 'startedAt'
  | 'doneAt'
>;

export function toBroadcast(r: Selectable<BroadcastsTable>): Broadcast {
  return {
    requestId: Number(r.request_id),
    accountRequestId: Number(r.account_request_id ?? r.request_id),
    accountId: r.account_id,
    keyId: r.key_id,
    dlr: Number(r.dlr) === 1,
    senderKey: r.sender_key,
    templateCode: r.template_code,
    msgType: r.msg_type,
    friendGroupKey: r.friend_group_key,
    sendStartAt: Number(r.send_start_at),
    campaignId: r.campaign_id,
    tpsLimit: Number(r.tps_limit),
    pushAlarm: r.push_alarm,
    paymentCode: r.payment_code,
    status: r.status as BroadcastStatus,
    expectedCount: Number(r.expected_count),
    sendCount: Number(r.send_count),
    cursor: r.cursor,
    lastChunkAt: r.last_chunk_at === null ? null : Number(r.last_chunk_at),
    flow: r.flow,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    doneAt: r.done_at === null ? null : Number(r.done_at),
  };
}

/**
 * Inserts a READY broadcast under the account's next number (in the caller's transaction: on
 * PostgreSQL the account's row stays locked until it commits, so numbers are never shared);
 * returns its key (requestId).
 */
export async function insertBroadcast(exec: Executor, b: NewBroadcast, now: number): Promise<number> {
  const seq = await exec
    .updateTable('accounts')
    .set((eb) => ({ broadcast_seq: eb('broadcast_seq', '+', 1) }))
    .where('id', '=', b.accountId)
    .returning('broadcast_seq')
    .executeTakeFirstOrThrow();
  const r = await exec
    .insertInto('broadcasts')
    .values({
      account_request_id: Number(seq.broadcast_seq),
      account_id: b.accountId,
      key_id: b.keyId,
      dlr: b.dlr ? 1 : 0,
      sender_key: b.senderKey,
      template_code: b.templateCode,
      msg_type: b.msgType,
      friend_group_key: b.friendGroupKey,
      send_start_at: b.sendStartAt,
      campaign_id: b.campaignId,
      tps_limit: b.tpsLimit,
      push_alarm: b.pushAlarm,
      payment_code: b.paymentCode,
      status: 'READY',
      expected_count: b.expectedCount,
      send_count: 0,
      cursor: null,
      last_chunk_at: null,
      flow: b.flow,
      created_at: now,
      updated_at: now,
      started_at: null,
      done_at: null,
    })
    .returning('request_id')
    .executeTakeFirstOrThrow();
  return Number(r.request_id);
}

/** An account's broadcast by the number its client knows it by. */
export async function getAccountBroadcast(
  exec: Executor,
  accountId: string,
  accountRequestId: number,
): Promise<Broadcast | undefined> {
  const r = await exec
    .selectFrom('broadcasts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('account_request_id', '=', accountRequestId)
    .executeTakeFirst();
  return r ? toBroadcast(r) : undefined;
}

export async function getBroadcast(exec: Executor, requestId: number): Promise<Broadcast | undefined> {
  const r = await exec
    .selectFrom('broadcasts')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return r ? toBroadcast(r) : undefined;
}

/**
 * Moves a broadcast from one of `from` to `to`, only if it is still in one of them: false when
 * another move (a pause, the end of the sending, another instance) came first.
 */
export async function moveBroadcast(
  exec: Executor,
  requestId: number,
  from: readonly BroadcastStatus[],
  to: BroadcastStatus,
  now: number,
  extra: { startedAt?: number; doneAt?: number } = {},
): Promise<boolean> {
  const res = await exec
    .updateTable('broadcasts')
    .set({
      status: to,
      updated_at: now,
      ...(extra.startedAt !== undefined ? { started_at: extra.startedAt } : {}),
      ...(extra.doneAt !== undefined ? { done_at: extra.doneAt } : {}),
    })
    .where('request_id', '=', requestId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Records a chunk handed to the engine: the cursor moves from `expectCursor` to `cursor` and the
 * count grows, only while the broadcast is SENDING at that cursor (so a chunk counts once);
 * `done` ends it in the same statement.
 */
export async function advanceBroadcast(
  exec: Executor,
  requestId: number,
  expectCursor: string | null,
  chunk: { cursor: string; count: number; done: boolean },
  now: number,
): Promise<boolean> {
  let q = exec
    .updateTable('broadcasts')
    .set((eb) => ({
      cursor: chunk.cursor,
      last_chunk_at: now,
      send_count: eb('send_count', '+', chunk.count),
      updated_at: now,
      ...(chunk.done ? { status: 'DONE', done_at: now } : {}),
    }))
    .where('request_id', '=', requestId)
    .where('status', '=', 'SENDING');
  q = expectCursor === null ? q.where('cursor', 'is', null) : q.where('cursor', '=', expectCursor);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether a broadcast that has not ended (READY, SENDING, PAUSED) sends to this friend group. */
export async function friendGroupInUse(
  store: Store,
  senderKey: string,
  friendGroupKey: string,
): Promise<boolean> {
  const r = await store.db
    .selectFrom('broadcasts')
    .select('request_id')
    .where('sender_key', '=', senderKey)
    .where('friend_group_key', '=', friendGroupKey)
    .where('status', 'in', ['READY', 'SENDING', 'PAUSED'])
    .executeTakeFirst();
  return r !== undefined;
}
