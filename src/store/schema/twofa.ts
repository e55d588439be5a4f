/** Row types of two-factor authentication (see schema.ts for the conventions). */
export interface TwofaTables {
  twofa_services: TwofaServicesTable;
  twofa_requests: TwofaRequestsTable;
  twofa_windows: TwofaWindowsTable;
}

/** The account's service name, put in front of its verification texts. */
export interface TwofaServicesTable {
  account_id: string;
  service_name: string;
  registered_at: number;
}

/** One verification code sent: only its hash is kept. */
export interface TwofaRequestsTable {
  id: string;
  account_id: string;
  number: string;
  /**
   * Hex HMAC-SHA256 of `<request id>:<code>` under a key derived from the data key `code_key`
   * (src/features/twofa/code.ts). Rows made before 0022_secrets have no `code_key`: their hash is
   * HMAC-SHA256 of the code keyed by `code_salt`. Emptied once the key is deleted (the request
   * had expired: nothing can verify it any more).
   */
  code_hash: string;
  /** '' on rows with a `code_key`. */
  code_salt: string;
  code_key: string | null;
  /** PENDING or SUCCESS. */
  status: string;
  /** Verifications tried (each claims one before comparing); the request locks at the bound. */
  attempts: number;
  expires_at: number;
  created_at: number;
  verified_at: number | null;
  /** The send request (send_requests.id) of the SMS that carried the code. */
  send_request_id: string;
}

/**
 * One row per number an account sent codes to. A request upserts it first: on PostgreSQL the row
 * lock makes concurrent requests for one number count the window one after another.
 */
export interface TwofaWindowsTable {
  account_id: string;
  number: string;
  touched_at: number;
}
