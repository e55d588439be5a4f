import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { type Client, settle } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { brandTemplate } from '../helpers/templates.ts';

/* What the broadcast tests share: the clock, a template, a completed friend group, the calls. */

export const BASE = '/api/comm/v1/center/brandmessage/groupMessage';

export interface BroadcastRecord {
  /** A string of digits, as the spec's record types it. */
  requestId: string;
  status: string;
  sendStartAt: string;
  campaignId: string;
  tpsLimit: number;
  pushAlarm: string;
  expectedCount: number;
  sendCount: number;
  senderKey: string;
  templateCode: string;
  msgType: string;
  friendGroupKey: string | null;
}

/** Sets the manual clock (Korea time `yyyy-MM-dd HH:mm:ss`) and lets due work run. */
export async function setClock(t: TestGateway, kst: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set: kst } });
  assert.equal(res.statusCode, 200, res.body);
  await settle(t);
}

/** A TEXT template without variables (what a broadcast needs). */
export async function plainTemplate(
  t: TestGateway,
  c: Client,
  templateCode: string,
  text = '이번 주 혜택 안내',
): Promise<void> {
  await brandTemplate(t, c, { templateCode, templateName: templateCode, msgType: 'TEXT', text });
}

/** Numbers `010<prefix><n>` for n = 1..count, 11 digits. */
export function numbers(prefix: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `010${prefix}${String(i + 1).padStart(8 - prefix.length, '0')}`,
  );
}

/** A friend group of these numbers, completed at once through the sandbox. */
export async function completedGroup(
  t: TestGateway,
  c: Client,
  friendGroupKey: string,
  phoneNumbers: string[],
): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/api/comm/v1/center/brandmessage/friendGroup',
    apiKey: c.apiKey,
    body: { friendGroup: { senderKey: c.senderKey, friendGroupKey, phoneNumbers } },
  });
  assert.equal(res.json().data.code, 'A000', res.body);
  const done = await t.request({
    method: 'POST',
    url: '/sandbox/v1/friend-groups/complete',
    admin: true,
    body: { senderKey: c.senderKey, friendGroupKey },
  });
  assert.equal(done.statusCode, 200, done.body);
}

export function api(t: TestGateway, c: Client) {
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.request({ method, url, apiKey: c.apiKey, ...(body === undefined ? {} : { body }) });
  const record = (res: LightMyRequestResponse): BroadcastRecord => {
    const body = res.json();
    assert.equal(body.data.code, 'A000', res.body);
    return body.data.data.brandmessage;
  };
  return {
    create: (o: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call('POST', BASE, { brandmessage: { senderKey: c.senderKey, ...o }, ...extra }),
    get: (requestId: string | number) =>
      call('GET', `${BASE}?senderKey=${c.senderKey}&requestId=${requestId}`),
    act: (action: 'pause' | 'resume' | 'terminate', requestId: string | number) =>
      call('POST', `${BASE}/${action}`, { brandmessage: { senderKey: c.senderKey, requestId } }),
    record,
    async status(requestId: string | number): Promise<BroadcastRecord> {
      return record(await call('GET', `${BASE}?senderKey=${c.senderKey}&requestId=${requestId}`));
    },
  };
}

/** The code of a refused call, after checking its message names `detail`. */
export function refusedWith(res: LightMyRequestResponse, code: string, detail?: string): void {
  const body = res.json();
  assert.equal(body.data.code, code, res.body);
  if (detail) assert.ok(body.data.result.includes(detail), `${body.data.result} should name ${detail}`);
}
