// Webhook receivers (Node only: node:crypto). The gateway posts MO messages and, in webhook report
// mode, delivery reports; both are signed alike and both want `{"msgKey": <the same>}` in a 2xx.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HeaderBag, toleranceOf, verifySignature } from './signature.js';
import type { MoMessage, Report } from './types.js';

export type { HeaderBag, VerifyOptions, VerifyResult } from './signature.js';
export { verifySignature } from './signature.js';

export type WebhookEvent = { kind: 'mo'; mo: MoMessage } | { kind: 'report'; report: Report };

export interface WebhookHandlerOptions {
  /** The account's webhook secret. */
  secret: string;
  /** See VerifyOptions.toleranceSeconds (default 300; 0: off, for a sandbox on the manual clock). */
  toleranceSeconds?: number;
  /**
   * See VerifyOptions.requireBodySignature. Default true here (false for verifySignature): these
   * handlers receive an Omnigate's posts, which always carry the body signature, and demanding it
   * keeps a seen request's headers from carrying another body. false for a sender that signs only
   * as the spec describes.
   */
  requireBodySignature?: boolean;
  /**
   * Called for each MO; the gateway gets its acknowledgement once this resolves. Delivery is at
   * least once: the same msgKey may come again after a lost answer.
   */
  onMo?: (mo: MoMessage) => unknown;
  /** Called for each report (webhook report mode); at least once as well (msgKey with reportType). */
  onReport?: (report: Report) => unknown;
  /**
   * Told of what made an answer 500: an error a callback threw, or a fault of the handler's own (a
   * secret that cannot be used). The 500's body says only that it failed: an error's message may
   * hold what the sender of a request must not read.
   */
  onError?: (error: unknown) => void;
}

/** What to answer: a status and a JSON body. */
export interface WebhookAnswer {
  status: number;
  body: { msgKey: string } | { error: string };
}

const MO_FIELDS = ['msgKey', 'msgType', 'to', 'from', 'carrier', 'originator', 'content', 'occurredTime'];
const REPORT_FIELDS = [
  'msgKey',
  'serviceType',
  'msgType',
  'reportCode',
  'reportText',
  'reportTime',
  'sendTime',
];

function strings(o: object, keys: readonly string[]): boolean {
  const fields: Record<string, unknown> = { ...o };
  return keys.every((k) => typeof fields[k] === 'string');
}

function isMo(o: object): o is MoMessage {
  return 'serviceType' in o && o.serviceType === 'MO' && strings(o, MO_FIELDS);
}

function isReport(o: object): o is Report {
  return (
    'reportType' in o && (o.reportType === 'STANDARD' || o.reportType === 'DLR') && strings(o, REPORT_FIELDS)
  );
}

/** The event a webhook body holds: an MO (`serviceType` MO) or a report (`reportType`). */
export function parseWebhook(body: unknown): WebhookEvent | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  if (isMo(body)) return { kind: 'mo', mo: body };
  if (isReport(body)) return { kind: 'report', report: body };
  return undefined;
}

function isRaw(body: unknown): body is string | Uint8Array {
  return typeof body === 'string' || body instanceof Uint8Array;
}

function parseBody(body: unknown): unknown {
  if (typeof body === 'string') return JSON.parse(body);
  if (body instanceof Uint8Array) return JSON.parse(new TextDecoder().decode(body));
  return body;
}

/**
 * The bytes the body signature is checked against: the raw body when the caller has it, else the
 * parsed value serialised again. The fallback is exact for the gateway's requests: it posts
 * JSON.stringify output (objects of strings), and JSON.stringify(JSON.parse(text)) is that text
 * again; a body altered on the way still fails, since its parsed value serialises differently.
 */
function rawOf(body: unknown, raw: string | Uint8Array | undefined): string | Uint8Array {
  if (raw !== undefined) return raw;
  if (isRaw(body)) return body;
  return JSON.stringify(body) ?? '';
}

/** The body of every 500: a fixed text, never an error's message. */
const FAILED: WebhookAnswer = { status: 500, body: { error: 'webhook handling failed' } };

function report(options: WebhookHandlerOptions, error: unknown): void {
  try {
    options.onError?.(error);
  } catch {
    // A failing onError must not keep the answer from going out.
  }
}

/**
 * Verifies, parses and hands one webhook request to the callback; the answer to send back. `body`
 * is the raw body (a string or bytes) or the value a framework parsed from it; `rawBody`, when the
 * framework kept it beside the parsed value, is what the body signature is checked against. A bad
 * signature is 401 and a body that is neither an MO nor a report 400 (the gateway retries both,
 * which is right: a wrong secret gets fixed). A callback that throws (told to `onError`), or a
 * kind without a callback, is 500: the gateway posts it again later rather than losing it. It
 * rejects on a fault of its own (a bad toleranceSeconds, a secret that cannot be used): the handlers below answer 500.
 */
export async function handleWebhook(
  headers: HeaderBag,
  body: unknown,
  options: WebhookHandlerOptions,
  rawBody?: string | Uint8Array,
): Promise<WebhookAnswer> {
  const check = verifySignature(rawOf(body, rawBody), headers, options.secret, {
    ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
    requireBodySignature: options.requireBodySignature ?? true,
  });
  if (!check.valid) return { status: 401, body: { error: `signature ${check.reason}` } };
  let event: WebhookEvent | undefined;
  try {
    event = parseWebhook(parseBody(body));
  } catch {
    event = undefined;
  }
  if (!event) return { status: 400, body: { error: 'neither an MO nor a report' } };
  const msgKey = event.kind === 'mo' ? event.mo.msgKey : event.report.msgKey;
  try {
    if (event.kind === 'mo') {
      if (!options.onMo) return { status: 500, body: { error: 'no onMo callback' } };
      await options.onMo(event.mo);
    } else {
      if (!options.onReport) return { status: 500, body: { error: 'no onReport callback' } };
      await options.onReport(event.report);
    }
  } catch (err) {
    report(options, err);
    return FAILED;
  }
  return { status: 200, body: { msgKey } };
}

/** The gateway's bodies are a few hundred bytes; more is not the gateway. */
const BODY_LIMIT = 64 * 1024;

function readBody(req: IncomingMessage): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= BODY_LIMIT) chunks.push(c);
    });
    req.on('end', () => resolve(size > BODY_LIMIT ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, answer: WebhookAnswer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}

/** A fault while handling: 500, or the connection closed when an answer had already begun. */
function fail(res: ServerResponse, options: WebhookHandlerOptions, error: unknown): void {
  report(options, error);
  if (res.headersSent) res.destroy();
  else reply(res, FAILED);
}

/** A node:http request listener: `createServer(nodeWebhookHandler({ secret, onMo }))`. */
export function nodeWebhookHandler(
  options: WebhookHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  // A bad tolerance throws here, at start-up, rather than on each request.
  toleranceOf(options.toleranceSeconds);
  return (req, res) => {
    readBody(req)
      .then(
        (body): Promise<WebhookAnswer> | WebhookAnswer =>
          body === undefined
            ? { status: 413, body: { error: 'body too large' } }
            : handleWebhook(req.headers, body, options),
        // Only the body's reading failing is the sender's doing; a fault in handling is ours (500).
        (): WebhookAnswer => ({ status: 400, body: { error: 'unreadable body' } }),
      )
      .then((answer) => reply(res, answer))
      .catch((err: unknown) => fail(res, options, err));
  };
}

/**
 * An Express (4 or 5) route handler: `app.post('/omnigate', expressWebhookHandler({ ... }))`. It
 * reads the body itself without a parser, and takes express.raw()'s bytes as they are. After
 * express.json() the raw bytes are gone unless its `verify` hook kept them in `req.rawBody`
 * (`express.json({ verify: (req, _res, buf) => { req.rawBody = buf; } })`); without that, the
 * parsed body serialised again stands in for them (exact for the gateway's JSON: see rawOf).
 */
export function expressWebhookHandler(
  options: WebhookHandlerOptions,
): (req: IncomingMessage & { body?: unknown; rawBody?: unknown }, res: ServerResponse) => void {
  const fromStream = nodeWebhookHandler(options);
  return (req, res) => {
    if (req.body === undefined) {
      fromStream(req, res);
      return;
    }
    const raw = isRaw(req.rawBody) ? req.rawBody : undefined;
    // Caught: a rejection left alone would hang the request and may end the process.
    handleWebhook(req.headers, req.body, options, raw)
      .then((answer) => reply(res, answer))
      .catch((err: unknown) => fail(res, options, err));
  };
}

/** The parts of Fastify's request and reply the handler uses. */
export interface FastifyLikeRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The raw body, where a plugin keeps it (fastify-raw-body's `request.rawBody`). */
  rawBody?: unknown;
}
export interface FastifyLikeReply {
  code(statusCode: number): FastifyLikeReply;
  send(payload?: unknown): unknown;
}

/**
 * A Fastify route handler (Fastify's JSON parser reads the body): `app.post('/omnigate',
 * fastifyWebhookHandler({ ... }))`. The body signature is checked against `request.rawBody` when
 * a plugin kept it, else against the parsed body serialised again (exact for the gateway's JSON:
 * see rawOf).
 */
export function fastifyWebhookHandler(
  options: WebhookHandlerOptions,
): (request: FastifyLikeRequest, reply: FastifyLikeReply) => Promise<unknown> {
  toleranceOf(options.toleranceSeconds);
  return async (request, reply) => {
    const raw = isRaw(request.rawBody) ? request.rawBody : undefined;
    let answer: WebhookAnswer;
    try {
      answer = await handleWebhook(request.headers, request.body, options, raw);
    } catch (err) {
      // Answered here: Fastify's own error handler would put the error's message in the body.
      report(options, err);
      answer = FAILED;
    }
    return reply.code(answer.status).send(answer.body);
  };
}
