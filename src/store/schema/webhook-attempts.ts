import type { Generated } from 'kysely';

/** Row types of webhook attempts (see schema.ts for the conventions; migration 0028). */
export interface WebhookAttemptTables {
  webhook_attempts: WebhookAttemptsTable;
}

/**
 * A failed post of a report or an MO to its account's webhook, one row per failure. A success
 * adds no row: its status is written with the acknowledgement (`reports.webhook_status`,
 * `mo_messages.webhook_status`), so a first post that succeeds costs nothing more.
 */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  /** `report` or `mo`. */
  kind: string;
  /** The message the report is of, or the MO's own key. */
  msg_key: string;
  /** The report posted (kind `report`); null for an MO. */
  report_id: number | null;
  /** When the post began, on the gateway clock (epoch ms), as every other time of the message. */
  at: number;
  /**
   * Its X-SVC-Timestamp value: the same on the manual clock; the system time on a system clock the
   * sandbox ran ahead (webhooks are signed with real time: src/clock.ts signingTime).
   */
  signed_at: number;
  /** The URL posted to, with a password written into it masked. */
  url: string;
  /** The receiver's HTTP status; null when none came (a timeout, a refused address, a network error). */
  status: number | null;
  /** Why the attempt failed, as the delivery recorded it. */
  error: string;
}
