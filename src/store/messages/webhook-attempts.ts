import { bulkInsert } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';

/*
 * Every post of a report or an MO to a webhook, as the console's debugger shows it. A success is
 * not a row: its status is written with the acknowledgement (reports.webhook_status,
 * mo_messages.webhook_status), so the usual first post that succeeds costs nothing more. Each
 * failure is a row of webhook_attempts; the post's body is the report's or the MO's own (the same
 * bytes every time), so it is not copied.
 */

export type WebhookKind = 'report' | 'mo';

export interface WebhookFailure {
  kind: WebhookKind;
  /** The message the report is of, or the MO's key. */
  msgKey: string;
  reportId: number | null;
  /** When the post began (gateway clock). */
  at: number;
  /** Its X-SVC-Timestamp (src/clock.ts signingTime). */
  signedAt: number;
  /** The URL posted to, a password in it masked (webhookUrlShown). */
  url: string;
  status: number | null;
  error: string;
}

export interface StoredWebhookFailure extends WebhookFailure {
  id: number;
}

/** The longest error kept: a receiver's answer is not copied in, but a URL in an error could be long. */
const ERROR_MAX = 2000;

/**
 * A webhook URL as it may be kept and shown: a password written into it (sent as HTTP Basic) is
 * masked, the rest is what the operator registered.
 */
export function webhookUrlShown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password === '') return url;
    u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Failed posts, one statement for a batch (the deliveries coalesce them). */
export async function insertWebhookFailures(store: Store, rows: readonly WebhookFailure[]): Promise<void> {
  if (rows.length === 0) return;
  await bulkInsert(
    store.db,
    store.caps,
    'webhook_attempts',
    ['kind', 'msg_key', 'report_id', 'at', 'signed_at', 'url', 'status', 'error'],
    rows.map((r) => [
      r.kind,
      r.msgKey,
      r.reportId,
      r.at,
      r.signedAt,
      webhookUrlShown(r.url),
      r.status,
      r.error.slice(0, ERROR_MAX),
    ]),
  );
}

/**
 * The failed posts about one message (its reports') or one MO, oldest first: the newest `limit`
 * of them, and whether older ones were left out.
 */
export async function webhookFailuresOf(
  store: Store,
  kind: WebhookKind,
  msgKey: string,
  limit: number,
): Promise<{ rows: StoredWebhookFailure[]; more: boolean }> {
  const rows = await store.db
    .selectFrom('webhook_attempts')
    .select(['id', 'kind', 'msg_key', 'report_id', 'at', 'signed_at', 'url', 'status', 'error'])
    .where('msg_key', '=', msgKey)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const kept = rows.slice(0, limit).reverse();
  return {
    rows: kept.map((r) => ({
      id: Number(r.id),
      kind,
      msgKey: r.msg_key,
      reportId: r.report_id === null ? null : Number(r.report_id),
      at: Number(r.at),
      signedAt: Number(r.signed_at),
      url: r.url,
      status: r.status,
      error: r.error,
    })),
    more: rows.length > limit,
  };
}

/** The status of each acknowledged post of the message's reports (null: none, or from before 0028). */
export async function reportWebhookStatuses(
  store: Store,
  msgKey: string,
): Promise<Map<number, number | null>> {
  const rows = await store.db
    .selectFrom('reports')
    .select(['id', 'webhook_status'])
    .where('msg_key', '=', msgKey)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.webhook_status]));
}

/** The status of the post that delivered the MO (null: not delivered, or from before 0028). */
export async function moWebhookStatus(store: Store, msgKey: string): Promise<number | null> {
  const row = await store.db
    .selectFrom('mo_messages')
    .select('webhook_status')
    .where('msg_key', '=', msgKey)
    .executeTakeFirst();
  return row?.webhook_status ?? null;
}
