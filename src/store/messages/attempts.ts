import { sql } from 'kysely';
import { bulkInsert } from '../db/bulk.ts';
import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { MessageAttemptsTable } from '../schema/schema.ts';
import { type DispatchRow, toDispatch } from './messages.ts';

/* Attempts: one row per messageFlow step tried, matched to receipts by the network's own id. */

/** One step tried: the table's row as it is written. */
export type AttemptRow = MessageAttemptsTable;

const ATTEMPT_COLUMNS = [
  'msg_key',
  'step',
  'channel',
  'service_type',
  'msg_type',
  'connector',
  'network_id',
  'status',
  'report_code',
  'report_text',
  'carrier',
  'submitted_at',
  'done_at',
] as const;

/** Records attempts; a step recorded before (a re-run after a crash) is overwritten with the newer outcome. */
export async function upsertAttempts(
  exec: Executor,
  caps: Capabilities,
  rows: readonly AttemptRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await bulkInsert(
    exec,
    caps,
    'message_attempts',
    ATTEMPT_COLUMNS,
    rows.map((r) => ATTEMPT_COLUMNS.map((c) => r[c])),
    'on conflict (msg_key, step) do update set status = excluded.status, network_id = excluded.network_id, ' +
      'report_code = excluded.report_code, report_text = excluded.report_text, carrier = excluded.carrier, ' +
      'done_at = excluded.done_at',
  );
}

/** The attempt a connector's receipt belongs to, found by the network's own message id. */
export async function findWaitingAttempt(
  exec: Executor,
  connector: string,
  networkId: string,
): Promise<AttemptRow | undefined> {
  // Only a waiting attempt: a network may use an id again (an SMSC restarted, a counter
  // wrapped), and a receipt is for the submission that still waits for one.
  return (
    exec
      .selectFrom('message_attempts')
      .selectAll()
      .where('connector', '=', connector)
      .where('network_id', '=', networkId)
      .where('status', '=', 'waiting')
      // Two waiting under one id (an SMSC that reused it): the receipt is for the newer.
      .orderBy('submitted_at', 'desc')
      .executeTakeFirst()
  );
}

/** A waiting attempt with its message, as a receipt settles them. */
export interface WaitingAttempt {
  attempt: AttemptRow;
  message: DispatchRow;
}

/**
 * The waiting attempts of these network ids (a batch of receipts), each with its message: one
 * statement for both, where reading the messages after the attempts was a second.
 */
export async function findWaitingAttempts(
  exec: Executor,
  connector: string,
  networkIds: readonly string[],
): Promise<WaitingAttempt[]> {
  const out: WaitingAttempt[] = [];
  for (let i = 0; i < networkIds.length; i += 500) {
    const rows = await exec
      .selectFrom('message_attempts as a')
      .innerJoin('messages as m', 'm.msg_key', 'a.msg_key')
      .select([
        'a.msg_key',
        'a.step',
        'a.channel',
        'a.service_type',
        'a.msg_type',
        'a.connector',
        'a.network_id',
        'a.status',
        'a.report_code',
        'a.report_text',
        'a.carrier',
        'a.submitted_at',
        'a.done_at',
        'm.account_id',
        'm.request_id',
        'm.to_number',
        'm.dest_ref',
        'm.vars',
        'm.step as m_step',
        'm.status as m_status',
        'm.next_at',
        'm.tries',
      ])
      .where('a.connector', '=', connector)
      .where('a.network_id', 'in', networkIds.slice(i, i + 500))
      .where('a.status', '=', 'waiting')
      .execute();
    for (const r of rows) {
      out.push({
        attempt: {
          msg_key: r.msg_key,
          step: r.step,
          channel: r.channel,
          service_type: r.service_type,
          msg_type: r.msg_type,
          connector: r.connector,
          network_id: r.network_id,
          status: r.status,
          report_code: r.report_code,
          report_text: r.report_text,
          carrier: r.carrier,
          submitted_at: r.submitted_at,
          done_at: r.done_at,
        },
        message: toDispatch({
          msg_key: r.msg_key,
          account_id: r.account_id,
          request_id: r.request_id,
          to_number: r.to_number,
          dest_ref: r.dest_ref,
          vars: r.vars,
          step: r.m_step,
          status: r.m_status,
          next_at: r.next_at,
          tries: r.tries,
        }),
      });
    }
  }
  // One per id, the newest: an SMSC that reused an id means the later submission.
  const newest = new Map<string, WaitingAttempt>();
  for (const w of out) {
    const id = w.attempt.network_id ?? '';
    const seen = newest.get(id);
    if (!seen || Number(w.attempt.submitted_at) > Number(seen.attempt.submitted_at)) newest.set(id, w);
  }
  return [...newest.values()];
}

/**
 * Ends waiting attempts with their results (each receipt has its own time and carrier, so they
 * share no plain UPDATE). On PostgreSQL one statement for the batch: the values go in as a list
 * joined to the table (`with v(...) as (values ...) update ... from v`; the casts type the
 * parameters). On SQLite a one-row UPDATE each: in-process and prepared, they cost less than one
 * statement over a list of values (Capabilities.statementRoundTrips).
 */
export async function finishAttempts(
  exec: Executor,
  caps: Capabilities,
  rows: ReadonlyArray<{
    msgKey: string;
    step: number;
    status: string;
    code: string;
    text: string;
    carrier: string | null;
    doneAt: number;
  }>,
): Promise<void> {
  if (!caps.statementRoundTrips || rows.length === 1) {
    for (const r of rows) {
      await exec
        .updateTable('message_attempts')
        .set({
          status: r.status,
          report_code: r.code,
          report_text: r.text,
          carrier: r.carrier,
          done_at: r.doneAt,
        })
        .where('msg_key', '=', r.msgKey)
        .where('step', '=', r.step)
        .execute();
    }
    return;
  }
  for (let i = 0; i < rows.length; i += FINISH_CHUNK) {
    const values = rows
      .slice(i, i + FINISH_CHUNK)
      .map(
        (r) =>
          sql`(${r.msgKey}, cast(${r.step} as integer), ${r.status}, ${r.code}, ${r.text}, cast(${r.carrier} as text), cast(${r.doneAt} as bigint))`,
      );
    await sql`with v(msg_key, step, status, report_code, report_text, carrier, done_at) as (values ${sql.join(values)})
      update message_attempts set status = v.status, report_code = v.report_code, report_text = v.report_text,
        carrier = v.carrier, done_at = v.done_at
      from v where message_attempts.msg_key = v.msg_key and message_attempts.step = v.step`.execute(exec);
  }
}

/** Attempts ended by one statement: 7 parameters each, well inside both databases' limits. */
const FINISH_CHUNK = 500;

/** A message's attempt at a step. */
export async function attemptOf(store: Store, msgKey: string, step: number): Promise<AttemptRow | undefined> {
  return store.db
    .selectFrom('message_attempts')
    .selectAll()
    .where('msg_key', '=', msgKey)
    .where('step', '=', step)
    .executeTakeFirst();
}
