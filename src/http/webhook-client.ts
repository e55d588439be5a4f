import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/**
 * Signed POSTs to a client's webhook (reports and MO messages). The spec names the headers and
 * signs the timestamp header's value; Omnigate fixes the encoding (lowercase hex) and what the
 * receiver answers (docs/webhooks.md) ({"msgKey": <same>}, checked by the caller). Since the spec's
 * signature leaves the body unprotected, X-Omnigate-Body-Signature signs the timestamp and body too.
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
 * X-Omnigate-Body-Signature: lowercase hex HMAC-SHA256 of `<timestamp>.` followed by the body's
 * bytes, keyed with the secret. The bytes are the ones posted (the same Buffer), not a second
 * serialisation: a receiver hashes what it read off the wire.
 */
export function signBody(secret: string, timestamp: string, payload: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(payload).digest('hex');
}

/**
 * The most of an answer that is read. The expected answer is a few dozen bytes; a receiver that
 * streams a page back must not hold a worker's memory.
 */
export const ANSWER_LIMIT_BYTES = 64 * 1024;

/**
 * Keep-alive pools for webhook receivers. node:http rather than fetch: fetch builds web streams,
 * an AbortSignal and a cloned request per call, which cost more CPU than the rest of a report's
 * delivery together (and more still in the engine's worker thread, where web streams are made
 * transferable). No socket limit: the job runner bounds the calls at once.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }),
};

class WebhookTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * POSTs `body` as JSON with the spec's webhook headers and the body signature. Never throws: every
 * failure is an answer with `ok: false`, so callers decide about retries in one place. `timeoutMs`
 * covers the whole exchange, connecting to reading the answer (a receiver that sends headers and
 * then stalls is as unanswered as one that never accepts); it runs on real time, being a network
 * timeout.
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
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, error: `network error: not a URL: ${url}` };
  }
  const agent = target.protocol === 'http:' || target.protocol === 'https:' ? agents[target.protocol] : null;
  if (!agent) return { ok: false, error: `network error: unsupported scheme ${target.protocol}` };
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  try {
    const { status, text } = await exchange(
      target,
      agent,
      payload,
      {
        'X-SVC-Timestamp': timestamp,
        'X-SVC-Signature': sign(secret, timestamp),
        'X-Omnigate-Body-Signature': signBody(secret, timestamp, payload),
      },
      timeoutMs,
    );
    if (status < 200 || status > 299) return { ok: false, status, error: `HTTP ${status}` };
    if (text === null) return { ok: false, status, error: `answer larger than ${ANSWER_LIMIT_BYTES} bytes` };
    try {
      return { ok: true, status, json: JSON.parse(text) };
    } catch {
      return { ok: false, status, error: 'answer is not JSON' };
    }
  } catch (err) {
    return { ok: false, error: describeFailure(err, timeoutMs) };
  }
}

/**
 * One request and its answer's text (null when larger than ANSWER_LIMIT_BYTES). An answer is read
 * (or dropped) in every case, so the keep-alive connection can be reused.
 */
function exchange(
  target: URL,
  agent: http.Agent,
  payload: Buffer,
  signedHeaders: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; text: string | null }> {
  return new Promise((resolve, reject) => {
    const request = target.protocol === 'https:' ? https.request : http.request;
    const req = request(target, {
      method: 'POST',
      agent,
      headers: {
        ...signedHeaders,
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Content-Length': payload.length,
      },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new WebhookTimeout());
    }, timeoutMs);
    // After the timeout, whatever error the torn-down exchange reports is the timeout.
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(timedOut ? new WebhookTimeout() : err);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      res.on('data', (chunk: Buffer) => {
        if (tooLarge) return;
        size += chunk.length;
        if (size > ANSWER_LIMIT_BYTES) {
          tooLarge = true;
          chunks.length = 0;
          // The rest is not read: this connection cannot be reused.
          res.destroy();
          clearTimeout(timer);
          resolve({ status, text: null });
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(payload);
  });
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  if (err instanceof Error) {
    // node:http errors carry the socket's code (ECONNREFUSED, ECONNRESET, ...).
    const code = 'code' in err && typeof err.code === 'string' ? err.code : err.message;
    return `network error: ${code}`;
  }
  return `network error: ${String(err)}`;
}
