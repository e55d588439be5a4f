/** Row types of the upstream connectors' own records (migration 0027; see schema.ts for the conventions). */

export interface UpstreamSendsTable {
  connector: string;
  msg_key: string;
  step: number;
  /** The request it went in (written with the request, in one transaction). */
  batch_id: string;
  /** `pending` (its request may have left), `accepted`, `refused`, or `uncertain` (refused on a repeat). */
  state: string;
  /** The upstream's msgKey once accepted (reports are matched by it); '' before. */
  network_id: string;
  /** A refusal's report code and text. */
  code: string | null;
  text: string | null;
  /** 1 for an international number: the upstream's STANDARD report is its acceptance, the DLR its result. */
  intl: number;
  created_at: number;
}

export interface UpstreamBatchesTable {
  connector: string;
  /** Also the request's idempotencyKey (with the connector's prefix) and its `ref`. */
  batch_id: string;
  /** JSON [[msgKey, step], ...] in the order of the request's destinations. */
  members: string;
  /** The request body as sent (sealed when a step is: a 2FA code); '' once answered. */
  body: string;
  sealed: number;
  /** Wall-clock ms until which a sender holds it (its request under way). */
  lease_until: number;
  tries: number;
  answered_at: number | null;
  created_at: number;
}

export interface UpstreamFilesTable {
  connector: string;
  /** `mms` (a fileKey) or `rcs` (a body.media value). */
  kind: string;
  account_id: string;
  local_key: string;
  remote_key: string;
  /** When the upstream said it expires (gateway ms); uploaded again after. */
  expires_at: number;
  created_at: number;
}

export interface UpstreamTables {
  upstream_sends: UpstreamSendsTable;
  upstream_batches: UpstreamBatchesTable;
  upstream_files: UpstreamFilesTable;
}
