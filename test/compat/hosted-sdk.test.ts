import assert from 'node:assert/strict';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { sendMo, setWebhook } from '../features/mo-helpers.ts';
import { setClock } from '../features/reservation-helpers.ts';
import { advance, type Client, inbox, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { formBody, type Part } from '../helpers/multipart.ts';
import { approvedInfomsgTemplate } from '../helpers/templates.ts';
import { phones } from './compat-helpers.ts';
import { hostedCode } from './hosted-codes.ts';
import {
  DEFAULT_IDEMPOTENCY_TTL,
  ENVELOPE_RULES,
  type FieldType,
  type HttpMethod,
  JSON_CONTENT_TYPE,
  RECORDS,
  SDK_HEADERS,
  sdkCall,
  WEBHOOK_RULES,
} from './hosted-sdk-calls.ts';

/*
 * Omnigate driven exactly as the hosted service's JavaScript SDK (icomm-api/bizgo-sdk-comm-js
 * 1.2.0) drives the hosted service: every request with the SDK's headers, paths, query strings and
 * bodies (hosted-sdk-calls.ts), every answer read by the SDK's rules (envelope first by
 * common.authCode, then data.code; per-recipient A000/A301/other; the fields of its result
 * types), and webhooks verified as the SDK's receiver verifies them (its X-IB-* headers, which the
 * gateway sends beside the spec's X-SVC-*). Names the spec Omnigate implements renames (alimtalk →
 * infomsg, infobankTrId → providerTrId) are tested under both names: what the SDK sends as it is,
 * and the gateway's name for the same thing.
 */

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The SDK's verdict on an answer (src/transport.ts parseEnvelope and src/errors.ts errorClass, rewritten). */
interface Outcome {
  status: number;
  body: Json;
  raw: string;
  /** null: the SDK returns the body; otherwise the error it throws. */
  error: null | { layer: 'gateway' | 'service'; code: string | null; cls: string; message: string };
}

function errorClassOf(status: number, code: string | null, layer: 'gateway' | 'service'): string {
  const table: Readonly<Record<string, string>> =
    layer === 'gateway' ? ENVELOPE_RULES.gatewayClasses : ENVELOPE_RULES.serviceClasses;
  if (code !== null && Object.hasOwn(table, code)) return table[code] ?? 'APIError';
  let s = status;
  if (layer === 'service' && s < 400 && code !== null) s = hostedCode('service', code)?.status ?? s;
  const byStatus: Readonly<Record<number, string>> = ENVELOPE_RULES.statusClasses;
  if (byStatus[s]) return byStatus[s] ?? 'APIError';
  if (s >= 500) return 'InternalServerError';
  if (s >= 400) return 'BadRequestError';
  return 'APIError';
}

function outcomeOf(status: number, raw: string): Outcome {
  assert.ok(status < 300 || status >= 400, `HTTP ${status}: the SDK never follows a redirect`);
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  assert.ok(isRecord(parsed), `HTTP ${status}: the SDK needs a JSON object (InvalidResponseError): ${raw}`);
  const common = isRecord(parsed.common) ? parsed.common : {};
  const data = isRecord(parsed.data) ? parsed.data : undefined;
  const authCode = common.authCode;
  const serviceCode = data?.code;
  let error: Outcome['error'] = null;
  if (authCode !== undefined && authCode !== null && authCode !== 'A000') {
    const code = String(authCode);
    error = {
      layer: 'gateway',
      code,
      cls: errorClassOf(status, code, 'gateway'),
      message: String(common.authResult ?? ''),
    };
  } else if (serviceCode !== undefined && serviceCode !== null && serviceCode !== 'A000') {
    const code = String(serviceCode);
    error = {
      layer: 'service',
      code,
      cls: errorClassOf(status, code, 'service'),
      message: String(data?.result ?? ''),
    };
  } else if (status >= 400) {
    error = { layer: 'gateway', code: null, cls: errorClassOf(status, null, 'gateway'), message: '' };
  }
  return { status, body: parsed, raw, error };
}

/** The SDK's own headers (src/transport.ts): the key without prefix, Accept, User-Agent, X-Bizgo-Client. */
function sdkHeaders(apiKey: string): Record<string, string> {
  return {
    authorization: apiKey,
    accept: SDK_HEADERS.Accept,
    'user-agent': SDK_HEADERS['User-Agent'],
    'x-bizgo-client': SDK_HEADERS['X-Bizgo-Client'],
  };
}

/** The query string as the SDK builds it: URLSearchParams, undefined left out, values String()ed. */
function queryString(query: Readonly<Record<string, string | number | undefined>> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) search.append(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `{x}` path parameters, each encodeURIComponent'ed as src/util.ts segment() does. */
function fill(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[name];
    assert.ok(v !== undefined && v !== '' && v !== '.' && v !== '..', `path parameter ${name}`);
    return encodeURIComponent(v);
  });
}

interface CallOptions {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number | undefined>>;
  json?: unknown;
  apiKey?: string;
}

describeEachDb('compatibility: the hosted SDK (bizgo-sdk-comm-js 1.2.0)', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('81');
  const INFO = 'SDK-INFO';

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-12-01 10:00:00');
    c = await setupClient(t);
    await approvedInfomsgTemplate(t, c, INFO, '#{name}님, 주문 #{order}이 접수되었습니다.');
  });
  after(() => t.close());

  /** A call by its SDK name, shaped as the SDK sends it (hosted-sdk-calls.ts). */
  async function sdk(name: string, o: CallOptions = {}): Promise<Outcome> {
    const op = sdkCall(name);
    return raw(op.method, `${fill(op.path, o.params)}${queryString(o.query)}`, o.json, o.apiKey);
  }

  async function raw(method: HttpMethod, url: string, json?: unknown, apiKey = c.apiKey): Promise<Outcome> {
    const headers = sdkHeaders(apiKey);
    if (json !== undefined) headers['content-type'] = JSON_CONTENT_TYPE;
    const res = await t.gw.app.inject({
      method,
      url,
      headers,
      ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
    });
    return outcomeOf(res.statusCode, res.body);
  }

  /** A multipart call as fetch sends the SDK's FormData (Content-Type with its boundary from fetch). */
  async function sdkForm(
    name: string,
    parts: readonly Part[],
    params?: Record<string, string>,
  ): Promise<Outcome> {
    const op = sdkCall(name);
    const { payload, contentType } = await formBody(parts);
    const res = await t.gw.app.inject({
      method: op.method,
      url: fill(op.path, params),
      headers: { ...sdkHeaders(c.apiKey), 'content-type': contentType },
      payload,
    });
    return outcomeOf(res.statusCode, res.body);
  }

  /** What the SDK returns: the body, asserting it threw nothing. */
  function ok(o: Outcome): Json {
    assert.equal(o.error, null, `the SDK throws ${JSON.stringify(o.error)}: HTTP ${o.status} ${o.raw}`);
    return o.body;
  }

  /** data.data, or {} (src/util.ts inner). */
  function inner(body: Json): Json {
    const data = body.data;
    return isRecord(data) && isRecord(data.data) ? data.data : {};
  }

  function typeOf(v: unknown): FieldType | 'null' | 'undefined' {
    if (v === null) return 'null';
    if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? 'string[]' : 'object';
    const tv = typeof v;
    if (tv === 'string' || tv === 'number' || tv === 'boolean' || tv === 'object' || tv === 'undefined')
      return tv;
    return 'object';
  }

  /**
   * A record as the SDK's result type reads it: every field it types that is present has the
   * type it gives; `required` are the fields the SDK's code (or this call) needs.
   */
  function conforms(
    record: unknown,
    shape: Readonly<Record<string, FieldType>>,
    required: readonly string[],
    what: string,
  ): Json {
    assert.ok(isRecord(record), `${what}: ${JSON.stringify(record)}`);
    for (const [field, type] of Object.entries(shape)) {
      const v: unknown = record[field];
      if (v === undefined) continue;
      assert.equal(typeOf(v), type, `${what}.${field} should be ${type}: ${JSON.stringify(record)}`);
    }
    for (const field of required)
      assert.ok(record[field] !== undefined, `${what}.${field} missing: ${JSON.stringify(record)}`);
    return record;
  }

  /** The send result as src/results.ts SendResult splits it. */
  function sendResult(body: Json): {
    all: Json[];
    succeeded: Json[];
    failed: Json[];
    duplicates: Json[];
    ref: unknown;
  } {
    const list = inner(body).destinations;
    assert.ok(Array.isArray(list), `no data.data.destinations: ${JSON.stringify(body)}`);
    const all = list.map((d, i) =>
      conforms(d, RECORDS.sendDestination, ['to', 'msgKey', 'code', 'result'], `destinations[${i}]`),
    );
    const data = isRecord(body.data) ? body.data : {};
    return {
      all,
      succeeded: all.filter((d) => d.code === 'A000'),
      failed: all.filter((d) => d.code !== 'A000' && d.code !== 'A301'),
      duplicates: all.filter((d) => d.code === 'A301'),
      ref: data.ref,
    };
  }

  const msgKeysOf = (r: { succeeded: Json[] }) => r.succeeded.map((d) => String(d.msgKey));

  /** send.omni's body (src/resources/send.ts): undefined left out, TTL 86400 added with a key. */
  function omniBody(o: {
    to: readonly (string | Json)[];
    messages: readonly Json[];
    ref?: string;
    groupKey?: string;
    paymentCode?: string;
    idempotencyKey?: string;
    idempotencyTtl?: number;
  }): Json {
    const body: Json = {
      destinations: o.to.map((d) => (typeof d === 'string' ? { to: d } : d)),
      messageFlow: o.messages,
    };
    for (const k of ['ref', 'groupKey', 'paymentCode', 'idempotencyKey', 'idempotencyTtl'] as const) {
      if (o[k] !== undefined) body[k] = o[k];
    }
    if (body.idempotencyKey !== undefined && body.idempotencyTtl === undefined)
      body.idempotencyTtl = DEFAULT_IDEMPOTENCY_TTL;
    return body;
  }

  async function received(to: string) {
    await settle(t);
    return inbox(t, to);
  }

  test('send.sms, send.lms, files.uploadMms + send.mms: accepted, delivered; the same idempotencyKey again is duplicates', async () => {
    const [a, b, m] = [phone(), phone(), phone()];
    const smsBody = omniBody({
      to: [a],
      messages: [{ sms: { from: c.sender, text: '[SDK] 인증번호는 123456 입니다.' } }],
      ref: 'sdk-sms',
      idempotencyKey: 'sdk-sms-1',
    });
    assert.equal(smsBody.idempotencyTtl, 86400);
    const first = sendResult(ok(await sdk('send.sms', { json: smsBody })));
    assert.equal(first.succeeded.length, 1);
    assert.equal(first.failed.length, 0);
    assert.equal(first.ref, 'sdk-sms');
    const again = sendResult(ok(await sdk('send.sms', { json: smsBody })));
    assert.equal(
      again.duplicates.length,
      1,
      'a resend with the key: recipients in duplicates (A301), no error',
    );
    assert.equal(again.failed.length, 0);
    assert.equal((await received(a)).length, 1, 'not sent twice');

    const lms = sendResult(
      ok(
        await sdk('send.lms', {
          json: omniBody({
            to: [b],
            messages: [{ mms: { from: c.sender, title: '안내', text: '장문 안내입니다. '.repeat(10) } }],
          }),
        }),
      ),
    );
    assert.equal(lms.succeeded.length, 1);
    const gotLms = await received(b);
    assert.equal(gotLms[0]?.channel, 'mms');
    assert.equal(gotLms[0]?.title, '안내');

    const up = ok(
      await sdkForm('files.uploadMms', [
        { name: 'file', bytes: jpeg(640, 480), filename: 'banner.jpg', type: 'image/jpeg' },
      ]),
    );
    const file = conforms(inner(up), RECORDS.mmsUpload, ['fileKey', 'expired'], 'files.uploadMms');
    const mms = sendResult(
      ok(
        await sdk('send.mms', {
          json: omniBody({
            to: [m],
            messages: [
              {
                mms: {
                  from: c.sender,
                  title: '사진',
                  text: '사진을 확인하세요.',
                  fileKey: [String(file.fileKey)],
                },
              },
            ],
          }),
        }),
      ),
    );
    assert.equal(mms.succeeded.length, 1);
    assert.equal((await received(m))[0]?.channel, 'mms');
  });

  test('alimtalk: the SDK key is refused (A336, BadRequestError); the same object under infomsg is sent, with sms fallback', async () => {
    const to = phone();
    const alimtalk = {
      senderKey: c.senderKey,
      templateCode: INFO,
      msgType: 'AT',
      text: '#{name}님, 주문 #{order}이 접수되었습니다.',
    };
    const dest = { to, replaceWords: { name: '홍길동', order: 'A-1' } };
    const refused = await sdk('send.omni', { json: omniBody({ to: [dest], messages: [{ alimtalk }] }) });
    assert.equal(refused.error?.layer, 'service', refused.raw);
    assert.equal(refused.error?.code, 'A336', refused.raw);
    assert.equal(refused.error?.cls, 'BadRequestError');
    assert.equal(refused.status, 400);

    const sent = sendResult(
      ok(await sdk('send.omni', { json: omniBody({ to: [dest], messages: [{ infomsg: alimtalk }] }) })),
    );
    assert.equal(sent.succeeded.length, 1);
    const got = await received(to);
    assert.equal(got[0]?.channel, 'infomsg');
    assert.equal(got[0]?.text, '홍길동님, 주문 A-1이 접수되었습니다.');

    // The README's fallback form: [alimtalk(...), sms(...)] with an idempotency key and a ref, the
    // first step written under the gateway's name; a handset without the app falls back to the SMS.
    const noApp = phone();
    await setHandset(t, noApp, { appUser: null });
    const fb = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({
            to: [{ to: noApp, replaceWords: { name: '김철수', order: 'A-2' } }],
            messages: [
              { infomsg: alimtalk },
              { sms: { from: c.sender, text: '#{name}님, 주문이 접수되었습니다.' } },
            ],
            idempotencyKey: 'order-20261201-0001',
            ref: 'order-20261201-0001',
          }),
        }),
      ),
    );
    assert.equal(fb.ref, 'order-20261201-0001');
    const fell = await received(noApp);
    assert.deepEqual(
      fell.map((x) => [x.channel, x.text]),
      [['sms', '김철수님, 주문이 접수되었습니다.']],
    );

    // Template substitution (sendType template: senderKey and templateCode only).
    const tpl = phone();
    const auto = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({
            to: [{ to: tpl, replaceWords: { name: '이영희', order: 'A-3' } }],
            messages: [{ infomsg: { senderKey: c.senderKey, templateCode: INFO, sendType: 'template' } }],
          }),
        }),
      ),
    );
    assert.equal(auto.succeeded.length, 1, JSON.stringify(auto.all));
    assert.equal((await received(tpl))[0]?.text, '이영희님, 주문 A-3이 접수되었습니다.');
  });

  test('alimtalk.templates.*: the SDK paths are unknown here (A404, NotFoundError); the infomsg paths answer', async () => {
    const get = await sdk('alimtalk.templates.get', {
      query: { senderKey: c.senderKey, templateCode: INFO },
    });
    assert.equal(get.error?.code, 'A404', get.raw);
    assert.equal(get.error?.cls, 'NotFoundError');
    const list = await sdk('alimtalk.templates.list', { query: { senderKey: c.senderKey, limit: 100 } });
    assert.equal(list.error?.cls, 'NotFoundError', list.raw);
    // The same query on the gateway's path: data.data.infomsg where the SDK reads data.data.alimtalk.
    const same = inner(
      ok(
        await raw(
          'GET',
          `/api/comm/v1/center/infomsg/template${queryString({ senderKey: c.senderKey, templateCode: INFO })}`,
        ),
      ),
    );
    assert.ok(isRecord(same.infomsg), JSON.stringify(same));
    assert.equal(same.alimtalk, undefined);
    assert.equal(same.infomsg.templateCode, INFO);
  });

  test('RCS with files.uploadRcs media; brand message; files.uploadBrandMessage kinds answer imgUrl', async () => {
    const up = ok(
      await sdkForm('files.uploadRcs', [
        { name: 'file', bytes: jpeg(568, 336), filename: 'card.jpg', type: 'image/jpeg' },
      ]),
    );
    const media = conforms(inner(up), RECORDS.rcsUpload, ['media', 'expired'], 'files.uploadRcs');
    const to = phone();
    const rcs = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({
            to: [to],
            messages: [
              {
                rcs: {
                  from: c.sender,
                  formatId: 'SMwThM00',
                  brandKey: c.brandKey,
                  body: { title: '신상품', description: '새 상품이 나왔습니다.', media: String(media.media) },
                  expiryOption: '1',
                },
              },
              { sms: { from: c.sender, text: '새 상품이 나왔습니다.' } },
            ],
          }),
        }),
      ),
    );
    assert.equal(rcs.succeeded.length, 1, JSON.stringify(rcs.all));
    assert.equal((await received(to))[0]?.channel, 'rcs');

    const bm = phone();
    const brand = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({
            to: [{ to: bm, replaceWords: { name: '홍길동' } }],
            messages: [
              {
                brandmessage: {
                  sendType: 'free',
                  msgType: 'FT',
                  senderKey: c.senderKey,
                  text: '#{name}님, 이번 주 혜택을 확인하세요.',
                  targeting: 'I',
                  pushAlarm: 'Y',
                },
              },
            ],
          }),
        }),
      ),
    );
    assert.equal(brand.succeeded.length, 1, JSON.stringify(brand.all));
    const gotBm = await received(bm);
    assert.equal(gotBm[0]?.channel, 'brandmessage');
    assert.equal(gotBm[0]?.text, '홍길동님, 이번 주 혜택을 확인하세요.');

    for (const [kind, bytes] of [
      ['default', png(800, 400)],
      ['wide', png(800, 600)],
    ] as const) {
      const img = ok(
        await sdkForm(
          'files.uploadBrandMessage',
          [{ name: 'file', bytes, filename: `${kind}.png`, type: 'image/png' }],
          { kind },
        ),
      );
      conforms(inner(img), RECORDS.brandUpload, ['imgUrl'], `files.uploadBrandMessage ${kind}`);
    }
  });

  test('international: the SDK key is refused (A336); an E.164 recipient of an sms step is the international send here', async () => {
    const abroad = '14155550123';
    const refused = await sdk('send.omni', {
      json: omniBody({
        to: [abroad],
        messages: [{ international: { from: c.sender, text: 'Your code is 123456' } }],
      }),
    });
    assert.equal(refused.error?.code, 'A336', refused.raw);
    assert.equal(refused.error?.cls, 'BadRequestError');
    const sent = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({
            to: [abroad],
            messages: [{ sms: { from: c.sender, text: 'Your code is 123456' } }],
          }),
        }),
      ),
    );
    assert.equal(sent.succeeded.length, 1, JSON.stringify(sent.all));
  });

  test('send.bulk: chunks of 200 with <prefix>-<chunkSize>-<start>-<hash8> keys; a re-run is all duplicates', async () => {
    const all = Array.from({ length: 250 }, () => phone());
    const chunkSize = 200;
    const run = async () => {
      const out: ReturnType<typeof sendResult>[] = [];
      for (let from = 0; from < all.length; from += chunkSize) {
        const chunk = all.slice(from, from + chunkSize);
        const hash8 = createHash('sha256').update(chunk.join('\n'), 'utf8').digest('hex').slice(0, 8);
        const body = omniBody({
          to: chunk,
          messages: [{ sms: { from: c.sender, text: '안내입니다.' } }],
          idempotencyKey: `campaign-1-${chunkSize}-${from}-${hash8}`,
        });
        out.push(sendResult(ok(await sdk('send.bulk', { json: body }))));
      }
      return out;
    };
    const first = await run();
    assert.deepEqual(
      first.map((r) => r.succeeded.length),
      [200, 50],
    );
    const keys = first.flatMap(msgKeysOf);
    assert.equal(new Set(keys).size, 250);
    const again = await run();
    assert.deepEqual(
      again.map((r) => [r.duplicates.length, r.failed.length]),
      [
        [200, 0],
        [50, 0],
      ],
    );
  });

  test('reports.consume, reports.inquiry, messages.status: the records the SDK types', async () => {
    const to = phone();
    const sent = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({
            to: [{ to, ref: 'dest-ref' }],
            messages: [{ sms: { from: c.sender, text: '리포트 확인' } }],
            ref: 'req-ref',
          }),
        }),
      ),
    );
    const [msgKey] = msgKeysOf(sent);
    assert.ok(msgKey);
    await settle(t);
    const seen = new Map<string, Json>();
    for (let batches = 0; ; batches++) {
      assert.ok(batches < 100, 'consume ends');
      const poll = inner(ok(await sdk('reports.poll')));
      conforms(poll, RECORDS.reportPolling, [], 'reports.poll');
      const reports = Array.isArray(poll.report) ? poll.report : [];
      if (reports.length === 0) break;
      assert.equal(typeof poll.reportId, 'string');
      for (const [i, r] of reports.entries()) {
        const rec = conforms(r, RECORDS.report, ['msgKey', 'reportCode'], `report[${i}]`);
        seen.set(String(rec.msgKey), rec);
      }
      ok(await sdk('reports.ack', { params: { reportId: String(poll.reportId) } }));
    }
    const mine = seen.get(msgKey);
    assert.ok(mine, 'the report was polled');
    assert.equal(mine.reportCode, '10000');
    assert.equal(mine.ref, 'dest-ref');

    const inquiry = inner(ok(await sdk('reports.inquiry', { params: { msgKey } })));
    assert.ok(Array.isArray(inquiry.report));
    for (const [i, r] of inquiry.report.entries())
      conforms(r, RECORDS.report, ['msgKey', 'reportCode'], `inquiry.report[${i}]`);
    assert.equal(inquiry.report.length, 1);

    const status = inner(ok(await sdk('messages.status', { params: { msgKey } })));
    assert.ok(Array.isArray(status.messages));
    for (const [i, m] of status.messages.entries())
      conforms(m, RECORDS.messageStatus, ['msgKey', 'serviceType', 'fallback'], `messages[${i}]`);
  });

  test('report and MO webhooks pass the SDK verification rules (under the X-SVC names); the reply is {msgKey}', async () => {
    const secret = 'sdk-webhook-secret';
    const hooks = await startReceiver(secret, () => t.gw.ctx.clock.now());
    try {
      const w = await setupClient(t, 'sdk-webhook');
      // An MO number of this account alone (setupClient gives every account the same sender).
      const moNumber = '0311112222';
      const added = await t.request({
        method: 'POST',
        url: `/admin/v1/accounts/${w.accountId}/senders`,
        admin: true,
        body: { number: moNumber },
      });
      assert.equal(added.statusCode, 200, added.body);
      await setWebhook(t, w.accountId, { url: hooks.url, secret });
      const mode = await t.request({
        method: 'PUT',
        url: `/admin/v1/accounts/${w.accountId}/report-mode`,
        admin: true,
        body: { mode: 'webhook' },
      });
      assert.equal(mode.statusCode, 200, mode.body);
      const to = phone();
      const sent = sendResult(
        ok(
          await sdk('send.omni', {
            apiKey: w.apiKey,
            json: omniBody({
              to: [to],
              messages: [{ sms: { from: w.sender, text: '웹훅 리포트' } }],
              ref: 'hook-ref',
            }),
          }),
        ),
      );
      const [msgKey] = msgKeysOf(sent);
      assert.ok(msgKey);
      const mo = await sendMo(t, { to: moNumber, from: phone(), content: '1번 투표' });
      await settle(t);

      const report = hooks.got.find((g) => g.body.msgKey === msgKey);
      assert.ok(report, `report webhook: ${JSON.stringify(hooks.got)}`);
      assert.equal(report.verdict, 'ok', report.verdict);
      assert.equal(report.body.reportCode, '10000');
      assert.equal(report.body.ref, 'hook-ref');
      const moHook = hooks.got.find((g) => g.body.msgKey === mo.msgKey);
      assert.ok(moHook, 'MO webhook');
      assert.equal(moHook.verdict, 'ok', moHook.verdict);
      assert.equal(moHook.body.serviceType, 'MO');
      assert.equal(moHook.body.msgType, 'SM');
      for (const g of [report, moHook]) {
        // The SDK's receiver as shipped reads X-IB-*: the gateway sends them beside the spec's X-SVC-*.
        assert.equal(g.headers[WEBHOOK_RULES.timestampHeader.toLowerCase()], g.headers['x-svc-timestamp']);
        assert.equal(g.headers[WEBHOOK_RULES.signatureHeader.toLowerCase()], g.headers['x-svc-signature']);
        assert.equal(g.acked, true);
      }
    } finally {
      await hooks.stop();
    }
  });

  test('reservations: create, get, update, pause, resume, recipients, delete, cancel; A824 is a BadRequestError', async () => {
    const [a, b, late] = [phone(), phone(), phone()];
    const made = ok(
      await sdk('reservations.create', {
        json: {
          destinations: [{ to: a, replaceWords: { name: '홍길동' } }, { to: b }],
          messageFlow: [{ sms: { from: c.sender, text: '#{name}님, 예약 안내입니다.' } }],
          resvSendTime: '2026-12-01 12:00:00',
          resvName: 'sdk reservation',
          paymentCode: 'PAY-SDK',
          ref: 'sdk-resv',
        },
      }),
    );
    const data = isRecord(made.data) ? made.data : {};
    assert.equal(typeof data.resvKey, 'string', JSON.stringify(made));
    const resvKey = String(data.resvKey);
    assert.equal(sendResult(made).succeeded.length, 2);

    const one = conforms(
      inner(ok(await sdk('reservations.get', { params: { resvKey } }))),
      RECORDS.reservation,
      ['resvKey', 'status', 'resvSendTime'],
      'reservation',
    );
    assert.equal(one.status, 'PENDING');
    assert.equal(one.resvSendTime, '2026-12-01 12:00:00');

    ok(
      await sdk('reservations.update', {
        params: { resvKey },
        json: { resvSendTime: '2026-12-01 12:30:00', resvName: 'moved' },
      }),
    );
    const moved = inner(ok(await sdk('reservations.get', { params: { resvKey } })));
    assert.equal(moved.resvSendTime, '2026-12-01 12:30:00');
    assert.equal(moved.resvName, 'moved');

    const added = sendResult(
      ok(
        await sdk('reservations.recipients.create', {
          params: { resvKey },
          json: { destinations: [{ to: late, replaceWords: { name: '김철수' } }] },
        }),
      ),
    );
    assert.equal(added.succeeded.length, 1);
    const [lateKey] = msgKeysOf(added);
    assert.ok(lateKey);
    ok(await sdk('reservations.recipients.delete', { params: { resvKey, msgKey: lateKey } }));

    ok(await sdk('reservations.pause', { params: { resvKey } }));
    assert.equal(inner(ok(await sdk('reservations.get', { params: { resvKey } }))).status, 'STOPPED');
    ok(await sdk('reservations.resume', { params: { resvKey } }));
    assert.equal(inner(ok(await sdk('reservations.get', { params: { resvKey } }))).status, 'PENDING');
    ok(await sdk('reservations.cancel', { params: { resvKey } }));
    const twice = await sdk('reservations.cancel', { params: { resvKey } });
    assert.equal(twice.error?.layer, 'service', twice.raw);
    assert.equal(twice.error?.code, 'A824');
    assert.equal(twice.status, 409);
    assert.equal(
      twice.error?.cls,
      'BadRequestError',
      'hosted 400/A824 and Omnigate 409/A824 are the same SDK class',
    );
    assert.equal(hostedCode('service', 'A824')?.status, 400);

    const unknown = await sdk('reservations.get', { params: { resvKey: 'no-such-reservation' } });
    assert.equal(unknown.error?.code, 'A820', unknown.raw);
  });

  test('reservations.recipients.list: cursor iteration past the first page (lastSeq, limit; reads lastSeq and hasNext)', async () => {
    const to = Array.from({ length: 5 }, () => phone());
    const made = ok(
      await sdk('reservations.create', {
        json: {
          destinations: to.map((x) => ({ to: x })),
          messageFlow: [{ sms: { from: c.sender, text: '수신자 목록' } }],
          resvSendTime: '2026-12-02 09:00:00',
        },
      }),
    );
    const resvKey = String((isRecord(made.data) ? made.data : {}).resvKey);
    // The SDK's iterList: lastSeq from the previous page; stop when hasNext is false, lastSeq is
    // missing, or it did not move.
    const seen: Json[] = [];
    let lastSeq: number | undefined;
    for (let pages = 0; ; pages++) {
      assert.ok(pages < 10, 'the iteration ends');
      const page = inner(
        ok(await sdk('reservations.recipients.list', { params: { resvKey }, query: { lastSeq, limit: 2 } })),
      );
      conforms(page, RECORDS.cursorPage, ['lastSeq', 'hasNext'], 'recipients page');
      assert.ok(Array.isArray(page.destinations));
      for (const [i, d] of page.destinations.entries())
        seen.push(conforms(d, RECORDS.reservationRecipient, ['msgKey', 'to'], `destinations[${i}]`));
      const next = typeof page.lastSeq === 'number' ? page.lastSeq : undefined;
      if (page.hasNext !== true || next === undefined || next === lastSeq) break;
      lastSeq = next;
    }
    assert.deepEqual(seen.map((d) => d.to).sort(), [...to].sort(), 'every recipient once, across pages');
  });

  test('reservations.list with resvSendTime as yyyy-MM-dd HH:mm:ss (as the SDK README writes it)', async () => {
    const made = ok(
      await sdk('reservations.create', {
        json: {
          destinations: [{ to: phone() }],
          messageFlow: [{ sms: { from: c.sender, text: '목록 확인' } }],
          resvSendTime: '2026-12-03 10:00:00',
          resvName: 'listed',
        },
      }),
    );
    const resvKey = String((isRecord(made.data) ? made.data : {}).resvKey);
    const page = inner(
      ok(await sdk('reservations.list', { query: { resvSendTime: '2026-12-03 10:00:00' } })),
    );
    conforms(page, RECORDS.cursorPage, ['lastSeq', 'hasNext'], 'reservation list');
    assert.ok(Array.isArray(page.reservations));
    const found = page.reservations.find((r) => isRecord(r) && r.resvKey === resvKey);
    conforms(found, RECORDS.reservation, ['resvKey', 'status', 'resvSendTime'], 'listed reservation');
  });

  test('reservations.list filtered by paymentCode, iterated past the first page by lastSeq', async () => {
    const keys = new Map<string, string>();
    for (const [i, paymentCode] of ['PAY-A', 'PAY-B', 'PAY-A', 'PAY-A'].entries()) {
      const made = ok(
        await sdk('reservations.create', {
          json: {
            destinations: [{ to: phone() }],
            messageFlow: [{ sms: { from: c.sender, text: `정산 ${i}` } }],
            resvSendTime: `2026-12-04 1${i}:00:00`,
            paymentCode,
          },
        }),
      );
      keys.set(String((isRecord(made.data) ? made.data : {}).resvKey), paymentCode);
    }
    const listed: Json[] = [];
    let lastSeq: number | undefined;
    for (let pages = 0; ; pages++) {
      assert.ok(pages < 10, 'the iteration ends');
      // resvSendTime as the day (a string the SDK passes through), so that only paymentCode is tested here.
      const page = inner(
        ok(
          await sdk('reservations.list', {
            query: { resvSendTime: '20261204', paymentCode: 'PAY-A', lastSeq, limit: 1 },
          }),
        ),
      );
      conforms(page, RECORDS.cursorPage, ['lastSeq', 'hasNext'], 'reservation list');
      assert.ok(Array.isArray(page.reservations));
      for (const r of page.reservations)
        listed.push(conforms(r, RECORDS.reservation, ['resvKey'], 'reservation'));
      const next = typeof page.lastSeq === 'number' ? page.lastSeq : undefined;
      if (page.hasNext !== true || next === undefined || next === lastSeq) break;
      lastSeq = next;
    }
    assert.deepEqual(
      listed.map((r) => keys.get(String(r.resvKey))),
      ['PAY-A', 'PAY-A', 'PAY-A'],
      'only the PAY-A reservations, all three across pages',
    );
  });

  test('a reservation fires on the manual clock; its recipients and reports read as the SDK types them', async () => {
    const to = phone();
    const made = ok(
      await sdk('reservations.create', {
        json: {
          destinations: [{ to, replaceWords: { name: '박민수' } }],
          messageFlow: [{ sms: { from: c.sender, text: '#{name}님, 예약 발송입니다.' } }],
          resvSendTime: '2026-12-01 10:30:00',
          ref: 'fired',
        },
      }),
    );
    const resvKey = String((isRecord(made.data) ? made.data : {}).resvKey);
    await advance(t, 40 * 60);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => m.text),
      ['박민수님, 예약 발송입니다.'],
    );
    const page = inner(ok(await sdk('reservations.recipients.list', { params: { resvKey } })));
    assert.ok(Array.isArray(page.destinations));
    const [d] = page.destinations;
    conforms(d, RECORDS.reservationRecipient, ['msgKey', 'to', 'status'], 'fired recipient');
    const r = conforms(
      inner(ok(await sdk('reservations.get', { params: { resvKey } }))),
      RECORDS.reservation,
      ['status'],
      'fired',
    );
    assert.ok(['PROCESSING', 'DONE'].includes(String(r.status)), String(r.status));
  });

  test('messages.moHistory: the SDK query (occurredTime, limit) is answered with MO records', async () => {
    await sendMo(t, { to: c.sender, from: phone(), content: 'YES' });
    await settle(t);
    const page = inner(
      ok(
        await sdk('messages.moHistory', { query: { occurredTime: '2026-12-01T00:00:00+09:00', limit: 100 } }),
      ),
    );
    assert.ok(Array.isArray(page.messages));
    assert.ok(page.messages.length >= 1);
    for (const [i, m] of page.messages.entries())
      conforms(m, RECORDS.mo, ['msgKey', 'content', 'occurredTime'], `mo[${i}]`);
    assert.equal(typeof page.hasNext, 'boolean');
  });

  test('messages.iterMoHistory: cursor iteration past the first page (lastSeq, limit), filtered by from', async () => {
    const from = phone();
    const sent = [
      await sendMo(t, { to: c.sender, from, content: 'A' }),
      await sendMo(t, { to: c.sender, from, content: 'B' }),
    ];
    await settle(t);
    const seen = new Set<string>();
    let lastSeq: number | undefined;
    for (let pages = 0; ; pages++) {
      assert.ok(pages < 20, 'the iteration ends');
      const page = inner(
        ok(
          await sdk('messages.moHistory', {
            query: { occurredTime: '2026-12-01T00:00:00+09:00', from, lastSeq, limit: 1 },
          }),
        ),
      );
      assert.ok(Array.isArray(page.messages));
      for (const m of page.messages) seen.add(String(conforms(m, RECORDS.mo, ['msgKey'], 'mo').msgKey));
      const next = typeof page.lastSeq === 'number' ? page.lastSeq : undefined;
      if (page.hasNext !== true || next === undefined || next === lastSeq) break;
      lastSeq = next;
    }
    assert.deepEqual(
      [...seen].sort(),
      sent.map((mo) => mo.msgKey).sort(),
      'exactly the MOs from that number',
    );
    // occurredTime is a lower bound: a time after them leaves none.
    const later = inner(
      ok(
        await sdk('messages.moHistory', {
          query: { occurredTime: '2099-01-01T00:00:00+09:00', from, limit: 10 },
        }),
      ),
    );
    assert.deepEqual([later.messages, later.hasNext], [[], false]);
  });

  test('calls the spec Omnigate implements does not have answer A404 (NotFoundError)', async () => {
    const msgKey = 'no-such-key-000';
    for (const [name, o] of [
      ['messages.history', { query: { requestTime: '2026-12-01T00:00:00', limit: 100 } }],
      ['messages.statistics', { query: { startDate: '20261201' } }],
      ['messages.statusByRequestId', { params: { requestId: 'no-such-request' } }],
      ['messages.mo', { params: { msgKey } }],
      ['kakao.senders.get', { query: { senderKey: c.senderKey } }],
      [
        'insights.alimtalk.get',
        { query: { startDate: '20261201', endDate: '20261201', senderKey: c.senderKey } },
      ],
      ['counsel.sessions.get', { query: { userKey: 'user-1' } }],
    ] as const) {
      const o2: CallOptions = o;
      const r = await sdk(name, o2);
      assert.equal(r.error?.code, 'A404', `${name}: ${r.raw}`);
      assert.equal(r.error?.cls, 'NotFoundError', name);
    }
  });

  test('errors as the SDK classifies them: a wrong key is gateway A401 (AuthenticationError); a refused recipient is in failed', async () => {
    const bad = await sdk('reports.poll', { apiKey: 'not-a-key' });
    assert.equal(bad.error?.layer, 'gateway', bad.raw);
    assert.equal(bad.error?.code, 'A401');
    assert.equal(bad.error?.cls, 'AuthenticationError');
    assert.equal(bad.status, 401);
    // A recipient refused inside an accepted request: HTTP 200, in the SDK's `failed`.
    const mixed = sendResult(
      ok(
        await sdk('send.omni', {
          json: omniBody({ to: [phone(), '12'], messages: [{ sms: { from: c.sender, text: '부분 거절' } }] }),
        }),
      ),
    );
    assert.deepEqual([mixed.succeeded.length, mixed.failed.map((d) => d.code)], [1, ['A306']]);
  });
});

// ---- a webhook endpoint verifying as the SDK's WebhookReceiver does (src/webhooks.ts rules) ----

interface Got {
  headers: IncomingHttpHeaders;
  body: Json;
  /** 'ok' or why the SDK's rules refuse the request. */
  verdict: string;
  acked: boolean;
}

/** The SDK's check of one webhook, as shipped: its own header names (X-IB-*). */
function verifyAsSdk(headers: IncomingHttpHeaders, rawBody: Buffer, secret: string, nowMs: number): string {
  const header = (name: string) => {
    const v = headers[name.toLowerCase()];
    return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? '') : '';
  };
  const timestamp = header(WEBHOOK_RULES.timestampHeader);
  const signature = header(WEBHOOK_RULES.signatureHeader).trim();
  if (secret.trim() === '') return 'empty secret';
  if (signature === '') return 'no signature header';
  if (!/^[0-9]{1,16}$/.test(timestamp)) return 'timestamp not 1-16 digits';
  const sentAt =
    timestamp.length >= WEBHOOK_RULES.millisecondsFromDigits ? Number(timestamp) / 1000 : Number(timestamp);
  if (!(Math.abs(nowMs / 1000 - sentAt) <= WEBHOOK_RULES.toleranceSeconds)) return 'timestamp outside 300 s';
  const digest = createHmac('sha256', Buffer.from(secret, 'utf8')).update(timestamp, 'utf8').digest();
  const same = (x: Buffer, y: Buffer) => x.length === y.length && timingSafeEqual(x, y);
  const hexOk = same(
    Buffer.from(signature.toLowerCase(), 'utf8'),
    Buffer.from(digest.toString('hex'), 'utf8'),
  );
  const b64 =
    signature.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(signature)
      ? Buffer.from(signature, 'base64')
      : Buffer.alloc(0);
  if (!(hexOk || same(b64, digest))) return 'signature mismatch';
  if (rawBody.length > WEBHOOK_RULES.maxBodyBytes) return 'body over 1 MB';
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return 'body not JSON';
  }
  if (!isRecord(body)) return 'body not an object';
  const required = body.serviceType === 'MO' ? WEBHOOK_RULES.moRequired : WEBHOOK_RULES.reportRequired;
  for (const f of required) if (typeof body[f] !== 'string') return `${f} not a string`;
  return 'ok';
}

async function startReceiver(
  secret: string,
  now: () => number,
): Promise<{ url: string; got: Got[]; stop: () => Promise<void> }> {
  const got: Got[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const verdict = verifyAsSdk(req.headers, rawBody, secret, now());
      let body: Json = {};
      try {
        const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
        if (isRecord(parsed)) body = parsed;
      } catch {
        // left empty: the verdict says why
      }
      const acked = verdict === 'ok';
      got.push({ headers: req.headers, body, verdict, acked });
      res.writeHead(acked ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(acked ? { msgKey: body.msgKey } : {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bizgo/webhook`,
    got,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
