import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CappedText, cappedJson, cappedText, isSecretField, MASK } from '../rules/capped-json.ts';
import type { NewRefusedRequest } from '../store/refused/refused-requests.ts';

/*
 * What a refused request keeps (src/http/refused-requests.ts records it): built after the answer
 * left, from the request as the gateway parsed it and the answer as it was sent.
 */

/** Of a body or an answer, at most this many characters are kept (marked truncated beyond). */
export const BODY_CAP = 16 * 1024;
export const ANSWER_CAP = 16 * 1024;
/** Of an answer, at least this much is kept, even past the second's byte bound: it says why. */
const ANSWER_MIN = 1024;
const PATH_CAP = 1000;
const AGENT_CAP = 200;

/** A refused request's row, and the hash of a key the API-key hook refused or held (to resolve). */
export interface Capture {
  row: NewRefusedRequest;
  keyHash: string | null;
}

/** Text of a body that did not parse as JSON, kept by the app's JSON parser (src/app.ts). */
const unparsed = new WeakMap<FastifyRequest, string>();

export function keepUnparsedBody(req: FastifyRequest, text: string): void {
  unparsed.set(req, text);
}

function cap(s: string | undefined, n: number): string | null {
  if (s === undefined || s === '') return null;
  return s.length > n ? s.slice(0, n) : s;
}

/** The path and query as sent, a query parameter named as a secret (a key put there) masked. */
function keptPath(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return cap(url, PATH_CAP) ?? '/';
  const query = url.slice(at + 1);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is kept as sent.
      }
      return eq !== -1 && isSecretField(decoded) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return cap(`${url.slice(0, at)}?${masked}`, PATH_CAP) ?? '/';
}

function contentLength(req: FastifyRequest): number | null {
  const raw = req.headers['content-length'];
  return raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

interface KeptBody {
  body: string | null;
  bodyFormat: 'json' | 'text' | null;
  bodyTruncated: boolean;
  bodyNote: string | null;
}

const NONE: KeptBody = { body: null, bodyFormat: null, bodyTruncated: false, bodyNote: null };

/**
 * The body as the route parsed it, masked (capped-json.ts); a body that was not JSON as its text,
 * except on /api/verify/v1, where an unparsed body could hold a code that cannot be found to mask.
 * Nothing of a request whose key was not known: a stranger's flood keeps no bytes.
 */
function keptBody(req: FastifyRequest, known: boolean, status: number, room: number): KeptBody {
  const size = contentLength(req);
  const raw = unparsed.get(req);
  const parsed = req.body !== undefined;
  if (!parsed && raw === undefined) {
    if (!size) return NONE;
    if (status === 413) return { ...NONE, bodyNote: 'not read: larger than the body limit' };
    if (status === 415) return { ...NONE, bodyNote: 'not read: a media type the route does not take' };
    if (!known) return { ...NONE, bodyNote: 'not kept: no API key was accepted for it' };
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/')) return { ...NONE, bodyNote: 'not kept: a multipart form (an upload)' };
    return { ...NONE, bodyNote: 'not read: refused before its body' };
  }
  if (!known) return { ...NONE, bodyNote: 'not kept: no API key was accepted for it' };
  if (room <= 0) return { ...NONE, bodyNote: 'not kept: over the bound of bodies kept a second' };
  const limit = Math.min(BODY_CAP, room);
  if (parsed) return kept(cappedJson(req.body, limit), 'json');
  if (req.url.startsWith('/api/verify/')) {
    return { ...NONE, bodyNote: 'not kept: a 2FA body that is not JSON cannot have its code masked' };
  }
  return kept(cappedText(raw ?? '', limit), 'text');
}

function kept(c: CappedText, format: 'json' | 'text'): KeptBody {
  return { body: c.text, bodyFormat: format, bodyTruncated: c.truncated, bodyNote: null };
}

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * A send answered 200 in which no recipient was accepted (nothing stored): the answer's own
 * `data.code` is its only A000, and no recipient is a replay (A301). A cheap look at the text,
 * done on the answers that hold a refused recipient (`"msgKey":""`) only.
 */
export function everyRecipientRefused(answer: string): boolean {
  if (!answer.includes('"destinations":[{')) return false;
  const first = answer.indexOf('"code":"A000"');
  if (first === -1 || answer.indexOf('"code":"A000"', first + 1) !== -1) return false;
  return !answer.includes('"code":"A301"');
}

/** The code and text answered: the gateway stage's `common.authCode`, else `data.code`. */
function outcomeOf(status: number, answer: string): { code: string; result: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return { code: `HTTP ${status}`, result: '' };
  }
  const body = record(parsed);
  const common = record(body?.common);
  const data = record(body?.data);
  const authCode = text(common?.authCode);
  if (authCode !== '' && authCode !== 'A000') return { code: authCode, result: text(common?.authResult) };
  if (status < 300 && data) return recipientsOutcome(data);
  // The operator-style bodies ({code, result}) answered on a client path by a plugin of its own.
  const code = text(data?.code) || text(body?.code) || text(body?.errCode);
  if (code === '') return { code: `HTTP ${status}`, result: '' };
  return { code, result: text(data?.result) || text(body?.result) || text(body?.message) };
}

/** `every recipient was refused: 2 × A306, 1 × A322; first: …` with the most frequent code. */
function recipientsOutcome(data: Record<string, unknown>): { code: string; result: string } {
  const list = record(data.data)?.destinations;
  const counts = new Map<string, number>();
  let first = '';
  if (Array.isArray(list)) {
    for (const d of list) {
      const code = text(record(d)?.code) || '?';
      counts.set(code, (counts.get(code) ?? 0) + 1);
      if (first === '') first = text(record(d)?.result);
    }
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const summary = ranked.map(([c, n]) => `${n} × ${c}`).join(', ');
  return {
    code: ranked[0]?.[0] ?? 'A000',
    result: `every recipient was refused: ${summary}${first ? `; first: ${first}` : ''}`,
  };
}

/**
 * The row of a refused request. `room` is how many bytes of body and answer the second's bound
 * still allows; the caller takes what the row keeps from it.
 */
export function capture(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: string,
  at: number,
  room: number,
  keyOf: (header: string) => { hash: string; prefix: string },
): Capture {
  const status = reply.statusCode;
  const principal = req.principal ?? null;
  const header = req.headers.authorization?.trim() ?? '';
  const key = header === '' ? null : keyOf(header.replace(/^Bearer\s+/i, ''));
  const kept = cappedText(answer, Math.min(ANSWER_CAP, Math.max(ANSWER_MIN, room)));
  const body = keptBody(req, principal !== null, status, room - kept.text.length);
  const { code, result } = outcomeOf(status, answer);
  return {
    row: {
      at,
      method: req.method,
      route: req.routeOptions.url ?? null,
      path: keptPath(req.url),
      status,
      code,
      result,
      accountId: principal?.account.id ?? null,
      keyId: principal?.keyId ?? null,
      keyPrefix: key?.prefix ?? null,
      clientAddress: req.ip,
      userAgent: cap(req.headers['user-agent'], AGENT_CAP),
      trId: String(req.id),
      contentType: cap(req.headers['content-type'], AGENT_CAP),
      bodySize: contentLength(req),
      ...body,
      answer: kept.text,
      answerTruncated: kept.truncated,
    },
    keyHash: principal === null && key ? key.hash : null,
  };
}
