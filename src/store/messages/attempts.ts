import { bulkInsert } from '../db/bulk.ts';
import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { MessageAttemptsTable } from '../schema/schema.ts';

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

/** The waiting attempts of these network ids (a batch of receipts). */
export async function findWaitingAttempts(
  exec: Executor,
  connector: string,
  networkIds: readonly string[],
): Promise<AttemptRow[]> {
  const out: AttemptRow[] = [];
  for (let i = 0; i < networkIds.length; i += 500) {
    const rows = await exec
      .selectFrom('message_attempts')
      .selectAll()
      .where('connector', '=', connector)
      .where('network_id', 'in', networkIds.slice(i, i + 500))
      .where('status', '=', 'waiting')
      .execute();
    out.push(...rows);
  }
  // One per id, the newest: an SMSC that reused an id means the later submission.
  const newest = new Map<string, AttemptRow>();
  for (const a of out) {
    const id = a.network_id ?? '';
    const seen = newest.get(id);
    if (!seen || Number(a.submitted_at) > Number(seen.submitted_at)) newest.set(id, a);
  }
  return [...newest.values()];
}

/** Ends waiting attempts with their result (receipts and waits that ran out: a few at a time). */
export async function finishAttempts(
  exec: Executor,
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
}

/** A message's attempt at a step. */
export async function attemptOf(store: Store, msgKey: string, step: number): Promise<AttemptRow | undefined> {
  return store.db
    .selectFrom('message_attempts')
    .selectAll()
    .where('msg_key', '=', msgKey)
    .where('step', '=', step)
    .executeTakeFirst();
}
