import { errorFor, NetworkError, RateLimitError } from './errors.js';
import { backoffMs, parseRetryAfter, type RetryOptions, type RetryPolicy, retryPolicy } from './retry.js';
import type { Section } from './types.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/**
 * When a request may be sent again. `always`: after a 429 or a network error (reads, keyed sends,
 * and the few writes whose repeat answers as the first did). `refused`: after a 429 only, which the
 * gateway answers before handling the request; a network error may come after it was handled, and
 * a repeat would then answer differently (a delete answers A820, not found). `never`: not at all.
 */
export type RetryWhen = 'always' | 'refused' | 'never';

/** Per-call options every method takes last. */
export interface CallOptions {
  /** Aborts the request (and any wait before a retry). */
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** The gateway's address, e.g. `http://127.0.0.1:8080` (a path prefix is kept). */
  baseUrl: string;
  /** The account's API key, sent as `Authorization: <apiKey>`. */
  apiKey: string;
  /** A fetch of your own (a proxy agent, instrumentation, tests); default: the global fetch. */
  fetch?: typeof fetch;
  retry?: RetryOptions;
}

export interface RequestSpec extends CallOptions {
  method: HttpMethod;
  /** The path with its parameters filled in. */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  json?: unknown;
  form?: FormData | undefined;
  /**
   * When the request may be sent again (see RetryWhen): reads and sends carrying an idempotency
   * key always; deletes after a 429 only. A send without a key is never repeated, since a lost
   * answer does not tell whether the gateway accepted it.
   */
  retry: RetryWhen;
}

/** A response the gateway made: its envelope, as far as the client relies on it. */
interface RawEnvelope {
  common: { authCode: string; authResult: string; providerTrId: string };
  data?: { code?: unknown; result?: unknown };
}

function isEnvelope(v: unknown): v is RawEnvelope {
  if (typeof v !== 'object' || v === null || !('common' in v)) return false;
  const c = v.common;
  return typeof c === 'object' && c !== null && 'authCode' in c && typeof c.authCode === 'string';
}

/** Sends requests to the gateway: the API key, the envelope's result codes, and safe retries. */
export class Transport {
  readonly #base: string;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly #retry: RetryPolicy;

  constructor(options: ClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    // Bound: some runtimes refuse a fetch called with another `this`.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#retry = retryPolicy(options.retry);
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    return `${this.#base}${path}${qs ? `?${qs}` : ''}`;
  }

  /** The operation's `data` section; a refusal throws an OmnigateError of the status's kind. */
  request<S = Section>(spec: RequestSpec): Promise<S> {
    return this.#send(spec, (res) => this.#read<S>(res, spec));
  }

  /** A binary answer (an image); a refusal throws as request() does. */
  download(spec: RequestSpec): Promise<Blob> {
    return this.#send(spec, async (res) => {
      const type = res.headers.get('content-type') ?? '';
      if (res.ok && !type.includes('application/json')) return res.blob();
      const outcome = await this.#read<Section>(res, spec);
      return outcome instanceof Error
        ? outcome
        : new NetworkError(`${spec.method} ${spec.path}: JSON where bytes were expected`, {
            status: res.status,
          });
    });
  }

  async #send<R>(spec: RequestSpec, read: (res: Response) => Promise<R | Error>): Promise<R> {
    const url = this.url(spec.path, spec.query);
    const headers: Record<string, string> = { authorization: this.#apiKey, accept: 'application/json' };
    let body: string | FormData | undefined;
    if (spec.form) body = spec.form;
    else if (spec.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.json);
    }
    const retries = spec.retry === 'never' ? 0 : this.#retry.retries;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.#fetch(url, {
          method: spec.method,
          headers,
          ...(body === undefined ? {} : { body }),
          ...(spec.signal ? { signal: spec.signal } : {}),
        });
      } catch (err) {
        // The caller's abort is an answer, not a failure to retry.
        if (spec.signal?.aborted) throw spec.signal.reason ?? err;
        if (spec.retry !== 'always' || attempt >= retries) {
          throw new NetworkError(`${spec.method} ${spec.path}: ${describe(err)}`, { cause: err });
        }
        await this.#wait(backoffMs(this.#retry, attempt), spec.signal);
        continue;
      }
      const outcome = await read(res);
      if (!(outcome instanceof RateLimitError)) {
        if (outcome instanceof Error) throw outcome;
        return outcome;
      }
      // 429: the request was refused before it was handled, so repeating it (when allowed) is safe.
      const wait = outcome.retryAfterMs ?? backoffMs(this.#retry, attempt);
      if (attempt >= retries || wait > this.#retry.maxDelayMs) throw outcome;
      await this.#wait(wait, spec.signal);
    }
  }

  async #wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    await this.#retry.sleep(ms, signal);
    signal?.throwIfAborted();
  }

  /** The section, or the error the answer stands for (returned, so that 429 can be retried). */
  async #read<S>(res: Response, spec: RequestSpec): Promise<S | Error> {
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    if (!isEnvelope(parsed)) {
      // A 429 without the envelope (a proxy in front of the gateway) is still a rate limit.
      if (res.status === 429) {
        return errorFor(
          { code: 'A020', result: 'Rate limit exceeded', status: 429, providerTrId: '' },
          retryAfterMs,
        );
      }
      return new NetworkError(`${spec.method} ${spec.path}: HTTP ${res.status}, not the gateway's answer`, {
        status: res.status,
      });
    }
    const { common } = parsed;
    const data = parsed.data;
    const providerTrId = String(common.providerTrId ?? '');
    if (common.authCode !== 'A000') {
      return errorFor(
        { code: common.authCode, result: String(common.authResult), status: res.status, providerTrId },
        retryAfterMs,
      );
    }
    const code = typeof data?.code === 'string' ? data.code : '';
    if (!res.ok || code !== 'A000') {
      const result = typeof data?.result === 'string' ? data.result : '';
      return errorFor(
        { code: code || `HTTP${res.status}`, result, status: res.status, providerTrId },
        retryAfterMs,
      );
    }
    // The gateway's envelope: its data section is the typed answer of this operation.
    return parsed.data as S;
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause;
    const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
    return code ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}
