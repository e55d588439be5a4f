import type { Generated } from 'kysely';

/**
 * Row types of every table. Times are epoch milliseconds (gateway clock); booleans are 0/1
 * integers so that both databases read them the same way.
 */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface AccountsTable {
  id: string;
  name: string;
  report_mode: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  send_per_second: number | null;
  requests_per_second: number | null;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  key_prefix: string;
  dlr: number;
  created_at: number;
  revoked_at: number | null;
}

export interface SenderNumbersTable {
  account_id: string;
  number: string;
  created_at: number;
}

export interface SenderProfilesTable {
  sender_key: string;
  account_id: string;
  sender_key_type: string;
  channel_id: string;
  name: string;
  friend_count: number;
  business_verified: number;
  channel_phone_number: string | null;
  consent_evidence: number;
  status: string;
  created_at: number;
}

export interface RcsBrandsTable {
  brand_id: string;
  account_id: string;
  brand_key: string;
  name: string;
  status: string;
  created_at: number;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  run_at: number;
  attempts: number;
  max_attempts: number;
  state: string;
  locked_by: string | null;
  locked_until: number | null;
  dedupe_key: string | null;
  last_error: string | null;
  created_at: number;
}

export interface DB {
  settings: SettingsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  sender_numbers: SenderNumbersTable;
  sender_profiles: SenderProfilesTable;
  rcs_brands: RcsBrandsTable;
  jobs: JobsTable;
}
