import type { Generated } from 'kysely';
import type { BrandTemplateTables } from './brandmessage.ts';
import type { BroadcastTables } from './broadcasts.ts';
import type { FriendGroupTables } from './friendgroups.ts';
import type { InfomsgTables } from './infomsg.ts';
import type { MoTables } from './mo.ts';
import type { PolicyTables } from './policy.ts';
import type { RcsCenterTables } from './rcs.ts';
import type { RefusedTables } from './refused.ts';
import type { SecretTables } from './secrets.ts';
import type { SmppTables } from './smpp.ts';
import type { TwofaTables } from './twofa.ts';
import type { UploadTables } from './uploads.ts';
import type { UpstreamTables } from './upstream.ts';
import type { VideoTables } from './videos.ts';
import type { WebhookAttemptTables } from './webhook-attempts.ts';

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
  /**
   * The signing secret in clear, as written before 0022_secrets (and by older instances during an
   * upgrade); sealed into `webhook_secret_sealed` at start and by a rotation, then null.
   */
  webhook_secret: string | null;
  /** The signing secret sealed under the data key `webhook_key` (src/crypto/webhook-secret.ts). */
  webhook_secret_sealed: string | null;
  webhook_key: string | null;
  send_per_second: number | null;
  requests_per_second: number | null;
  /** The last broadcast number given to the account (its broadcasts' requestId). */
  broadcast_seq: Generated<number>;
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

export interface DB
  extends InfomsgTables,
    BrandTemplateTables,
    RcsCenterTables,
    FriendGroupTables,
    VideoTables,
    BroadcastTables,
    TwofaTables,
    MoTables,
    PolicyTables,
    SmppTables,
    UpstreamTables,
    UploadTables,
    SecretTables,
    RefusedTables,
    WebhookAttemptTables {
  settings: SettingsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  sender_numbers: SenderNumbersTable;
  sender_profiles: SenderProfilesTable;
  rcs_brands: RcsBrandsTable;
  jobs: JobsTable;
  send_requests: SendRequestsTable;
  messages: MessagesTable;
  message_attempts: MessageAttemptsTable;
  reports: ReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  sandbox_handsets: SandboxHandsetsTable;
  sandbox_inbox: SandboxInboxTable;
  sandbox_inbox_reads: SandboxInboxReadsTable;
  console_sessions: ConsoleSessionsTable;
  send_permissions: SendPermissionsTable;
  early_receipts: EarlyReceiptsTable;
  reservations: ReservationsTable;
  audit_log: AuditLogTable;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** `token <print>` or `console <session print> (token <print>)`. */
  actor: string;
  /** `METHOD /route/:pattern`. */
  action: string;
  /** The path parameters, as JSON. */
  target: string;
  status: number;
  tr_id: string;
}

export interface ReservationsTable {
  seq: Generated<number>;
  resv_key: string;
  account_id: string;
  request_id: string;
  name: string | null;
  send_at: number;
  status: string;
  advertising: number;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  done_at: number | null;
}

export interface EarlyReceiptsTable {
  connector: string;
  network_id: string;
  result: string;
  created_at: number;
}

export interface SendPermissionsTable {
  channel_id: string;
  granted_at: number;
}

export interface SendRequestsTable {
  id: string;
  account_id: string;
  key_id: string;
  flow: string;
  payment_code: string | null;
  group_key: string | null;
  ref: string | null;
  dlr: number;
  resv_key: string | null;
  created_at: number;
  /**
   * The per-recipient answer where the messages cannot give it back (a recipient refused, a
   * number given in another form): store/messages/request-answer.ts. Null otherwise (0028).
   */
  answer: string | null;
}

export interface MessagesTable {
  msg_key: string;
  account_id: string;
  request_id: string;
  to_number: string;
  dest_ref: string | null;
  vars: string | null;
  step: number;
  status: string;
  /** queued: when it is due; waiting: when the wait ends. */
  next_at: number | null;
  report_code: string | null;
  report_text: string | null;
  created_at: number;
  updated_at: number;
  done_at: number | null;
  /** Retryable refusals of the current step's submission so far. */
  tries: Generated<number>;
  /** queued: the end of the lease of the engine that claimed it (store/messages/queue.ts). */
  claimed_until: number | null;
}

export interface MessageAttemptsTable {
  msg_key: string;
  step: number;
  channel: string;
  service_type: string;
  msg_type: string;
  connector: string;
  network_id: string | null;
  status: string;
  report_code: string | null;
  report_text: string | null;
  carrier: string | null;
  submitted_at: number;
  done_at: number | null;
}

export interface ReportsTable {
  id: Generated<number>;
  account_id: string;
  msg_key: string;
  report_type: string;
  body: string;
  channel: string;
  batch_id: string | null;
  acked_at: number | null;
  created_at: number;
  /** The HTTP status of the webhook post that acknowledged it (0028); its failures: webhook_attempts. */
  webhook_status: number | null;
}

export interface IdempotencyKeysTable {
  account_id: string;
  idem_key: string;
  request_id: string;
  expires_at: number;
  created_at: number;
}

export interface FilesTable {
  file_key: string;
  account_id: string;
  kind: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  path: string;
  expires_at: number | null;
  created_at: number;
}

export interface SandboxHandsetsTable {
  phone: string;
  props: string;
  updated_at: number;
}

export interface SandboxInboxTable {
  id: Generated<number>;
  phone: string;
  msg_key: string;
  step: number;
  channel: string;
  from_number: string | null;
  title: string | null;
  text: string;
  payload: string;
  received_at: number;
  /** Set when the step failed at the handset: the report code and text it failed with. */
  failure_code: string | null;
  failure_text: string | null;
  /** The message type as submitted (null on rows from before the console). */
  msg_type: string | null;
}

export interface SandboxInboxReadsTable {
  phone: string;
  /** The last timeline row the console showed as read. */
  read_id: number;
  updated_at: number;
}

export interface ConsoleSessionsTable {
  id_hash: string;
  csrf: string;
  token_print: string;
  client: string | null;
  created_at: number;
  expires_at: number;
}
