import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TemplateView } from '../../src/features/infomsg/views.ts';
import type { Client } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/*
 * What the informational template tests (infomsg-*.test.ts) share: the client API's template
 * calls as a client makes them, and the answers' shapes.
 */

export const BASE = '/api/comm/v1/center/infomsg';

/** The template record as the client API answers it. */
export type Template = TemplateView;

/** A valid registration: two variables with examples and a web-link button using one of them. */
export function draft(
  c: Pick<Client, 'senderKey'>,
  templateCode: string,
  over: Record<string, unknown> = {},
) {
  return {
    senderKey: c.senderKey,
    templateCode,
    templateName: '주문 완료 안내',
    text: '#{name}님, 주문 #{order}이 완료되었습니다.',
    categoryCode: '002001',
    variables: [
      { key: 'name', example: '홍길동' },
      { key: 'order', example: 'A-1001' },
    ],
    buttons: [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }],
    ...over,
  };
}

export type Api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

export function apiOf(t: TestGateway, apiKey: string): Api {
  return (method, url, body) => t.request({ method, url, apiKey, ...(body === undefined ? {} : { body }) });
}

/** The success envelope's payload (data.data), after checking A000. */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.common.authCode, 'A000', res.body);
  assert.equal(body.data.code, 'A000', res.body);
  return body.data.data as T;
}

/** A refusal: HTTP status, data.code, and a result text naming what was wrong. */
export function refused(res: LightMyRequestResponse, code: string, status: number, result?: RegExp): void {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json();
  assert.equal(body.common.authCode, 'A000', res.body);
  assert.equal(body.data.code, code, res.body);
  assert.equal(body.data.data, undefined);
  if (result) assert.match(body.data.result, result);
}

export async function register(api: Api, body: Record<string, unknown>): Promise<Template> {
  return ok<{ infomsg: Template }>(await api('POST', `${BASE}/template`, { infomsg: body })).infomsg;
}

export async function fetchTemplate(api: Api, senderKey: string, code: string): Promise<Template> {
  const q = `senderKey=${encodeURIComponent(senderKey)}&templateCode=${encodeURIComponent(code)}`;
  return ok<{ infomsg: Template }>(await api('GET', `${BASE}/template?${q}`)).infomsg;
}

export function requestReview(
  api: Api,
  senderKey: string,
  templateCode: string,
  comment = '검수 부탁드립니다',
) {
  return api('POST', `${BASE}/template/request`, { infomsg: { senderKey, templateCode, comment } });
}

export function cancelReview(api: Api, senderKey: string, templateCode: string, comment?: string) {
  return api('POST', `${BASE}/template/request/cancel`, {
    infomsg: { senderKey, templateCode, ...(comment === undefined ? {} : { comment }) },
  });
}

/** The sandbox reviewer's decision (admin token; plain JSON answers). */
export function decideReview(
  t: TestGateway,
  senderKey: string,
  templateCode: string,
  decision: string,
  comment?: string,
) {
  return t.request({
    method: 'POST',
    url: '/sandbox/v1/reviews',
    admin: true,
    body: { senderKey, templateCode, decision, ...(comment === undefined ? {} : { comment }) },
  });
}

/** Registers a second sender profile for the account (an operator action). */
export async function addProfile(t: TestGateway, accountId: string, senderKey: string, senderKeyType = 'S') {
  const res = await t.request({
    method: 'POST',
    url: `/admin/v1/accounts/${accountId}/sender-profiles`,
    admin: true,
    body: { senderKey, senderKeyType },
  });
  assert.equal(res.statusCode, 200, res.body);
}
