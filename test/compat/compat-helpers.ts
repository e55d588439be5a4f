import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestGateway } from '../helpers/gateway.ts';

/*
 * What the compatibility suite shares: a call as a client of the hosted service makes it (the
 * sample's JSON text as the body, the API key as the Authorization header) and the envelope as
 * such a client reads it, whatever the operation and whatever the outcome.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The envelope's data section, as clients read it. */
export interface EnvelopeData {
  code: string;
  result: string;
  data?: unknown;
  ref?: string;
  resvKey?: string;
  [field: string]: unknown;
}

export interface Envelope {
  common: { authCode: string; authResult: string; providerTrId: string };
  data: EnvelopeData;
}

export interface Reply {
  status: number;
  body: Envelope;
  raw: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The answer as the envelope: JSON by its content type and by its text, `common` with its three
 * strings, `data` with `code` and `result` strings. Authentication failures may omit `data`.
 */
export function envelopeOf(res: LightMyRequestResponse): Reply {
  const type = String(res.headers['content-type'] ?? '');
  assert.match(type, /^application\/json/, `content-type ${type} (HTTP ${res.statusCode}): ${res.body}`);
  assert.ok(res.body.length > 0, `HTTP ${res.statusCode} answered no body`);
  const parsed: unknown = JSON.parse(res.body);
  assert.ok(isRecord(parsed), res.body);
  const common = parsed.common;
  assert.ok(isRecord(common), `no common section: ${res.body}`);
  for (const f of ['authCode', 'authResult', 'providerTrId'] as const) {
    assert.equal(typeof common[f], 'string', `common.${f}: ${res.body}`);
  }
  const data = parsed.data;
  if (common.authCode === 'A000' || data !== undefined) {
    assert.ok(isRecord(data), `no data section: ${res.body}`);
    assert.equal(typeof data.code, 'string', `data.code: ${res.body}`);
    assert.equal(typeof data.result, 'string', `data.result: ${res.body}`);
  }
  return { status: res.statusCode, body: res.json<Envelope>(), raw: res.body };
}

/** A call with the sample's JSON text as it is (or no body), labelled JSON when it has one. */
export async function call(
  t: TestGateway,
  apiKey: string,
  method: Method,
  url: string,
  json?: string,
): Promise<Reply> {
  const res = await t.gw.app.inject({
    method,
    url,
    headers: {
      authorization: apiKey,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { payload: json }),
  });
  return envelopeOf(res);
}

/** A successful answer: HTTP 200, A000 in both sections; the payload (data.data). */
export function ok<T = Record<string, unknown>>(r: Reply): T {
  assert.equal(r.status, 200, r.raw);
  assert.equal(r.body.common.authCode, 'A000', r.raw);
  assert.equal(r.body.data.code, 'A000', r.raw);
  return r.body.data.data as T;
}

/** Asserts that every listed field of `record` is a string (what clients parse as text). */
export function strings(record: unknown, fields: readonly string[], what: string): void {
  assert.ok(isRecord(record), `${what}: ${JSON.stringify(record)}`);
  for (const f of fields) {
    assert.equal(typeof record[f], 'string', `${what}.${f} should be a string: ${JSON.stringify(record)}`);
  }
}

/** A send result entry (data.data.destinations[]). */
export interface DestResult {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

/** The destination entries of a send or reservation answer, each read as clients read it. */
export function destinations(r: Reply): DestResult[] {
  const payload = ok<{ destinations: DestResult[] }>(r);
  assert.ok(Array.isArray(payload.destinations), r.raw);
  for (const d of payload.destinations) strings(d, ['to', 'msgKey', 'code', 'result'], 'destination');
  return payload.destinations;
}

/** Phone numbers of a suite: `010<prefix>` and a running number, 11 digits. */
export function phones(prefix: string): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `010${prefix}${String(n).padStart(8 - prefix.length, '0')}`;
  };
}
