import { createHmac } from 'node:crypto';

/**
 * Signed POSTs to a client's webhook (reports now, MO messages later). The spec names the headers
 * and signs the timestamp header's value; design.md §4 fixes the encoding (lowercase hex) and
 * what the receiver answers ({"msgKey": <same>}, checked by the caller).
 */

export interface WebhookAnswer {
  /** True when the receiver answered 2xx with a JSON body (`json`); what it must hold is the caller's rule. */
  ok: boolean;
  status?: number;
  /** Why it is not ok: the HTTP status, a body that is not JSON, a network error or the timeout. */
  error?: string;
  json?: unknown;
}

/** X-SVC-Signature: lowercase hex HMAC-SHA256 of the X-SVC-Timestamp value, keyed with the secret. */
export function sign(secret: string, timestamp: string): string {
  return createHmac('sha256', secret).update(timestamp, 'utf8').digest('hex');
}

/**
 * The most of an answer that is read. The expected answer is a few dozen bytes; a receiver that
 * streams a page back must not hold a worker's memory.
 */
export const ANSWER_LIMIT_BYTES = 64 * 1024;

/**
 * POSTs `body` as JSON with the spec's webhook headers. Never throws: every failure is an answer
 * with `ok: false`, so callers decide about retries in one place. `timeoutMs` covers the whole
 * exchange, connecting to reading the answer (a receiver that sends headers and then stalls is as
 * unanswered as one that never accepts); it runs on real time, being a network timeout.
 * Redirects are not followed: the signed request goes only where the operator registered it.
 */
export async function postSignedJson(
  url: string,
  secret: string,
  body: unknown,
  nowMs: number,
  timeoutMs: number,
): Promise<WebhookAnswer> {
  const timestamp = String(nowMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'X-SVC-Timestamp': timestamp,
        'X-SVC-Signature': sign(secret, timestamp),
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read (or drop) the answer in every case, so the keep-alive connection can be reused.
    const text = await readAnswer(res);
    if (res.status < 200 || res.status > 299)
      return { ok: false, status: res.status, error: `HTTP ${res.status}` };
    if (text === null) {
      return { ok: false, status: res.status, error: `answer larger than ${ANSWER_LIMIT_BYTES} bytes` };
    }
    try {
      return { ok: true, status: res.status, json: JSON.parse(text) };
    } catch {
      return { ok: false, status: res.status, error: 'answer is not JSON' };
    }
  } catch (err) {
    return { ok: false, error: describeFailure(err, timeoutMs) };
  }
}

/** The answer's text, or null when it is larger than ANSWER_LIMIT_BYTES. */
async function readAnswer(res: Response): Promise<string | null> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A reader rather than `for await`: the same code type-checks under the browser's library too
  // (the console's tests import the gateway).
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ANSWER_LIMIT_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  if (err instanceof Error) {
    // fetch reports "fetch failed" and keeps the socket's error (ECONNREFUSED, ...) as the cause.
    const cause: unknown = err.cause;
    if (cause instanceof Error) {
      const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
      return `network error: ${code}`;
    }
    return `network error: ${err.message}`;
  }
  return `network error: ${String(err)}`;
}
