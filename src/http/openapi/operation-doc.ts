import type { TSchema } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';

/**
 * What the OpenAPI document says of one operation beyond its request schemas (which come from the
 * route itself). Each feature keeps its operations' docs in its own docs.ts (RouteDocs, by the
 * operationId its routes name); the document is completed from them (document.ts) and
 * test/http/openapi.test.ts fails when a route has none.
 */
export interface OperationDoc {
  /** Unique across the API; a generated client's method name: the route's schema names it. */
  readonly operationId: string;
  /** Used when the route's own schema has no summary. */
  readonly summary?: string;
  readonly description: string;
  /**
   * The success payload: `data.data` on the client API (absent when the envelope carries none),
   * the whole body on the operator and sandbox APIs. Named records come from components.ts.
   */
  readonly response?: TSchema;
  /** Fields of the client envelope's `data` beside code, result and data (`ref`, `resvKey`). */
  readonly dataFields?: Readonly<Record<string, TSchema>>;
  /** The success status when not 200. */
  readonly status?: number;
  /** A success that is not JSON: a file, metrics text, an event stream, a redirect. */
  readonly media?: { readonly type: string; readonly description: string };
  /**
   * Result codes this operation answers besides those every operation of its API can give. On the
   * plain routes (no /api, /admin or /sandbox prefix) only where the route answers a coded body:
   * /files answers the client API's envelope, /video-upload `{errCode, message}`.
   */
  readonly errors: readonly Code[];
  /**
   * Responses that carry no result code, by HTTP status (the 503 of /readyz): written as they are.
   * A status here must not also be one of the operation's coded errors.
   */
  readonly otherResponses?: Readonly<Record<string, OtherResponse>>;
  /** The payload of a real response (what `response` describes). */
  readonly example?: unknown;
  /** The other fields of that real response's `data` (`ref`, `resvKey`, 2FA's fields). */
  readonly exampleFields?: Readonly<Record<string, unknown>>;
  /** A request body that this operation accepts. */
  readonly requestExample?: unknown;
  /** How the list pages (docs/api.md#conventions); the document says it as `x-paging`. */
  readonly paging?: PagingStyle;
}

/**
 * The paging styles of the API's lists, with the parameters a call sends and the fields its answer
 * carries. `cursor` is the convention for every list the spec leaves open; `lastSeq` is the spec's
 * (and the hosted service's) own; `offset` and `page` are kept where routes already had them.
 */
export const PAGING = {
  cursor: { request: ['cursor', 'limit'], response: ['next'] },
  lastSeq: { request: ['lastSeq', 'limit'], response: ['lastSeq', 'hasNext'] },
  offset: { request: ['offset', 'limit'], response: ['offset', 'limit'] },
  page: { request: ['page', 'count'], response: ['hasNext'] },
} as const;
export type PagingStyle = keyof typeof PAGING;

/** An operation's documentation kept beside its feature, found by the operationId its route names. */
export type RouteDoc = Omit<OperationDoc, 'operationId'>;
/** By operationId. */
export type RouteDocs = Readonly<Record<string, RouteDoc>>;

/** A response without a result code: its JSON body's schema and a real body, or no body at all. */
export interface OtherResponse {
  readonly description: string;
  readonly schema?: TSchema;
  readonly example?: unknown;
}
