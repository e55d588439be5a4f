import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { advance, type Client, inbox, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';
import { type Conformance, loadConformance } from '../helpers/openapi-conformance.ts';

/*
 * The messaging operations of the OpenAPI document (send, reservations, reports, inquiries, MO
 * history, opt-out, 2FA, uploads) against real responses: a scenario calls each one, and every
 * answer must fit the schema the document gives for its status, with no undocumented field.
 */

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const START = '2026-12-01 10:00:00';
const RESV = '/api/comm/v1/reservation';
const TWOFA = '/api/verify/v1/2fa';

describeEachDb('OpenAPI conformance: messaging operations', (db) => {
  let t: TestGateway;
  let c: Client;
  let conformance: Conformance;
  /** Every documented operation answered with a success, by `METHOD /path`. */
  const succeeded = new Set<string>();

  before(async () => {
    t = await startTestGateway(db);
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: START },
    });
    assert.equal(res.statusCode, 200, res.body);
    c = await setupClient(t, 'oa-msg');
    conformance = await loadConformance(t);
  });
  after(() => t.close());

  /** Asserts the answer fits the document (`docPath` as the document writes it); answers its body. */
  function fits(method: Method, docPath: string, res: LightMyRequestResponse): Json {
    const body = res.json<Json>();
    assert.deepEqual(conformance.check(method, docPath, res.statusCode, body), [], res.body);
    const data = body.data as Json | undefined;
    if (res.statusCode === 200 && data?.code === 'A000') succeeded.add(`${method} ${docPath}`);
    return body;
  }

  async function call(method: Method, url: string, docPath: string, body?: unknown): Promise<Json> {
    const res = await t.request({ method, url, apiKey: c.apiKey, ...(body === undefined ? {} : { body }) });
    return fits(method, docPath, res);
  }

  const dataOf = (body: Json) => body.data as { code: string; data: Json; resvKey?: string; ref?: string };
  const okData = (body: Json) => {
    const d = dataOf(body);
    assert.equal(d.code, 'A000', JSON.stringify(body));
    return d.data;
  };
  const codeOf = (body: Json) => dataOf(body).code;

  test('uploads: every kind of image, and refusals', async () => {
    const cases: [string, Uint8Array, string][] = [
      ['mms', jpeg(640, 480), 'cat.jpg'],
      ['infomsg/template', png(1000, 500), 'banner.png'],
      ['infomsg/itemHighlight', png(200, 200), 'item.png'],
      ['rcs', png(800, 600), 'media.png'],
      ['brandmessage/default', png(1000, 500), 'default.png'],
      ['brandmessage/wide', png(800, 600), 'wide.png'],
      ['brandmessage/wideItemList/first', png(1000, 500), 'first.png'],
      ['brandmessage/wideItemList', png(500, 500), 'item.png'],
      ['brandmessage/carouselFeed', png(1000, 500), 'feed.png'],
      ['brandmessage/carouselCommerce', png(800, 800), 'commerce.png'],
      ['brandmessage/catalog', png(500, 500), 'catalog.png'],
      ['brandmessage/catalog/oddFirst', png(1000, 500), 'odd.png'],
    ];
    for (const [path, bytes, filename] of cases) {
      const url = `/api/comm/v1/file/${path}`;
      const res = await postForm(
        t,
        url,
        [{ name: 'file', bytes, filename, type: filename.endsWith('.png') ? 'image/png' : 'image/jpeg' }],
        c.apiKey,
      );
      okData(fits('POST', url, res));
    }
    const notJpeg = await postForm(
      t,
      '/api/comm/v1/file/mms',
      [{ name: 'file', bytes: png(10, 10), filename: 'x.jpg' }],
      c.apiKey,
    );
    assert.equal(codeOf(fits('POST', '/api/comm/v1/file/mms', notJpeg)), 'A211');
    const narrow = await postForm(
      t,
      '/api/comm/v1/file/brandmessage/default',
      [{ name: 'file', bytes: png(200, 100), filename: 'small.png', type: 'image/png' }],
      c.apiKey,
    );
    assert.equal(codeOf(fits('POST', '/api/comm/v1/file/brandmessage/default', narrow)), 'A226');
  });

  let msgKey = '';

  test('send, reports by polling, report and message inquiry', async () => {
    const sent = await call('POST', '/api/comm/v1/send/omni', '/api/comm/v1/send/omni', {
      destinations: [{ to: '01012340001', ref: 'order-1' }, { to: '01012340002' }, { to: '0101' }],
      messageFlow: [{ sms: { from: c.sender, text: 'Your order has shipped' } }],
      ref: 'batch-7',
    });
    const dests = okData(sent).destinations as { msgKey: string; code: string }[];
    assert.deepEqual(
      dests.map((d) => d.code),
      ['A000', 'A000', 'A306'],
    );
    msgKey = dests[0]?.msgKey ?? '';
    // The check is not vacuous: a field the document does not name fails it.
    const extra = structuredClone(sent);
    (okData(extra).destinations as Json[])[0] = { ...dests[0], carrier: 'SKT' };
    assert.notDeepEqual(conformance.check('POST', '/api/comm/v1/send/omni', 200, extra), []);
    const refused = await call('POST', '/api/comm/v1/send/omni', '/api/comm/v1/send/omni', {
      destinations: [{ to: '01012340001' }],
      messageFlow: [],
    });
    assert.equal(codeOf(refused), 'A336');
    // A replay of an idempotency key: A000, each recipient A301 with the first send's msgKey.
    const once = {
      destinations: [{ to: '01012340003' }],
      messageFlow: [{ sms: { from: c.sender, text: 'Once only' } }],
      idempotencyKey: 'order-3-shipped',
    };
    const first = okData(await call('POST', '/api/comm/v1/send/omni', '/api/comm/v1/send/omni', once));
    const again = okData(await call('POST', '/api/comm/v1/send/omni', '/api/comm/v1/send/omni', once));
    const [a, b] = [first, again].map((d) => (d.destinations as { msgKey: string; code: string }[])[0]);
    assert.equal(b?.code, 'A301');
    assert.equal(b?.msgKey, a?.msgKey);

    await settle(t);
    await advance(t, 60);
    assert.ok((await inbox(t, '01012340001')).length > 0);

    const polled = okData(await call('GET', '/api/comm/v1/report/polling', '/api/comm/v1/report/polling'));
    assert.ok(Array.isArray(polled.report) && polled.report.length > 0, JSON.stringify(polled));
    const reportId = String(polled.reportId);
    const ackPath = '/api/comm/v1/report/polling/{reportId}';
    okData(await call('DELETE', `/api/comm/v1/report/polling/${reportId}`, ackPath));
    const empty = okData(await call('GET', '/api/comm/v1/report/polling', '/api/comm/v1/report/polling'));
    assert.deepEqual(empty, { reportId: '', report: null });
    assert.equal(codeOf(await call('DELETE', '/api/comm/v1/report/polling/rpt_unknown', ackPath)), 'A820');

    const inquiryPath = '/api/comm/v1/report/inquiry/{msgKey}';
    const reports = okData(await call('GET', `/api/comm/v1/report/inquiry/${msgKey}`, inquiryPath));
    assert.ok(Array.isArray(reports.report) && reports.report.length > 0);
    assert.equal(codeOf(await call('GET', '/api/comm/v1/report/inquiry/nope', inquiryPath)), 'A820');

    const messagePath = '/api/comm/v1/message/inquiry/msgKey/{msgKey}';
    const message = okData(await call('GET', `/api/comm/v1/message/inquiry/msgKey/${msgKey}`, messagePath));
    assert.ok(Array.isArray(message.messages) && message.messages.length > 0);
    assert.equal(codeOf(await call('GET', '/api/comm/v1/message/inquiry/msgKey/nope', messagePath)), 'A820');
  });

  test('reservations: create, read, update, recipients, stop, resume, cancel', async () => {
    const one = `${RESV}/resvKey/{resvKey}`;
    const created = await call('POST', RESV, RESV, {
      destinations: [{ to: '01012340011', replaceWords: { name: 'Kim' } }, { to: '01012340012' }],
      messageFlow: [{ sms: { from: c.sender, text: 'Hello #{name}, the sale starts at noon' } }],
      resvSendTime: '2026-12-01 11:30:00',
      resvName: 'noon sale',
      ref: 'campaign-12',
    });
    okData(created);
    const resvKey = dataOf(created).resvKey ?? '';
    assert.match(resvKey, /^rsv_/);
    const tooSoon = await call('POST', RESV, RESV, {
      destinations: [{ to: '01012340011' }],
      messageFlow: [{ sms: { from: c.sender, text: 'too soon' } }],
      resvSendTime: '2026-12-01 10:05:00',
    });
    assert.equal(codeOf(tooSoon), 'A316');

    okData(await call('GET', `${RESV}/list?resvSendTime=20261201`, `${RESV}/list`));
    okData(await call('GET', `${RESV}/resvKey/${resvKey}`, one));
    assert.equal(codeOf(await call('GET', `${RESV}/resvKey/rsv_unknown`, one)), 'A820');
    okData(await call('PUT', `${RESV}/resvKey/${resvKey}`, one, { resvName: 'noon sale (final)' }));

    const dests = `${one}/destinations`;
    const added = okData(
      await call('POST', `${RESV}/resvKey/${resvKey}/destinations`, dests, {
        destinations: [{ to: '01012340013', replaceWords: { name: 'Lee' } }],
      }),
    );
    const addedKey = (added.destinations as { msgKey: string }[])[0]?.msgKey ?? '';
    okData(await call('GET', `${RESV}/resvKey/${resvKey}/destinations?limit=10`, dests));
    const removePath = `${one}/destinations/msgKey/{msgKey}`;
    okData(await call('DELETE', `${RESV}/resvKey/${resvKey}/destinations/msgKey/${addedKey}`, removePath));
    assert.equal(
      codeOf(await call('DELETE', `${RESV}/resvKey/${resvKey}/destinations/msgKey/${addedKey}`, removePath)),
      'A820',
    );

    okData(await call('POST', `${RESV}/resvKey/${resvKey}/stop`, `${one}/stop`));
    assert.equal(codeOf(await call('PUT', `${RESV}/resvKey/${resvKey}`, one, { resvName: 'late' })), 'A824');
    okData(await call('POST', `${RESV}/resvKey/${resvKey}/resume`, `${one}/resume`));
    okData(await call('POST', `${RESV}/resvKey/${resvKey}/cancel`, `${one}/cancel`));
    assert.equal(codeOf(await call('POST', `${RESV}/resvKey/${resvKey}/cancel`, `${one}/cancel`)), 'A824');
  });

  test('MO history', async () => {
    const mo = await t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: c.sender, from: '01012340021', content: 'STOP please' },
    });
    assert.equal(mo.statusCode, 200, mo.body);
    const path = '/api/comm/v1/message/history/mo';
    const page = okData(await call('GET', `${path}?date=20261201`, path));
    assert.ok(Array.isArray(page.messages) && page.messages.length === 1);
    assert.equal(codeOf(await call('GET', `${path}?status=LOST`, path)), 'A734');
  });

  test('opt-out list: add, list, remove', async () => {
    const path = '/api/comm/v1/optout';
    okData(await call('POST', path, path, { phones: ['01012340031', '01012340032'] }));
    okData(await call('GET', `${path}?limit=10`, path));
    const one = `${path}/{phone}`;
    okData(await call('DELETE', `${path}/01012340031`, one));
    assert.equal(codeOf(await call('DELETE', `${path}/01012340031`, one)), 'A820');
    assert.equal(codeOf(await call('POST', path, path, { phones: ['12'] })), 'A306');
  });

  test('two-factor authentication: service name, request, verify, logs', async () => {
    okData2(
      await call('POST', `${TWOFA}/service/regist`, `${TWOFA}/service/regist`, { serviceName: 'Omni' }),
    );
    okData2(await call('POST', `${TWOFA}/service`, `${TWOFA}/service`, { userRef: 'u-1' }));
    const phone = '01012340041';
    const requested = okData2(
      await call('POST', `${TWOFA}/request`, `${TWOFA}/request`, {
        to: phone,
        authNumber: '482913',
        userRef: 'login-9',
      }),
    );
    await settle(t);
    const texts = (await inbox(t, phone)).map((m) => m.text);
    assert.match(texts.at(-1) ?? '', /482913/);
    const code = '482913';
    const wrong = await t.request({
      method: 'POST',
      url: `${TWOFA}/verify`,
      apiKey: c.apiKey,
      body: { to: phone, authNumber: '000000', requestId: requested.requestId },
    });
    // A 2FA refusal keeps the 2FA shape (resultMsg, the endpoint's fields, userRef in `data`),
    // which the common ErrorEnvelope does not describe: its code and status are checked here.
    assert.equal(wrong.statusCode, 400, wrong.body);
    const refusal = wrong.json<{ data: Json }>().data;
    assert.equal(refusal.code, 'A706', wrong.body);
    assert.equal(refusal.requestId, requested.requestId, wrong.body);
    okData2(
      await call('POST', `${TWOFA}/verify`, `${TWOFA}/verify`, {
        to: phone,
        authNumber: code,
        requestId: requested.requestId,
      }),
    );
    okData2(await call('POST', `${TWOFA}/logs`, `${TWOFA}/logs`, { requestDate: '20261201' }));
    okData2(await call('POST', `${TWOFA}/service/delete`, `${TWOFA}/service/delete`, {}));
  });

  function okData2(body: Json): Json {
    const d = body.data as Json;
    assert.equal(d.code, 'A000', JSON.stringify(body));
    return d;
  }

  test('every messaging operation answered a success that fits the document', () => {
    assert.equal(succeeded.size, 37, [...succeeded].sort().join('\n'));
  });
});
