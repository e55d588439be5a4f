import assert from 'node:assert/strict';
import type { Client } from '../helpers/client.ts';
import { inbox } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { settle } from './reservation-helpers.ts';

export { phones, setClock, settle } from './reservation-helpers.ts';

export const BASE = '/api/verify/v1/2fa';
export const START = '2026-12-01 10:00:00';

/** The 2FA answer: its fields are in `data` itself. */
export interface TwofaData {
  code: string;
  result: string;
  resultMsg: string;
  userRef: string;
  serviceName?: string;
  regDate?: string;
  requestId?: string;
  list?: LogEntry[];
}

export interface LogEntry {
  requestId: string;
  requestDate: string;
  status: string;
  verifyDate: string;
}

export interface TwofaAnswer {
  status: number;
  data: TwofaData;
  raw: string;
}

/** POST to a 2FA endpoint (path after /api/verify/v1/2fa) as the client. */
export async function post(
  t: TestGateway,
  c: Pick<Client, 'apiKey'>,
  path: string,
  body: unknown,
): Promise<TwofaAnswer> {
  // A string is sent as it is (malformed JSON), still labelled JSON.
  const headers: Record<string, string> =
    typeof body === 'string' ? { 'content-type': 'application/json' } : {};
  const res = await t.request({ method: 'POST', url: `${BASE}${path}`, apiKey: c.apiKey, body, headers });
  const json = res.json<{ common: { authCode: string }; data: TwofaData }>();
  assert.equal(json.common.authCode, 'A000', res.body);
  return { status: res.statusCode, data: json.data, raw: res.body };
}

export function ok(a: TwofaAnswer): TwofaData {
  assert.equal(a.status, 200, a.raw);
  assert.equal(a.data.code, 'A000', a.raw);
  assert.equal(a.data.result, 'SUCCESS', a.raw);
  assert.ok(a.data.resultMsg.length > 0, a.raw);
  return a.data;
}

/** A refusal: its code and HTTP status, a message naming `detail`, and userRef echoed. */
export function refused(a: TwofaAnswer, code: string, status: number, detail?: string | RegExp): void {
  assert.equal(a.data.code, code, a.raw);
  assert.equal(a.status, status, a.raw);
  assert.equal(a.data.resultMsg, a.data.result, a.raw);
  assert.equal(typeof a.data.userRef, 'string', a.raw);
  if (typeof detail === 'string')
    assert.ok(a.data.resultMsg.includes(detail), `${a.data.resultMsg} ∌ ${detail}`);
  else if (detail) assert.match(a.data.resultMsg, detail);
}

/** Requests a code for `to` and returns the requestId (the SMS is delivered by settle). */
export async function requestCode(
  t: TestGateway,
  c: Client,
  to: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const d = ok(await post(t, c, '/request', { to, ...extra }));
  assert.match(d.requestId ?? '', /\S/);
  await settle(t);
  return d.requestId ?? '';
}

/** The texts that reached the handset. */
export async function texts(t: TestGateway, phone: string): Promise<string[]> {
  return (await inbox(t, phone)).map((m) => m.text);
}

/** The code in the handset's latest verification text. */
export async function lastCode(t: TestGateway, phone: string): Promise<string> {
  const all = await texts(t, phone);
  const m = /인증번호 \[(\d{6})\]/.exec(all.at(-1) ?? '');
  assert.ok(m?.[1], `no code in ${JSON.stringify(all)}`);
  return m[1];
}

/** A 6-digit code other than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Moves the manual clock by `seconds` (no settle: the tests that use it need no delivery). */
export async function tick(t: TestGateway, seconds: number): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/sandbox/v1/clock',
    admin: true,
    body: { advanceSeconds: seconds },
  });
  assert.equal(res.statusCode, 200, res.body);
}
