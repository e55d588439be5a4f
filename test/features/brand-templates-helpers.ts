import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { BrandTemplateView } from '../../src/features/brandmessage/template-view.ts';
import type { Client } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';

export const BASE = '/api/comm/v1/center/brandmessage/template';

/** Uploads a brand message image through the gateway (`kind`: default, wide, catalog/oddFirst, ...). */
export async function uploadImage(
  t: TestGateway,
  apiKey: string,
  kind: string,
  width: number,
  height: number,
): Promise<string> {
  const res = await postForm(
    t,
    `/api/comm/v1/file/brandmessage/${kind}`,
    [{ name: 'file', bytes: png(width, height), filename: 'pic.png', type: 'image/png' }],
    apiKey,
  );
  const body = res.json<{ data: { code: string; result: string; data: { imgUrl: string } } }>();
  if (body.data.code !== 'A000') throw new Error(`upload ${kind} ${width}x${height}: ${res.body}`);
  return body.data.data.imgUrl;
}

/** The images a suite's templates use, uploaded once. */
export interface Images {
  /** 2:1 (default upload) */
  landscape: string;
  /** 1:1 (default upload) */
  square: string;
  /** 3:4 (default upload) */
  portrait: string;
  /** 4:3 (wide upload) */
  wide: string;
  listFirst: string;
  listItem: string;
  feed21: string;
  feed11: string;
  commerce21: string;
  catalogFirst: string;
  catalogItem: string;
}

export async function uploadImages(t: TestGateway, apiKey: string): Promise<Images> {
  const up = (kind: string, w: number, h: number) => uploadImage(t, apiKey, kind, w, h);
  return {
    landscape: await up('default', 800, 400),
    square: await up('default', 720, 720),
    portrait: await up('default', 600, 800),
    wide: await up('wide', 800, 600),
    listFirst: await up('wideItemList/first', 800, 400),
    listItem: await up('wideItemList', 400, 400),
    feed21: await up('carouselFeed', 800, 400),
    feed11: await up('carouselFeed', 800, 800),
    commerce21: await up('carouselCommerce', 800, 400),
    catalogFirst: await up('catalog/oddFirst', 1000, 500),
    catalogItem: await up('catalog', 600, 600),
  };
}

export interface Answer {
  status: number;
  code: string;
  result: string;
  data: unknown;
  hasData: boolean;
}

function answer(res: LightMyRequestResponse): Answer {
  const body = res.json<{ data?: { code: string; result: string; data?: unknown } }>();
  return {
    status: res.statusCode,
    code: body.data?.code ?? '',
    result: body.data?.result ?? '',
    data: body.data?.data,
    hasData: body.data !== undefined && 'data' in body.data,
  };
}

export function templates(t: TestGateway, c: Pick<Client, 'apiKey'>) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    answer(await t.request({ method, url, apiKey: c.apiKey, ...(body === undefined ? {} : { body }) }));
  const qs = (q: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return {
    register: (brandmessage: Record<string, unknown>) => call('POST', BASE, { brandmessage }),
    update: (brandmessage: Record<string, unknown>) => call('PUT', BASE, { brandmessage }),
    get: (q: Record<string, string | number>) => call('GET', `${BASE}?${qs(q)}`),
    list: (q: Record<string, string | number>) => call('GET', `${BASE}/list?${qs(q)}`),
    lastModified: (q: Record<string, string | number>) => call('GET', `${BASE}/lastModified?${qs(q)}`),
    remove: (senderKey: string, templateCode: string) =>
      call(
        'DELETE',
        `${BASE}/senderKey/${encodeURIComponent(senderKey)}/templateCode/${encodeURIComponent(templateCode)}`,
      ),
  };
}

export type Templates = ReturnType<typeof templates>;

/** A refusal with `code`, whose result names `detail` (the field and the rule). */
export function refused(a: Answer, code: string, detail?: string | RegExp): void {
  assert.equal(a.code, code, `expected ${code}, got ${a.code}: ${a.result}`);
  assert.ok(a.status >= 400 && a.status < 500, `HTTP ${a.status}: ${a.result}`);
  if (typeof detail === 'string') assert.ok(a.result.includes(detail), `"${a.result}" lacks "${detail}"`);
  else if (detail) assert.match(a.result, detail);
}

export function ok(a: Answer): void {
  assert.equal(a.code, 'A000', a.result);
  assert.equal(a.status, 200);
}

/** The template record of a register, update or get answer (asserting success). */
export function record(a: Answer): BrandTemplateView {
  ok(a);
  return (a.data as { brandmessage: BrandTemplateView }).brandmessage;
}

export interface ListPage {
  templates: BrandTemplateView[];
  offset?: number;
  limit?: number;
  totalCount?: number;
  page?: number;
  count?: number;
  hasNext?: boolean;
}

/** The list or lastModified payload (asserting success). */
export function listed(a: Answer): ListPage {
  ok(a);
  return (a.data as { brandmessage: ListPage }).brandmessage;
}

export const codesOf = (p: ListPage): string[] => p.templates.map((x) => x.templateCode);

export async function setClock(t: TestGateway, iso: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set: iso } });
  if (res.statusCode !== 200) throw new Error(`clock: ${res.statusCode} ${res.body}`);
}

let seq = 0;
/** A fresh template code per call. */
export function code(prefix = 'T'): string {
  seq += 1;
  return `${prefix}${seq}`;
}

/** A TEXT template body for the client's profile. */
export function textTemplate(c: Pick<Client, 'senderKey'>, extra: Record<string, unknown> = {}) {
  return {
    senderKey: c.senderKey,
    templateCode: code(),
    templateName: 'Autumn sale',
    msgType: 'TEXT',
    text: '#{name}님, 가을 세일이 시작됩니다.',
    ...extra,
  };
}

/** A WL button. */
export function link(name = 'Shop', url = 'https://shop.example.com') {
  return { type: 'WL', name, urlMobile: url };
}

export function commerceTemplate(
  c: Pick<Client, 'senderKey'>,
  images: Images,
  commerce: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    senderKey: c.senderKey,
    templateCode: code('C'),
    templateName: 'Deal',
    msgType: 'COMMERCE',
    attachment: {
      image: { imgUrl: images.landscape },
      button: [link('Buy')],
      commerce: { title: 'Wool coat', regularPrice: 100000, ...commerce },
    },
    ...extra,
  };
}
