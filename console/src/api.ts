/**
 * The console's only way to the gateway: the documented APIs (/admin/v1, /sandbox/v1) with the
 * session cookie the browser holds (httpOnly: this script never sees it) and the session's CSRF
 * token on every call that changes something. Refusals come back as ApiError with the gateway's
 * result code and text, which the pages show as they are. Every call tells the connection state
 * (connection.ts) whether the gateway answered.
 */

import { isGatewayAnswer, reportAnswered, reportUnreachable } from './connection.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly result: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${code} ${result}`);
  }
}

/** The code of a call that did not reach the gateway (the console's banner says so). */
export const UNREACHABLE = 'NETWORK';

export function isUnreachable(err: unknown): boolean {
  return err instanceof ApiError && err.code === UNREACHABLE;
}

/** Past tense: the error stays beside what was tried after the gateway is back. */
const unreachable = (status = 0) => new ApiError(status, UNREACHABLE, 'the gateway could not be reached');

let csrfToken = '';
const signedOutListeners = new Set<() => void>();

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when a call finds the session ended (signed out elsewhere, expired, new admin token). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function refusal(status: number, body: unknown, retryAfter: string | null): ApiError {
  const o = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof o.code === 'string' ? o.code : `HTTP ${status}`;
  const result = typeof o.result === 'string' ? o.result : 'the gateway refused the request';
  const wait = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  return new ApiError(status, code, result, wait);
}

export async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // The connection dropped before the whole answer came (the gateway stopped mid-answer).
    text = await res.text();
  } catch {
    reportUnreachable();
    throw unreachable();
  }
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!isGatewayAnswer(res.status, parsed)) {
    // A reverse proxy's 502/503/504 page: the gateway behind it is down (or restarting).
    reportUnreachable();
    throw unreachable(res.status);
  }
  reportAnswered();
  if (!res.ok) {
    const err = refusal(res.status, parsed, res.headers.get('retry-after'));
    if (res.status === 401 && path !== '/admin/v1/session') for (const l of signedOutListeners) l();
    throw err;
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => call<T>('PATCH', path, body ?? {}),
  del: <T>(path: string) => call<T>('DELETE', path),
};

/** `?a=1&b=x` from the defined, non-empty values. */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

/** A path segment, encoded (phone numbers and keys are plain, but a search box is not). */
export const seg = (s: string | number) => encodeURIComponent(String(s));
