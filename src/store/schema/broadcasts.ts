import type { Generated } from 'kysely';

/** Row types of brand message broadcasts (see schema.ts for the conventions). */
export interface BroadcastTables {
  broadcasts: BroadcastsTable;
}

export interface BroadcastsTable {
  request_id: Generated<number>;
  /** The account's own number for it, the client API's requestId (0026_broadcast_numbers). */
  account_request_id: number | null;
  account_id: string;
  key_id: string;
  dlr: number;
  sender_key: string;
  template_code: string;
  msg_type: string;
  friend_group_key: string | null;
  send_start_at: number;
  campaign_id: string | null;
  tps_limit: number;
  push_alarm: string;
  payment_code: string | null;
  status: string;
  expected_count: number;
  send_count: number;
  cursor: string | null;
  last_chunk_at: number | null;
  flow: string;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  done_at: number | null;
}
