/**
 * A refusal by the gateway: the result code (`A300`, `A401`, ...), its text, the HTTP status and
 * the request's tracking id (quote it when asking the operator about a request).
 */
export class OmnigateError extends Error {
  override name = 'OmnigateError';
  /** The result code: `data.code`, or `common.authCode` when authentication failed. */
  readonly code: string;
  /** The result text, with the gateway's detail after `: ` when there is one. */
  readonly result: string;
  /** The HTTP status (0 when no answer came). */
  readonly status: number;
  /** `common.providerTrId`; `""` when the answer had none. */
  readonly providerTrId: string;

  constructor(init: { code: string; result: string; status: number; providerTrId: string }) {
    super(
      `${init.code} ${init.result} (HTTP ${init.status}${init.providerTrId ? `, ${init.providerTrId}` : ''})`,
    );
    this.code = init.code;
    this.result = init.result;
    this.status = init.status;
    this.providerTrId = init.providerTrId;
  }
}

/** HTTP 401: the API key is missing, unknown or revoked. Retrying cannot help. */
export class AuthError extends OmnigateError {
  override name = 'AuthError';
}

/** HTTP 429 (`A020`) after the retries allowed were used up, or on a request that may not be retried. */
export class RateLimitError extends OmnigateError {
  override name = 'RateLimitError';
  /** What the gateway's Retry-After asked for, in milliseconds; undefined when it gave none. */
  readonly retryAfterMs: number | undefined;
  constructor(init: ConstructorParameters<typeof OmnigateError>[0] & { retryAfterMs: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** HTTP 400, 413 or 415: the request itself is wrong; the code says which rule it broke. */
export class ValidationError extends OmnigateError {
  override name = 'ValidationError';
}

/**
 * HTTP 409 (`A824` and the other state conflicts): the request is well formed but what it acts
 * on is not in a state that allows it (a reservation already sent, a template under review, a
 * broadcast that ended). Repeating it unchanged cannot help; reading the thing's state first can.
 * A ValidationError too, as 409 answers were before it existed: catches written for those still hold.
 */
export class StateError extends ValidationError {
  override name = 'StateError';
}

/** HTTP 404: an unknown (or another account's) msgKey, resvKey, reportId, template... */
export class NotFoundError extends OmnigateError {
  override name = 'NotFoundError';
}

/** HTTP 403: the account may not do this (send permission, a channel not allowed). */
export class PermissionError extends OmnigateError {
  override name = 'PermissionError';
}

/**
 * No usable answer: the network failed (after the retries allowed), or the answer was not the
 * gateway's JSON envelope (a proxy's error page, say). `cause` holds the underlying error.
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
  /** The HTTP status when an answer came but was not the gateway's; 0 otherwise. */
  readonly status: number;
  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.status = options.status ?? 0;
  }
}

/** The error class for a refusal with this HTTP status. */
export function errorFor(
  init: ConstructorParameters<typeof OmnigateError>[0],
  retryAfterMs: number | undefined,
): OmnigateError {
  switch (init.status) {
    case 401:
      return new AuthError(init);
    case 403:
      return new PermissionError(init);
    case 404:
      return new NotFoundError(init);
    case 429:
      return new RateLimitError({ ...init, retryAfterMs });
    case 409:
      return new StateError(init);
    case 400:
    case 413:
    case 415:
      return new ValidationError(init);
    default:
      return new OmnigateError(init);
  }
}
