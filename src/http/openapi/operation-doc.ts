import type { TSchema } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';

/**
 * What the OpenAPI document says of one operation beyond its request schemas (which come from the
 * route itself). Kept beside the routes in one catalog per area (ops-*.ts); the document is
 * completed from them (document.ts) and test/http/openapi.test.ts fails when a route has none.
 */
export interface OperationDoc {
  /** Unique across the API; a generated client's method name. */
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
  /** Result codes this operation answers besides those every operation of its API can give. */
  readonly errors: readonly Code[];
  /** The payload of a real response (what `response` describes). */
  readonly example?: unknown;
  /** `data.ref` / `data.resvKey` of that real response, when the operation answers them. */
  readonly exampleFields?: Readonly<Record<string, string>>;
  /** A request body that this operation accepts. */
  readonly requestExample?: unknown;
}

/** Keyed by `METHOD /path/{param}`, as the OpenAPI document writes the path. */
export type OperationDocs = Readonly<Record<string, OperationDoc>>;
