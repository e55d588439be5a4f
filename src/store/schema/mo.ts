/** Row types of inbound MO messages and their deliveries (see schema.ts for the conventions). */

export interface MoMessagesTable {
  msg_key: string;
  account_id: string;
  /** The MO number (an account's registered sender number). */
  to_number: string;
  /** The number the sender entered (the device number unless the sender typed another). */
  from_number: string;
  /** The device that sent the MO. */
  originator: string;
  carrier: string;
  content: string;
  /** The connector it came through, and that network's own id of it (dedupe). */
  connector: string;
  network_id: string | null;
  occurred_at: number;
  received_at: number;
  /** PENDING, FAILED, DELIVERED, GIVEN_UP */
  status: string;
  /** Every post (or attempt without a webhook) since the MO arrived. */
  attempts: number;
  /** Attempts of the current schedule: its retry delays count from here; a redelivery resets it. */
  round_attempts: number;
  /** Start of the current schedule: the give-up limit counts from here. */
  round_started_at: number;
  last_error: string | null;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
  delivered_at: number | null;
  /** The HTTP status of the post that delivered it (0028); failed posts: webhook_attempts. */
  webhook_status: number | null;
}

export interface MoTables {
  mo_messages: MoMessagesTable;
}
