import type { Generated } from 'kysely';

/** Row types of the refused client requests (see schema.ts for the conventions; src/http/refused-requests.ts). */
export interface RefusedTables {
  refused_requests: RefusedRequestsTable;
}

/**
 * A client-API request answered 4xx, or a send answered 200 whose every recipient was refused: what
 * came in (the body as parsed, size-capped, its secrets masked) and what was answered, kept a
 * short time (OMNIGATE_RETENTION_REFUSED_HOURS) so an integrator can see why.
 */
export interface RefusedRequestsTable {
  id: Generated<number>;
  /** When it was answered, gateway clock. */
  at: number;
  method: string;
  /** The route's URL pattern; null when no route matched (A404). */
  route: string | null;
  /** The path and query as sent, at most 1000 characters. */
  path: string;
  status: number;
  /** The result code answered: `common.authCode` for the gateway stage, else `data.code`. */
  code: string;
  result: string;
  account_id: string | null;
  key_id: string | null;
  /** The first characters of the key given (src/rules/api-key.ts keyPrefix), never the key. */
  key_prefix: string | null;
  /** The client's address as the trusted proxies give it (OMNIGATE_TRUST_PROXY). */
  client_address: string;
  user_agent: string | null;
  tr_id: string;
  content_type: string | null;
  /** Content-Length of the request as sent, in bytes; null when it named none. */
  body_size: number | null;
  /** The body as kept: JSON text (masked) or, when it was not JSON, its text; null: none kept. */
  body: string | null;
  /** `json` or `text`; null with `body`. */
  body_format: string | null;
  body_truncated: number;
  /** Why no body was kept, when one was sent. */
  body_note: string | null;
  /** The answer's JSON text as sent to the client (size-capped). */
  answer: string;
  answer_truncated: number;
}
