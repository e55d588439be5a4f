import type { Agent, FormData as UndiciFormData } from 'undici';
import { type OutboundPolicy, OutboundRefused } from '../../http/outbound.ts';

/**
 * HTTP to an upstream gateway: its API (this same Messaging Gateway API) with the connector's API
 * key. Every request goes through the outbound policy: an address literal is judged before the
 * request, a name when its connection is made (the Agent's lookup), as webhook posts are.
 */

/** The most of an answer that is read: a send of 200 recipients answers about 30 KB. */
const ANSWER_LIMIT_BYTES = 4 * 1024 * 1024;

export type UpstreamAnswer =
  /** The upstream answered (any status); `json` is its body when it is JSON. */
  | { kind: 'answer'; status: number; json: unknown; retryAfterMs: number | null }
  /** No answer to act on: a network error, the timeout, an answer too large. */
  | { kind: 'failed'; error: string }
  /** The outbound policy refuses the address: no packet left. */
  | { kind: 'refused'; error: string };

export interface UpstreamClient {
  post(path: string, body: unknown): Promise<UpstreamAnswer>;
  /** A POST of a body already serialised (a stored request, sent as it was stored). */
  postJson(path: string, json: string): Promise<UpstreamAnswer>;
  upload(path: string, form: UndiciFormData): Promise<UpstreamAnswer>;
  get(path: string): Promise<UpstreamAnswer>;
  delete(path: string): Promise<UpstreamAnswer>;
  close(): Promise<void>;
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, nowMs: number): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export function createUpstreamClient(opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Connections kept to the upstream. */
  connections: number;
  policy: OutboundPolicy;
}): UpstreamClient {
  const base = new URL(opts.baseUrl);
  let agent: Promise<Agent> | null = null;
  const pool = () => {
    agent ??= import('undici').then(
      ({ Agent }) =>
        new Agent({
          connections: opts.connections,
          connect: { timeout: Math.min(opts.timeoutMs, 10_000), lookup: opts.policy.lookup },
        }),
    );
    return agent;
  };

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: string | UndiciFormData | undefined,
  ): Promise<UpstreamAnswer> {
    const target = new URL(`${base.pathname.replace(/\/$/, '')}${path}`, base.origin);
    const refused = opts.policy.literalRefusal(target);
    if (refused !== null) return { kind: 'refused', error: refused };
    const headers: Record<string, string> = { authorization: opts.apiKey, accept: 'application/json' };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    try {
      const res = await (await pool()).request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method,
        headers,
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        const b = chunk as Buffer;
        size += b.length;
        if (size > ANSWER_LIMIT_BYTES) {
          res.body.destroy();
          return { kind: 'failed', error: `answer larger than ${ANSWER_LIMIT_BYTES} bytes` };
        }
        chunks.push(b);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch {
        json = null;
      }
      return {
        kind: 'answer',
        status: res.statusCode,
        json,
        retryAfterMs: retryAfterMs(res.headers['retry-after'], Date.now()),
      };
    } catch (err) {
      if (err instanceof OutboundRefused) return { kind: 'refused', error: err.message };
      const cause = err instanceof Error && err.cause instanceof OutboundRefused ? err.cause : null;
      if (cause) return { kind: 'refused', error: cause.message };
      return { kind: 'failed', error: describe(err, opts.timeoutMs) };
    }
  }

  return {
    post: (path, body) => call('POST', path, JSON.stringify(body)),
    postJson: (path, json) => call('POST', path, json),
    upload: (path, form) => call('POST', path, form),
    get: (path) => call('GET', path, undefined),
    delete: (path) => call('DELETE', path, undefined),
    async close() {
      if (agent) await (await agent).close();
    },
  };
}

function describe(err: unknown, timeoutMs: number): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  if (err instanceof Error) {
    const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
    return code ? `network error: ${code} (${err.message})` : `network error: ${err.message}`;
  }
  return `network error: ${String(err)}`;
}
