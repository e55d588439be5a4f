import type { Store } from '../db/database.ts';

/** A message as the inquiry shows it: its recipient and where it stands overall. */
export interface MessageSummary {
  msgKey: string;
  to: string;
  /** queued, waiting, held, delivered, failed or uncertain (see migration 0002). */
  status: string;
}

/** One messageFlow step tried for a message. */
export interface AttemptRecord {
  step: number;
  channel: string;
  serviceType: string;
  msgType: string;
  status: string;
  reportCode: string | null;
  reportText: string | null;
  carrier: string | null;
  submittedAt: number;
  doneAt: number | null;
}

/** The message if it belongs to the account; another account's key is told nothing about it. */
export async function getMessageOfAccount(
  store: Store,
  accountId: string,
  msgKey: string,
): Promise<MessageSummary | undefined> {
  const r = await store.db
    .selectFrom('messages')
    .select(['msg_key', 'to_number', 'status'])
    .where('msg_key', '=', msgKey)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r ? { msgKey: r.msg_key, to: r.to_number, status: r.status } : undefined;
}

/** The message's attempts in messageFlow order (the primary key's order). */
export async function listAttempts(store: Store, msgKey: string): Promise<AttemptRecord[]> {
  const rows = await store.db
    .selectFrom('message_attempts')
    .select([
      'step',
      'channel',
      'service_type',
      'msg_type',
      'status',
      'report_code',
      'report_text',
      'carrier',
      'submitted_at',
      'done_at',
    ])
    .where('msg_key', '=', msgKey)
    .orderBy('step')
    .execute();
  return rows.map((r) => ({
    step: r.step,
    channel: r.channel,
    serviceType: r.service_type,
    msgType: r.msg_type,
    status: r.status,
    reportCode: r.report_code,
    reportText: r.report_text,
    carrier: r.carrier,
    submittedAt: Number(r.submitted_at),
    doneAt: r.done_at === null ? null : Number(r.done_at),
  }));
}
