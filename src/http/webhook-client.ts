import { createHmac } from 'node:crypto';
import type { Agent, Dispatcher } from 'undici';
import { type OutboundPolicy, OutboundRefused } from './outbound.ts';

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
 * Keep-alive pools for webhook receivers, one per origin. undici's dispatch rather than node:http
 * or fetch: it parses the answer into the handler's callbacks, without a request object, a
 * response stream or web streams, at about half of node:http's CPU per post (docs/decisions.md).
 * No connection limit: the job runner bounds the calls at once. Loaded with the first post: undici
 * takes about 20 MB of memory in each thread that imports it, and a gateway whose accounts poll
 * for their reports, or a thread that only serves HTTP, never posts.
 */
const pools = new WeakMap<OutboundPolicy, Promise<Agent>>();

/** The longest a connection to a receiver (TCP, then TLS) may take: a webhook's own timeout. */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * The pools of one outbound policy (one per gateway; tests make several). Its `lookup` judges the
 * addresses a receiver's name resolves to when each connection is made (src/http/outbound.ts).
 */
function webhookPools(policy: OutboundPolicy): Promise<Agent> {
  let agent = pools.get(policy);
  if (!agent) {
    agent = import('undici').then(
      // A call still connecting when its own timer ends cannot be taken back from undici, only
      // aborted once it starts: the connection attempt ends on this timeout, no later than the 5 s
      // a receiver has (undici's default, 10 s, let a dead receiver's attempts outlive their calls).
      ({ Agent }) =>
        new Agent({
          connections: null,
          pipelining: 1,
          connect: { timeout: CONNECT_TIMEOUT_MS, lookup: policy.lookup },
        }),
      (err: unknown) => {
        // Tried again with the next post rather than failing every post for good.
        pools.delete(policy);
        throw err;
      },
    );
    pools.set(policy, agent);
  }
  return agent;
}

class WebhookTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * POSTs `body` as JSON with the spec's webhook headers and the body signature. Never throws: every
 * failure is an answer with `ok: false`, so callers decide about retries in one place. `timeoutMs`
 * covers the whole exchange, connecting to reading the answer (a receiver that sends headers and
 * then stalls is as unanswered as one that never accepts); it runs on real time, being a network
 * timeout.
 * Redirects are not followed: the signed request goes only where the operator registered it. The
 * outbound policy judges the receiver's address: an IP literal here, a name when it is connected
 * to; a refused one is an answer naming why (the delivery's recorded error), never a packet sent.
 */
export async function postSignedJson(
  url: string,
  secret: string,
  body: unknown,
  nowMs: number,
  timeoutMs: number,
  policy: OutboundPolicy,
): Promise<WebhookAnswer> {
  const timestamp = String(nowMs);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, error: `network error: not a URL: ${url}` };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { ok: false, error: `network error: unsupported scheme ${target.protocol}` };
  }
  const refused = policy.literalRefusal(target);
  if (refused !== null) return { ok: false, error: `refused: ${refused}` };
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  const signature = sign(secret, timestamp);
  try {
    const { status, text } = await exchange(
      await webhookPools(policy),
      target,
      payload,
      {
        'X-SVC-Timestamp': timestamp,
        'X-SVC-Signature': signature,
        // The same two under the names the hosted service's SDK reads (its WebhookReceiver), so a
        // receiver built on it verifies these posts unchanged (docs/compatibility.md).
        'X-IB-Timestamp': timestamp,
        'X-IB-Signature': signature,
        'X-Omnigate-Body-Signature': signBody(secret, timestamp, payload),
        ...basicAuth(target),
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
 * Credentials written into the URL (`https://user:pass@host/...`) go as HTTP Basic, as node:http
 * sent them: the registered URL is the whole of what the operator gave.
 */
function basicAuth(target: URL): Record<string, string> {
  if (target.username === '' && target.password === '') return {};
  const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
  return { authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
}

/**
 * One request and its answer's text (null when larger than ANSWER_LIMIT_BYTES). An answer is read
 * to its end, or the exchange aborted (which closes its connection), so a pooled connection is
 * only reused clean. The timer covers the exchange from the moment it is asked for: a request
 * still waiting for its connection is abandoned, and aborted once it starts.
 */
function exchange(
  pools: Agent,
  target: URL,
  payload: Buffer,
  signedHeaders: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; text: string | null }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let controller: Dispatcher.DispatchController | null = null;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new WebhookTimeout()));
      controller?.abort(new WebhookTimeout());
    }, timeoutMs);
    let status = 0;
    const chunks: Buffer[] = [];
    let size = 0;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (settled) c.abort(new WebhookTimeout());
      },
      onResponseStart(_c, statusCode) {
        status = statusCode;
      },
      onResponseData(c, chunk) {
        if (settled) return;
        size += chunk.length;
        if (size > ANSWER_LIMIT_BYTES) {
          chunks.length = 0;
          // The rest is not read: this connection cannot be reused.
          settle(() => resolve({ status, text: null }));
          c.abort(new Error('answer too large'));
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle(() => resolve({ status, text: Buffer.concat(chunks).toString('utf8') }));
      },
      onResponseError(_c, err) {
        settle(() => reject(err));
      },
    };
    try {
      pools.dispatch(
        {
          origin: target.origin,
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          body: payload,
          headers: {
            ...signedHeaders,
            accept: 'application/json',
            'content-type': 'application/json',
          },
        },
        handler,
      );
    } catch (err) {
      // Options undici refuses (a header value it cannot send) end the call like a network error.
      settle(() => reject(err));
    }
  });
}

function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof OutboundRefused) return `refused: ${err.message}`;
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  if (err instanceof Error) {
    // Socket errors carry their code (ECONNREFUSED, ECONNRESET, ...); undici's own carry UND_ERR_*
    // and a message that says more (UND_ERR_SOCKET: "other side closed").
    const code = 'code' in err && typeof err.code === 'string' ? err.code : err.message;
    return code.startsWith('UND_ERR_') ? `network error: ${code} (${err.message})` : `network error: ${code}`;
  }
  return `network error: ${String(err)}`;
}
