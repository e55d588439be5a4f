import { type Selectable, sql } from 'kysely';
import { type RowSet, rowSet, writeRowSets } from '../db/bulk.ts';
import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { groupCommit, groupRows } from '../db/group-commit.ts';
import { workWritten } from '../db/work-signal.ts';
import { jobRows, type NewJob } from '../jobs/jobs.ts';
import type { MessagesTable, SendRequestsTable } from '../schema/schema.ts';
import { DISPATCH_WORK } from './due-work.ts';

export interface NewSendRequest {
  id: string;
  accountId: string;
  keyId: string;
  flow: string;
  paymentCode: string | null;
  groupKey: string | null;
  ref: string | null;
  dlr: boolean;
  resvKey: string | null;
  /** The answer where the messages cannot give it back (request-answer.ts); null or absent otherwise. */
  answer?: string | null;
}

export interface NewMessage {
  msgKey: string;
  to: string;
  destRef: string | null;
  vars: string | null;
  /** queued (to send now) or held (a reservation or broadcast sends it later). */
  status: 'queued' | 'held';
}

export interface Idempotency {
  key: string;
  expiresAt: number;
}

export type AcceptResult = { kind: 'accepted' } | { kind: 'replay'; requestId: string };

/** The most messages of a send whose rows are merged with other sends' (groupRows). */
const MERGED_SEND_MAX = 20;

/**
 * The transactional outbox of a send: the idempotency key, the request and its messages (each a
 * queue entry of its own, due at once: store/messages/queue.ts) commit together or not at all. The key is written first, so that two requests with
 * one key serialise on it: PostgreSQL's ON CONFLICT waits for the other transaction, SQLite has
 * one writer; the loser finds the key and sends nothing.
 */
export async function acceptSend(
  store: Store,
  req: NewSendRequest,
  messages: readonly NewMessage[],
  jobs: readonly NewJob[],
  idem: Idempotency | null,
  now: number,
  /** More rows of the same acceptance (a reservation), written in its transaction. */
  extra?: (tx: Executor) => Promise<void>,
): Promise<AcceptResult> {
  const rows = [sendRequestRows(req, now), messageRows(req, messages, now), jobRows(jobs, now)];
  // What the send adds for the engine, told once it is committed: its due messages, its jobs.
  const kinds = new Set(jobs.map((j) => j.kind));
  if (messages.some((m) => m.status === 'queued')) kinds.add(DISPATCH_WORK);
  // A small send without a key to check or rows of its own is only a few rows: they go in with
  // the rows of the other such sends of the same turn, one statement per table. A send of many
  // recipients has its statements to itself (merging them gained nothing there).
  if (!idem && !extra && messages.length <= MERGED_SEND_MAX) {
    return groupRows(store, rows, [...kinds]).then(() => ({ kind: 'accepted' }));
  }
  return groupCommit(store, async (tx): Promise<AcceptResult> => {
    if (idem) {
      const taken = await tx
        .insertInto('idempotency_keys')
        .values({
          account_id: req.accountId,
          idem_key: idem.key,
          request_id: req.id,
          expires_at: idem.expiresAt,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['account_id', 'idem_key']).doNothing())
        .executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) {
        // An expired key is taken over; a live one makes this request a replay.
        const renewed = await tx
          .updateTable('idempotency_keys')
          .set({ request_id: req.id, expires_at: idem.expiresAt, created_at: now })
          .where('account_id', '=', req.accountId)
          .where('idem_key', '=', idem.key)
          .where('expires_at', '<=', now)
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) === 0) {
          const live = await tx
            .selectFrom('idempotency_keys')
            .select('request_id')
            .where('account_id', '=', req.accountId)
            .where('idem_key', '=', idem.key)
            .executeTakeFirstOrThrow();
          return { kind: 'replay', requestId: live.request_id };
        }
      }
    }
    await writeRowSets(tx, store.caps, rows);
    if (extra) await extra(tx);
    workWritten(tx, kinds);
    return { kind: 'accepted' };
  });
}

export async function insertSendRequest(
  exec: Executor,
  caps: Capabilities,
  req: NewSendRequest,
  now: number,
): Promise<void> {
  await writeRowSets(exec, caps, [sendRequestRows(req, now)]);
}

export async function insertMessages(
  exec: Executor,
  caps: Capabilities,
  req: Pick<NewSendRequest, 'id' | 'accountId'>,
  messages: readonly NewMessage[],
  now: number,
): Promise<void> {
  await writeRowSets(exec, caps, [messageRows(req, messages, now)]);
}

/**
 * The columns of `send_requests`, written and read. Read by name, not `*`: on PostgreSQL a
 * statement kept prepared must not have its result widened by a migration (store/db/pg-prepared.ts
 * names no `*`), and the engine reads requests on every pass.
 */
const REQUEST_COLUMNS = [
  'id',
  'account_id',
  'key_id',
  'flow',
  'payment_code',
  'group_key',
  'ref',
  'dlr',
  'resv_key',
  'created_at',
] as const;

/**
 * Written, not read with the rest: `answer` is null on almost every row, and only the message page
 * reads it (request-answer.ts). Always in the statement, so that sends merged into one INSERT
 * (groupRows) keep one statement whatever their answers.
 */
const WRITTEN_COLUMNS = [...REQUEST_COLUMNS, 'answer'] as const;

// Rows through prepared texts (bulk.ts), not a Kysely tree built and compiled for each request.
function sendRequestRows(req: NewSendRequest, now: number): RowSet {
  return rowSet('send_requests', WRITTEN_COLUMNS, [
    [
      req.id,
      req.accountId,
      req.keyId,
      req.flow,
      req.paymentCode,
      req.groupKey,
      req.ref,
      req.dlr ? 1 : 0,
      req.resvKey,
      now,
      req.answer ?? null,
    ],
  ]);
}

function messageRows(
  req: Pick<NewSendRequest, 'id' | 'accountId'>,
  messages: readonly NewMessage[],
  now: number,
): RowSet {
  return rowSet(
    'messages',
    [
      'msg_key',
      'account_id',
      'request_id',
      'to_number',
      'dest_ref',
      'vars',
      'step',
      'status',
      'next_at',
      'created_at',
      'updated_at',
    ],
    // A queued message is due now; a held one waits for its reservation or broadcast.
    messages.map((m) => [
      m.msgKey,
      req.accountId,
      req.id,
      m.to,
      m.destRef,
      m.vars,
      0,
      m.status,
      m.status === 'queued' ? now : null,
      now,
      now,
    ]),
  );
}

/** The messages a replayed request had accepted, to answer with their keys. */
export async function messagesOfRequest(
  store: Store,
  requestId: string,
): Promise<{ msgKey: string; to: string }[]> {
  const rows = await store.db
    .selectFrom('messages')
    .select(['msg_key', 'to_number'])
    .where('request_id', '=', requestId)
    .orderBy('msg_key')
    .execute();
  return rows.map((r) => ({ msgKey: r.msg_key, to: r.to_number }));
}

export interface StoredRequest {
  id: string;
  accountId: string;
  keyId: string;
  flow: string;
  ref: string | null;
  dlr: boolean;
  paymentCode: string | null;
  groupKey: string | null;
  resvKey: string | null;
}

export async function getSendRequest(store: Store, id: string): Promise<StoredRequest | undefined> {
  return sendRequestIn(store.db, id);
}

/** getSendRequest inside a transaction. */
export async function sendRequestIn(exec: Executor, id: string): Promise<StoredRequest | undefined> {
  const r = await exec
    .selectFrom('send_requests')
    .select(REQUEST_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return r && toStoredRequest(r);
}

/** Several requests at once (those found; the order is not kept). */
export async function getSendRequests(store: Store, ids: readonly string[]): Promise<StoredRequest[]> {
  if (ids.length === 0) return [];
  const rows = await store.db
    .selectFrom('send_requests')
    .select(REQUEST_COLUMNS)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toStoredRequest);
}

function toStoredRequest(
  r: Selectable<Pick<SendRequestsTable, (typeof REQUEST_COLUMNS)[number]>>,
): StoredRequest {
  return {
    id: r.id,
    accountId: r.account_id,
    keyId: r.key_id,
    flow: r.flow,
    ref: r.ref,
    dlr: r.dlr === 1,
    paymentCode: r.payment_code,
    groupKey: r.group_key,
    resvKey: r.resv_key,
  };
}

export interface DispatchRow {
  msgKey: string;
  accountId: string;
  requestId: string;
  to: string;
  destRef: string | null;
  vars: string | null;
  step: number;
  status: string;
  /** queued: when it is due; waiting: when the wait for the result ends. */
  nextAt: number | null;
  /** Retryable refusals of the current step's submission so far. */
  tries: number;
}

/** The columns a DispatchRow is read from (queue.ts's claim returns them too). */
export const dispatchColumns = [
  'msg_key',
  'account_id',
  'request_id',
  'to_number',
  'dest_ref',
  'vars',
  'step',
  'status',
  'next_at',
  'tries',
] as const;

export type DispatchColumns = Selectable<Pick<MessagesTable, (typeof dispatchColumns)[number]>>;

export function toDispatch(r: DispatchColumns): DispatchRow {
  return {
    msgKey: r.msg_key,
    accountId: r.account_id,
    requestId: r.request_id,
    to: r.to_number,
    destRef: r.dest_ref,
    vars: r.vars,
    step: r.step,
    status: r.status,
    nextAt: r.next_at === null ? null : Number(r.next_at),
    tries: r.tries,
  };
}

/** Waiting messages whose wait for a result ran out. */
export async function expiredWaits(store: Store, now: number, limit: number): Promise<DispatchRow[]> {
  // The status as a literal: SQLite walks the partial index messages_waiting only when told so.
  const rows = await store.db
    .selectFrom('messages')
    .select(dispatchColumns)
    .where(sql<boolean>`status = 'waiting'`)
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .limit(limit)
    .execute();
  return rows.map(toDispatch);
}

/**
 * Where a move expects the message to be: a status (or several) and a step. A pass that submitted
 * a message accepts it held too: a stop that came meanwhile cannot undo a submission.
 */
export interface MoveGuard {
  status: string | readonly string[];
  step: number;
}

export interface MessageChange {
  status: string;
  step: number;
  /** queued: when it is due; waiting: when the wait ends. */
  nextAt: number | null;
  /** A step's retryable refusals so far (0 when not given: a new step, or not queued). */
  tries?: number;
  reportCode: string | null;
  reportText: string | null;
  doneAt: number | null;
}

/**
 * Moves messages on, one UPDATE per distinct change (a batch usually shares one: all delivered).
 * `expect` guards against a concurrent move: only rows still in that status and step change.
 */
export async function changeMessages(
  exec: Executor,
  changes: ReadonlyArray<{ msgKey: string; change: MessageChange; expect: MoveGuard }>,
  now: number,
): Promise<number> {
  const groups = new Map<string, { change: MessageChange; expect: MoveGuard; keys: string[] }>();
  for (const c of changes) {
    const { change: m, expect: e } = c;
    const k = `${m.status}|${m.step}|${m.nextAt}|${m.tries ?? 0}|${m.reportCode}|${m.reportText}|${m.doneAt}|${String(e.status)}|${e.step}`;
    const g = groups.get(k);
    if (g) g.keys.push(c.msgKey);
    else groups.set(k, { change: c.change, expect: c.expect, keys: [c.msgKey] });
  }
  let n = 0;
  for (const g of groups.values()) {
    for (let i = 0; i < g.keys.length; i += 1000) {
      const res = await exec
        .updateTable('messages')
        .set({
          status: g.change.status,
          step: g.change.step,
          next_at: g.change.nextAt,
          tries: g.change.tries ?? 0,
          // Whatever the move, the pass's claim ends with it (a retry is queued again unclaimed).
          claimed_until: null,
          report_code: g.change.reportCode,
          report_text: g.change.reportText,
          done_at: g.change.doneAt,
          updated_at: now,
        })
        .where('msg_key', 'in', g.keys.slice(i, i + 1000))
        .where('status', 'in', typeof g.expect.status === 'string' ? [g.expect.status] : [...g.expect.status])
        .where('step', '=', g.expect.step)
        .executeTakeFirst();
      n += Number(res.numUpdatedRows);
    }
  }
  return n;
}

/** Held messages of a request become queued, due now (a reservation's time came). */
export async function releaseHeld(exec: Executor, requestId: string, now: number): Promise<number> {
  const res = await exec
    .updateTable('messages')
    .set({ status: 'queued', next_at: now, tries: 0, claimed_until: null, updated_at: now })
    .where('request_id', '=', requestId)
    .where('status', '=', 'held')
    .executeTakeFirst();
  const n = Number(res.numUpdatedRows);
  if (n > 0) workWritten(exec, [DISPATCH_WORK]);
  return n;
}

/** Counts by status, for tests and metrics. */
export async function countMessages(store: Store): Promise<Record<string, number>> {
  const rows = await store.db
    .selectFrom('messages')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Messages nothing would move on: queued with no due time (none is written so; a row an older
 * version or a hand edit left), or waiting well past the end of their wait (a wait job given up).
 * The sweep makes the first due and settles the second.
 */
export async function strandedMessages(
  store: Store,
  queuedBefore: number,
  waitedBefore: number,
  limit: number,
): Promise<{ queued: string[]; waiting: number }> {
  const queued = await store.db
    .selectFrom('messages')
    .select('msg_key')
    // Through messages_queued (its literal status), where the rows with no due time come first.
    .where(sql<boolean>`status = 'queued'`)
    .where('next_at', 'is', null)
    .where('updated_at', '<', queuedBefore)
    .limit(limit)
    .execute();
  const waiting = await store.db
    .selectFrom('messages')
    .select(sql<number>`count(*)`.as('n'))
    .where(sql<boolean>`status = 'waiting'`)
    .where('next_at', '<', waitedBefore)
    .executeTakeFirstOrThrow();
  return { queued: queued.map((r) => r.msg_key), waiting: Number(waiting.n) };
}
