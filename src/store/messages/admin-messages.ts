import type { Selectable } from 'kysely';
import type { Store } from '../db/database.ts';
import type { MessagesTable } from '../schema/schema.ts';

/*
 * The operator's message search and message page. Reads only, through the indexes the send path
 * already keeps: the primary key (msgKeys are time-ordered), (account_id, created_at) and, for
 * the page, message_attempts' and reports' own keys. No index was added for these searches.
 * The walks of the search and the export are in admin-message-walks.ts.
 */

export interface MessageRow {
  msgKey: string;
  accountId: string;
  requestId: string;
  to: string;
  status: string;
  step: number;
  reportCode: string | null;
  reportText: string | null;
  destRef: string | null;
  createdAt: number;
  updatedAt: number;
  doneAt: number | null;
}

export const COLUMNS = [
  'msg_key',
  'account_id',
  'request_id',
  'to_number',
  'status',
  'step',
  'report_code',
  'report_text',
  'dest_ref',
  'created_at',
  'updated_at',
  'done_at',
] as const;

export type Row = Pick<Selectable<MessagesTable>, (typeof COLUMNS)[number]>;

export function toRow(r: Row): MessageRow {
  return {
    msgKey: r.msg_key,
    accountId: r.account_id,
    requestId: r.request_id,
    to: r.to_number,
    status: r.status,
    step: Number(r.step),
    reportCode: r.report_code,
    reportText: r.report_text,
    destRef: r.dest_ref,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    doneAt: r.done_at === null ? null : Number(r.done_at),
  };
}

export async function messageByKey(store: Store, msgKey: string): Promise<MessageRow | undefined> {
  const r = await store.db
    .selectFrom('messages')
    .select(COLUMNS)
    .where('msg_key', '=', msgKey)
    .executeTakeFirst();
  return r && toRow(r);
}

/** When the message at a walk's edge was accepted (for `searchedUntil`). */
export async function createdAtOf(store: Store, msgKey: string): Promise<number | undefined> {
  const r = await store.db
    .selectFrom('messages')
    .select('created_at')
    .where('msg_key', '=', msgKey)
    .executeTakeFirst();
  return r && Number(r.created_at);
}

// ---- the message page ----

export interface AttemptDetail {
  step: number;
  channel: string;
  serviceType: string;
  msgType: string;
  connector: string;
  /**
   * The network's own id of the attempt (message_attempts.network_id): the SMSC's message id, the
   * upstream gateway's msgKey; null when the network never took it (refused, no connector).
   */
  networkId: string | null;
  status: string;
  reportCode: string | null;
  reportText: string | null;
  carrier: string | null;
  submittedAt: number;
  doneAt: number | null;
}

/** Every attempt of the message with its connector, in flow order (the primary key's). */
export async function attemptsOfMessage(store: Store, msgKey: string): Promise<AttemptDetail[]> {
  const rows = await store.db
    .selectFrom('message_attempts')
    .select([
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
    ])
    .where('msg_key', '=', msgKey)
    .orderBy('step')
    .execute();
  return rows.map((r) => ({
    step: Number(r.step),
    channel: r.channel,
    serviceType: r.service_type,
    msgType: r.msg_type,
    connector: r.connector,
    networkId: r.network_id,
    status: r.status,
    reportCode: r.report_code,
    reportText: r.report_text,
    carrier: r.carrier,
    submittedAt: Number(r.submitted_at),
    doneAt: r.done_at === null ? null : Number(r.done_at),
  }));
}

export interface ReportRecord {
  id: number;
  reportType: string;
  /** polling or webhook */
  channel: string;
  body: string;
  ackedAt: number | null;
  createdAt: number;
}

/** Every report of the message, whatever its account's key, in the order they were made. */
export async function reportRecordsOfMessage(store: Store, msgKey: string): Promise<ReportRecord[]> {
  const rows = await store.db
    .selectFrom('reports')
    .select(['id', 'report_type', 'channel', 'body', 'acked_at', 'created_at'])
    .where('msg_key', '=', msgKey)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    reportType: r.report_type,
    channel: r.channel,
    body: r.body,
    ackedAt: r.acked_at === null ? null : Number(r.acked_at),
    createdAt: Number(r.created_at),
  }));
}
