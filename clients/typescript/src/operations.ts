import type { paths } from './openapi.js';
import type { CallOptions, HttpMethod, QueryValue, RetryWhen, Transport } from './transport.js';
import type { JsonObject, Section } from './types.js';

/*
 * Types of each operation, read from the generated `paths` (openapi.ts): its JSON body, query and
 * answer. Where the OpenAPI document does not describe an answer yet, a method names a fallback
 * (a hand-written type of types.ts, or a plain JSON object); once the document describes it,
 * the generated type takes over without touching the method.
 */

export type ApiPath = keyof paths;
type Lower<M extends HttpMethod> = Lowercase<M>;
type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][Lower<M> & keyof paths[P]]>;

type JsonOf<C> = C extends { 'application/json': infer B } ? B : never;

/** The operation's JSON body, `never` when it takes none. */
export type BodyOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    requestBody?: { content: infer C };
  }
    ? JsonOf<C>
    : never;

/** The operation's query parameters. */
export type QueryOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    parameters: { query?: infer Q };
  }
    ? NonNullable<Q>
    : never;

/** The operation's `data` section as the document describes it; `F` (the whole section) when it does not. */
export type SectionOr<P extends ApiPath, M extends HttpMethod, F> =
  Operation<P, M> extends {
    responses: { 200: { content: { 'application/json': { data: infer D } } } };
  }
    ? D
    : F;

/** The operation's `data` section: the generated one when the document describes it, else Section<F>. */
export type AnswerOf<P extends ApiPath, M extends HttpMethod, F = JsonObject | undefined> = SectionOr<
  P,
  M,
  Section<F>
>;

/** Fills `{name}` segments of a path, each value URL-encoded. */
export function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new TypeError(`path parameter ${name} is missing`);
    return encodeURIComponent(v);
  });
}

export interface OpInput {
  params?: Record<string, string>;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  form?: FormData;
}

/**
 * Whether a send or reservation body carries an idempotency key as the gateway reads it: a
 * non-empty string (null means absent, and "" is refused), so that only a request the gateway
 * will recognise on a repeat is repeated.
 */
export function hasIdempotencyKey(request: { idempotencyKey?: string | null | undefined }): boolean {
  return typeof request.idempotencyKey === 'string' && request.idempotencyKey !== '';
}

/**
 * Reads are safe to repeat. Deletes only after a 429 (refused before being handled): after a lost
 * answer the repeat of a delete that went through answers A820 (not found), a success reported as
 * a failure; the one delete that answers alike again (a report acknowledgement) says so. The rest
 * only when the caller says so (an idempotency key).
 */
export function invoke<A>(
  t: Transport,
  method: HttpMethod,
  path: ApiPath,
  input: OpInput,
  options: CallOptions = {},
  retry?: RetryWhen,
): Promise<A> {
  return t.request<A>({
    method,
    path: fill(path, input.params ?? {}),
    query: input.query,
    json: input.body,
    form: input.form,
    retry: retry ?? (method === 'GET' ? 'always' : method === 'DELETE' ? 'refused' : 'never'),
    ...options,
  });
}
