import assert from 'node:assert/strict';
import { type Client, send } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/*
 * What the delivery-engine tests (delivery*.test.ts) share: the client API's report and inquiry
 * calls as a client makes them, and messageFlow entries for each channel.
 */

export const HOUR_S = 3600;
export const DAY_S = 24 * HOUR_S;

/** A report record as the client API answers it (docs/reports.md). */
export interface Report {
  msgKey: string;
  serviceType: string;
  msgType: string;
  reportType: 'STANDARD' | 'DLR';
  reportCode: string;
  reportText: string;
  reportTime: string;
  sendTime: string;
  carrier: string;
  ref: string;
}

/** One channel attempted, as the message inquiry lists it. */
export interface Attempt {
  msgKey: string;
  serviceType: string;
  msgType: string;
  channel: string;
  fallback: 'Y' | 'N';
  reportCode: string;
  reportText: string;
  carrier: string;
  status: string;
  sendTime: string;
  reportTime: string;
}

export interface MessageView {
  msgKey: string;
  to: string;
  status: string;
  messages: Attempt[];
}

/** Sets the manual clock (Korea time, `yyyy-MM-dd HH:mm:ss` or ISO with an offset). */
export async function setClock(t: TestGateway, at: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set: at } });
  assert.equal(res.statusCode, 200, res.body);
}

/** The gateway clock, epoch milliseconds. */
export async function clockNow(t: TestGateway): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/sandbox/v1/clock', admin: true });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ epochMs: number }>().epochMs;
}

export type Destination = string | { to: string; replaceWords?: Record<string, string>; ref?: string };

/** Sends one messageFlow to the destinations; every one must be accepted. Returns their msgKeys. */
export async function sendAll(
  t: TestGateway,
  c: Client,
  destinations: readonly Destination[],
  messageFlow: readonly unknown[],
): Promise<string[]> {
  const res = await send(t, c, {
    destinations: destinations.map((d) => (typeof d === 'string' ? { to: d } : d)),
    messageFlow,
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<{
    data: { code: string; data: { destinations: { code: string; msgKey: string }[] } };
  }>();
  assert.equal(body.data.code, 'A000', res.body);
  const keys = body.data.data.destinations.map((d) => {
    assert.equal(d.code, 'A000', res.body);
    return d.msgKey;
  });
  assert.equal(keys.length, destinations.length);
  return keys;
}

export async function sendOne(
  t: TestGateway,
  c: Client,
  to: Destination,
  messageFlow: readonly unknown[],
): Promise<string> {
  const [key] = await sendAll(t, c, [to], messageFlow);
  assert.ok(key);
  return key;
}

async function clientGet<T>(t: TestGateway, c: Client, url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, apiKey: c.apiKey });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  const body = res.json<{ data: { code: string; data: T } }>();
  assert.equal(body.data.code, 'A000', res.body);
  return body.data.data;
}

/** GET /report/inquiry/{msgKey}: every report of the message, in the order they were made. */
export async function reportsOf(t: TestGateway, c: Client, msgKey: string): Promise<Report[]> {
  const d = await clientGet<{ msgKey: string; report: Report[] }>(
    t,
    c,
    `/api/comm/v1/report/inquiry/${msgKey}`,
  );
  assert.equal(d.msgKey, msgKey);
  return d.report;
}

/** GET /message/inquiry/msgKey/{msgKey}: the message and each channel attempted. */
export function messageOf(t: TestGateway, c: Client, msgKey: string): Promise<MessageView> {
  return clientGet<MessageView>(t, c, `/api/comm/v1/message/inquiry/msgKey/${msgKey}`);
}

/** GET /report/polling. */
export function poll(t: TestGateway, c: Client): Promise<{ reportId: string; report: Report[] | null }> {
  return clientGet(t, c, '/api/comm/v1/report/polling');
}

/** DELETE /report/polling/{reportId}. */
export async function ack(t: TestGateway, c: Client, reportId: string): Promise<void> {
  const res = await t.request({
    method: 'DELETE',
    url: `/api/comm/v1/report/polling/${reportId}`,
    apiKey: c.apiKey,
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<{ data: { code: string; data: { reportId: string } } }>();
  assert.equal(body.data.code, 'A000', res.body);
  assert.equal(body.data.data.reportId, reportId);
}

/** Every report waiting for the client: polls and acknowledges until nothing is left. */
export async function drain(t: TestGateway, c: Client): Promise<Report[]> {
  const all: Report[] = [];
  for (let i = 0; i < 100; i++) {
    const batch = await poll(t, c);
    if (batch.report === null) {
      assert.equal(batch.reportId, '');
      return all;
    }
    all.push(...batch.report);
    await ack(t, c, batch.reportId);
  }
  throw new Error('report polling never ran dry');
}

/** How many times each value occurs. */
export function tally(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

// ---- messageFlow entries ----

export const sms = (c: Client, text = '문자 #{name}') => ({ sms: { from: c.sender, text } });

export const mms = (c: Client, text = '장문 #{name}') => ({ mms: { from: c.sender, title: '알림', text } });

export const infomsg = (c: Client, text = '알림톡 #{name}', extra: Record<string, unknown> = {}) => ({
  infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text, ...extra },
});

export const rcs = (c: Client, text = 'RCS #{name}') => ({
  rcs: { brandKey: c.brandKey, formatId: 'SS000000', body: { description: text } },
});

/** Distinct handsets per test: a handset's settings stay for the suite's database. */
export function phones(prefix: string): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `010${prefix}${String(n).padStart(8 - prefix.length, '0')}`;
  };
}
