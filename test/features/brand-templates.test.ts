import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { findBrandTemplate } from '../../src/store/templates/brand-templates.ts';
import { advance, type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  BASE,
  codesOf,
  link,
  listed,
  ok,
  record,
  refused,
  setClock,
  type Templates,
  templates,
  textTemplate,
} from './brand-templates-helpers.ts';

/*
 * Brand message templates (issue 5, item 5): the six endpoints, the record, ownership by sender
 * profile, and the rules of the record's own fields. Content structures per msgType are in
 * brand-templates-content.test.ts, the discount rate in brand-templates-discount.test.ts.
 */

describeEachDb('brand message templates: endpoints', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let api: Templates;
  let otherApi: Templates;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-09-01T10:00:00+09:00');
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
    api = templates(t, c);
    otherApi = templates(t, other);
  });
  after(() => t.close());

  test('register answers the record: status A, sendType basic, times in +09:00, the variables', async () => {
    const body = textTemplate(c, {
      text: '#{name}님, #{store}에서 세일이 시작됩니다. #{name}',
      attachment: { button: [link('Shop', 'https://shop.example.com/#{path}')] },
    });
    const rec = record(await api.register(body));
    assert.equal(rec.senderKey, c.senderKey);
    assert.equal(rec.senderKeyType, 'S');
    assert.equal(rec.sendType, 'basic');
    assert.equal(rec.templateCode, body.templateCode);
    assert.equal(rec.templateName, 'Autumn sale');
    assert.equal(rec.msgType, 'TEXT');
    assert.equal(rec.text, body.text);
    assert.equal(rec.pushAlarm, 'Y');
    assert.equal(rec.adult, 'N');
    assert.equal(rec.status, 'A');
    assert.match(rec.createAt, /^2026-09-01T10:00:00\+09:00$/);
    assert.equal(rec.modifiedAt, rec.createAt);
    assert.deepEqual(rec.variables, ['name', 'store', 'path']);
    assert.deepEqual(rec.attachment?.button, [link('Shop', 'https://shop.example.com/#{path}')]);

    // What the send path reads.
    const stored = await findBrandTemplate(t.gw.ctx.store, c.senderKey, body.templateCode);
    assert.equal(stored?.accountId, c.accountId);
    assert.equal(stored?.status, 'A');
    assert.deepEqual(stored?.variables, ['name', 'store', 'path']);
    assert.equal(stored?.content.buttons.length, 1);
  });

  test('a templateCode is generated when omitted; pushAlarm and adult are kept', async () => {
    const { templateCode: _omitted, ...body } = textTemplate(c, {
      pushAlarm: 'N',
      adult: 'Y',
      text: 'No vars',
    });
    const rec = record(await api.register(body));
    assert.match(rec.templateCode, /^[A-Za-z0-9._-]{1,30}$/);
    assert.equal(rec.pushAlarm, 'N');
    assert.equal(rec.adult, 'Y');
    assert.deepEqual(rec.variables, []);
    const again = record(await api.get({ senderKey: c.senderKey, templateCode: rec.templateCode }));
    assert.deepEqual(again, rec);
  });

  test('GET answers the stored record; sendType basic or template; free and others are A571', async () => {
    const body = textTemplate(c);
    const rec = record(await api.register(body));
    assert.deepEqual(record(await api.get({ senderKey: c.senderKey, templateCode: rec.templateCode })), rec);
    for (const sendType of ['basic', 'template']) {
      assert.deepEqual(
        record(await api.get({ senderKey: c.senderKey, templateCode: rec.templateCode, sendType })),
        rec,
      );
    }
    refused(
      await api.get({ senderKey: c.senderKey, templateCode: rec.templateCode, sendType: 'free' }),
      'A571',
      'sendType',
    );
    refused(await api.get({ senderKey: c.senderKey, templateCode: 'nope' }), 'A820', 'nope');
    refused(await api.get({ senderKey: c.senderKey }), 'A300', 'templateCode');
    refused(await api.get({ senderKey: c.senderKey, templateCode: 'bad code!' }), 'A505', 'templateCode');
  });

  test('sendType on registration: basic and template store basic; free is A571', async () => {
    assert.equal(record(await api.register(textTemplate(c, { sendType: 'template' }))).sendType, 'basic');
    assert.equal(record(await api.register(textTemplate(c, { sendType: 'basic' }))).sendType, 'basic');
    refused(await api.register(textTemplate(c, { sendType: 'free' })), 'A571', 'brandmessage.sendType');
    refused(await api.register(textTemplate(c, { sendType: 'other' })), 'A571', 'brandmessage.sendType');
  });

  test('a templateCode is unique per senderKey: a second registration is A531 (409)', async () => {
    const body = textTemplate(c);
    ok(await api.register(body));
    const dup = await api.register({ ...body, text: 'other text' });
    refused(dup, 'A531', body.templateCode);
    assert.equal(dup.status, 409);
    // The first one stands.
    assert.equal(
      record(await api.get({ senderKey: c.senderKey, templateCode: body.templateCode })).text,
      body.text,
    );
    // Another profile may use the same code.
    ok(await otherApi.register(textTemplate(other, { templateCode: body.templateCode })));
  });

  test("another account's profile is A340 on every endpoint, and its templates stay unseen", async () => {
    const mine = textTemplate(c);
    ok(await api.register(mine));
    refused(await otherApi.register(textTemplate(c)), 'A340', c.senderKey);
    refused(await otherApi.update(mine), 'A340', c.senderKey);
    refused(await otherApi.get({ senderKey: c.senderKey, templateCode: mine.templateCode }), 'A340');
    refused(await otherApi.list({ senderKey: c.senderKey }), 'A340');
    refused(await otherApi.lastModified({ senderKey: c.senderKey }), 'A340');
    refused(await otherApi.remove(c.senderKey, mine.templateCode), 'A340');
    refused(await api.register(textTemplate({ senderKey: 'sk-unknown' })), 'A340', 'sk-unknown');
    // Still there, unchanged.
    assert.equal(
      record(await api.get({ senderKey: c.senderKey, templateCode: mine.templateCode })).text,
      mine.text,
    );
  });

  test('PUT replaces the template, keeps createAt and moves modifiedAt', async () => {
    const body = textTemplate(c);
    const first = record(await api.register(body));
    await advance(t, 90);
    const rec = record(
      await api.update({
        ...body,
        templateName: 'Winter sale',
        msgType: 'FT',
        text: 'Winter #{season}',
        pushAlarm: 'N',
      }),
    );
    assert.equal(rec.templateName, 'Winter sale');
    assert.equal(rec.msgType, 'FT');
    assert.equal(rec.text, 'Winter #{season}');
    assert.equal(rec.pushAlarm, 'N');
    assert.deepEqual(rec.variables, ['season']);
    assert.equal(rec.createAt, first.createAt);
    assert.equal(Date.parse(rec.modifiedAt) - Date.parse(first.modifiedAt), 90_000);
    assert.deepEqual(record(await api.get({ senderKey: c.senderKey, templateCode: body.templateCode })), rec);
  });

  test('PUT refusals: no templateCode (A300), a blank one (A505), unknown code (A820), the registration rules', async () => {
    const { templateCode: _omitted, ...noCode } = textTemplate(c);
    refused(await api.update(noCode), 'A300', 'brandmessage.templateCode is required');
    refused(await api.update(textTemplate(c, { templateCode: ' ' })), 'A505', 'brandmessage.templateCode');
    refused(await api.update(textTemplate(c, { templateCode: 'never-there' })), 'A820', 'never-there');
    const body = textTemplate(c);
    ok(await api.register(body));
    refused(await api.update({ ...body, text: 'x'.repeat(1301) }), 'A532', 'brandmessage.text');
    refused(await api.update({ ...body, msgType: 'NOPE' }), 'A523', 'NOPE');
  });

  test('DELETE answers only code and result; the template is gone (A820) and a second delete is A820', async () => {
    const body = textTemplate(c);
    ok(await api.register(body));
    const res = await api.remove(c.senderKey, body.templateCode);
    ok(res);
    assert.equal(res.hasData, false);
    refused(await api.get({ senderKey: c.senderKey, templateCode: body.templateCode }), 'A820');
    refused(await api.remove(c.senderKey, body.templateCode), 'A820', body.templateCode);
    assert.equal(await findBrandTemplate(t.gw.ctx.store, c.senderKey, body.templateCode), undefined);
    // The code is free again.
    ok(await api.register(body));
  });

  test('a path that does not decode (%ZZ) is A300 in the envelope, not Fastify’s own answer', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `${BASE}/senderKey/${c.senderKey}/templateCode/%ZZ`,
      apiKey: c.apiKey,
    });
    assert.equal(res.statusCode, 400, res.body);
    const body = res.json();
    assert.ok(body.common.providerTrId, res.body);
    assert.equal(body.data.code, 'A300', res.body);
    assert.match(body.data.result, /not valid URL encoding/);
    assert.equal(body.error, undefined);
  });

  test('every endpoint needs the API key', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}?senderKey=${c.senderKey}&templateCode=x`],
      ['GET', `${BASE}/list?senderKey=${c.senderKey}`],
      ['GET', `${BASE}/lastModified?senderKey=${c.senderKey}`],
      ['POST', BASE],
      ['PUT', BASE],
      ['DELETE', `${BASE}/senderKey/${c.senderKey}/templateCode/x`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        ...(method === 'POST' || method === 'PUT' ? { body: {} } : {}),
      });
      assert.equal(res.statusCode, 401, `${method} ${url}`);
      assert.equal(res.json<{ common: { authCode: string } }>().common.authCode, 'A401');
    }
  });
});

describeEachDb('brand message templates: list and lastModified', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Templates;
  const codes: string[] = [];

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-09-01T10:00:00+09:00');
    c = await setupClient(t, 'lister');
    api = templates(t, c);
    // Five templates a minute apart: TEXT, FT, TEXT, WIDE... (kinds for the templateType filter).
    for (const [i, msgType] of ['TEXT', 'FT', 'TEXT', 'FT', 'TEXT'].entries()) {
      const body = textTemplate(c, { templateCode: `L${i}`, msgType });
      ok(await api.register(body));
      codes.push(body.templateCode);
      await advance(t, 60);
    }
  });
  after(() => t.close());

  test('list: registration order, offset and limit, totalCount', async () => {
    const all = listed(await api.list({ senderKey: c.senderKey }));
    assert.deepEqual(codesOf(all), codes);
    assert.equal(all.totalCount, 5);
    assert.equal(all.offset, 0);
    assert.equal(all.limit, 100);
    const page = listed(await api.list({ senderKey: c.senderKey, offset: 1, limit: 2 }));
    assert.deepEqual(codesOf(page), codes.slice(1, 3));
    assert.equal(page.totalCount, 5);
    assert.equal(listed(await api.list({ senderKey: c.senderKey, offset: 9 })).templates.length, 0);
  });

  test('list filters: templateType finds both spellings of a kind; status; senderKeyType', async () => {
    assert.deepEqual(codesOf(listed(await api.list({ senderKey: c.senderKey, templateType: 'FT' }))), codes);
    assert.deepEqual(
      codesOf(listed(await api.list({ senderKey: c.senderKey, templateType: 'TEXT' }))),
      codes,
    );
    assert.deepEqual(codesOf(listed(await api.list({ senderKey: c.senderKey, templateType: 'FW' }))), []);
    assert.deepEqual(codesOf(listed(await api.list({ senderKey: c.senderKey, status: 'A' }))), codes);
    assert.deepEqual(codesOf(listed(await api.list({ senderKey: c.senderKey, status: 'R' }))), []);
    assert.deepEqual(codesOf(listed(await api.list({ senderKey: c.senderKey, senderKeyType: 'S' }))), codes);
  });

  test('list refusals: templateType A523, senderKeyType A542, paging outside its range A300', async () => {
    refused(await api.list({ senderKey: c.senderKey, templateType: 'XX' }), 'A523', 'templateType');
    refused(await api.list({ senderKey: c.senderKey, senderKeyType: 'G' }), 'A542', 'type S');
    refused(await api.list({ senderKey: c.senderKey, senderKeyType: 'Q' }), 'A542', 'senderKeyType');
    refused(await api.list({ senderKey: c.senderKey, limit: 1001 }), 'A300', 'limit');
    refused(await api.list({ senderKey: c.senderKey, offset: -1 }), 'A300', 'offset');
    refused(await api.list({}), 'A300', 'senderKey');
    // An unknown status is refused as infomsg's list refuses it, listing the values.
    refused(await api.list({ senderKey: c.senderKey, status: 'Q' }), 'A300', 'status must be one of R, A, S');
    // Huge paging values are A300 naming the field, never a database error (500).
    for (const offset of ['10000000000000000000', '9223372036854775807', '1000001']) {
      refused(await api.list({ senderKey: c.senderKey, offset }), 'A300', 'offset must be <= 1000000');
    }
    assert.equal(listed(await api.list({ senderKey: c.senderKey, offset: 1000000 })).templates.length, 0);
  });

  test('lastModified: latest change first, since (inclusive), page and count', async () => {
    const all = listed(await api.lastModified({ senderKey: c.senderKey }));
    assert.deepEqual(codesOf(all), [...codes].reverse());
    assert.equal(all.hasNext, false);
    // L2 was registered at 10:02.
    const since = listed(
      await api.lastModified({ senderKey: c.senderKey, since: '2026-09-01T10:02:00+09:00' }),
    );
    assert.deepEqual(codesOf(since), ['L4', 'L3', 'L2']);
    const kst = listed(await api.lastModified({ senderKey: c.senderKey, since: '2026-09-01 10:03:00' }));
    assert.deepEqual(codesOf(kst), ['L4', 'L3']);
    const day = listed(await api.lastModified({ senderKey: c.senderKey, since: '20260902' }));
    assert.deepEqual(codesOf(day), []);
    const p2 = listed(await api.lastModified({ senderKey: c.senderKey, page: 2, count: 2 }));
    assert.deepEqual(codesOf(p2), ['L2', 'L1']);
    assert.equal(p2.hasNext, true);
    const p3 = listed(await api.lastModified({ senderKey: c.senderKey, page: 3, count: 2 }));
    assert.deepEqual(codesOf(p3), ['L0']);
    assert.equal(p3.hasNext, false);
  });

  test('lastModified: an update moves a template to the front', async () => {
    await advance(t, 60);
    ok(await api.update(textTemplate(c, { templateCode: 'L1', text: 'changed' })));
    const all = listed(await api.lastModified({ senderKey: c.senderKey, count: 2 }));
    assert.deepEqual(codesOf(all), ['L1', 'L4']);
    assert.equal(all.templates[0]?.text, 'changed');
  });

  test('lastModified refusals: since malformed (A300), senderKeyType (A542)', async () => {
    refused(await api.lastModified({ senderKey: c.senderKey, since: 'yesterday' }), 'A300', 'since');
    refused(await api.lastModified({ senderKey: c.senderKey, senderKeyType: 'G' }), 'A542');
    refused(await api.lastModified({ senderKey: c.senderKey, count: 0 }), 'A300', 'count');
    refused(
      await api.lastModified({ senderKey: c.senderKey, page: '100000000000000000', count: 1000 }),
      'A300',
      'page must be <= 100000',
    );
    const far = listed(await api.lastModified({ senderKey: c.senderKey, page: 100000, count: 1000 }));
    assert.deepEqual(codesOf(far), []);
    refused(
      await api.lastModified({ senderKey: c.senderKey, since: '2026-09-31' }),
      'A300',
      'a date (2026-01-01 or 20260101: Korea-time midnight)',
    );
  });

  test('lastModified: since as a plain date (2026-09-01) is Korea-time midnight of that day', async () => {
    assert.equal(
      codesOf(listed(await api.lastModified({ senderKey: c.senderKey, since: '2026-09-01' }))).length,
      5,
    );
    assert.deepEqual(
      codesOf(listed(await api.lastModified({ senderKey: c.senderKey, since: '2026-09-02' }))),
      [],
    );
  });
});

describeEachDb('brand message templates: fields of the record', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Templates;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-09-01T10:00:00+09:00');
    c = await setupClient(t, 'fields');
    api = templates(t, c);
  });
  after(() => t.close());

  test('senderKey, templateName, templateCode, msgType, senderKeyType, pushAlarm, adult', async () => {
    const { senderKey: _s, ...noKey } = textTemplate(c);
    // Absent (or null) required fields are A300 naming them, as in every schema; values, blank
    // included, keep the field's own code.
    refused(await api.register(noKey), 'A300', 'brandmessage.senderKey is required');
    refused(await api.register(textTemplate(c, { senderKey: '' })), 'A340', 'brandmessage.senderKey');
    const { templateName: _n, ...noName } = textTemplate(c);
    refused(await api.register(noName), 'A300', 'brandmessage.templateName is required');
    refused(await api.register(textTemplate(c, { templateName: '' })), 'A530', 'brandmessage.templateName');
    refused(await api.register(textTemplate(c, { templateName: null })), 'A530', 'brandmessage.templateName');
    refused(await api.register(textTemplate(c, { templateName: 'n'.repeat(201) })), 'A530', 'at most 200');
    ok(await api.register(textTemplate(c, { templateName: 'n'.repeat(200) })));
    refused(
      await api.register(textTemplate(c, { templateCode: 'a/b' })),
      'A505',
      'brandmessage.templateCode',
    );
    refused(await api.register(textTemplate(c, { templateCode: 'x'.repeat(31) })), 'A505');
    ok(await api.register(textTemplate(c, { templateCode: 'Z'.repeat(30) })));
    const { msgType: _m, ...noType } = textTemplate(c);
    refused(await api.register(noType), 'A300', 'brandmessage.msgType is required');
    refused(await api.register(textTemplate(c, { msgType: '' })), 'A523', 'brandmessage.msgType');
    refused(await api.register(textTemplate(c, { msgType: 'AT' })), 'A523', 'AT');
    refused(
      await api.register(textTemplate(c, { senderKeyType: 'X' })),
      'A542',
      'brandmessage.senderKeyType',
    );
    refused(await api.register(textTemplate(c, { senderKeyType: 'G' })), 'A542', 'type S');
    ok(await api.register(textTemplate(c, { senderKeyType: 'S' })));
    refused(await api.register(textTemplate(c, { pushAlarm: 'yes' })), 'A541', 'brandmessage.pushAlarm');
    refused(await api.register(textTemplate(c, { adult: 'maybe' })), 'A541', 'brandmessage.adult');
    refused(await api.register(textTemplate(c, { text: { a: 1 } })), 'A300', 'brandmessage.text');
  });

  test('every msgType spelling is accepted, the long names and the short codes', async () => {
    const rec = record(await api.register(textTemplate(c, { msgType: 'FT' })));
    assert.equal(rec.msgType, 'FT');
  });

  test('text limits: TEXT 1300 characters and 99 line breaks; required', async () => {
    ok(await api.register(textTemplate(c, { text: '가'.repeat(1300) })));
    refused(await api.register(textTemplate(c, { text: '가'.repeat(1301) })), 'A532', '1301 characters');
    ok(await api.register(textTemplate(c, { text: `a${'\n'.repeat(99)}b` })));
    refused(await api.register(textTemplate(c, { text: `a${'\n'.repeat(100)}b` })), 'A532', 'line breaks');
    refused(await api.register(textTemplate(c, { text: '' })), 'A532', 'brandmessage.text is required');
    refused(await api.register(textTemplate(c, { text: null })), 'A532', 'required');
  });

  test('variables: #{key} anywhere but button names; at most 40', async () => {
    const forty = Array.from({ length: 40 }, (_, i) => `#{v${i}}`).join(' ');
    assert.equal(record(await api.register(textTemplate(c, { text: forty }))).variables.length, 40);
    refused(await api.register(textTemplate(c, { text: `${forty} #{v40}` })), 'A543', '41');
    // The same key twice counts once.
    ok(await api.register(textTemplate(c, { text: `${forty} #{v0}` })));
  });

  test('buttons: at most 5 on TEXT, names up to 14 without variables, WL needs urlMobile, known types', async () => {
    const withButtons = (button: unknown) => textTemplate(c, { attachment: { button } });
    ok(await api.register(withButtons(Array.from({ length: 5 }, (_, i) => link(`B${i}`)))));
    refused(
      await api.register(withButtons(Array.from({ length: 6 }, (_, i) => link(`B${i}`)))),
      'A503',
      'at most 5',
    );
    refused(
      await api.register(withButtons([link('#{name}')])),
      'A503',
      'brandmessage.attachment.button[0].name',
    );
    ok(await api.register(withButtons([link('가'.repeat(14))])));
    refused(await api.register(withButtons([link('가'.repeat(15))])), 'A503', 'at most 14');
    refused(await api.register(withButtons([{ type: 'WL', name: 'Go' }])), 'A503', 'urlMobile is required');
    refused(await api.register(withButtons([{ type: 'XX', name: 'Go' }])), 'A503', 'type must be one of');
    refused(await api.register(withButtons([{ type: 'AL', name: 'App' }])), 'A503', 'AL');
    ok(await api.register(withButtons([{ type: 'AL', name: 'App', schemeAndroid: 'app://open' }])));
    ok(
      await api.register(
        withButtons([
          { type: 'BK', name: 'Keyword' },
          { type: 'AC', name: 'Add' },
        ]),
      ),
    );
    refused(
      await api.register(withButtons([{ type: 'WL', name: 'Go', urlMobile: 'ftp://x' }])),
      'A503',
      'http',
    );
    refused(await api.register(withButtons({ type: 'WL' })), 'A503', 'must be an array');
  });

  test('content a msgType does not take is refused (A545), never dropped', async () => {
    refused(
      await api.register(textTemplate(c, { attachment: { image: { imgUrl: 'https://x/y.png' } } })),
      'A545',
      'brandmessage.attachment.image',
    );
    refused(await api.register(textTemplate(c, { carousel: { list: [] } })), 'A545', 'brandmessage.carousel');
    refused(await api.register(textTemplate(c, { header: 'Head' })), 'A545', 'brandmessage.header');
    refused(
      await api.register(textTemplate(c, { attachment: { commerce: { title: 'x' } } })),
      'A545',
      'brandmessage.attachment.commerce',
    );
    // Empty values of a part are no content.
    ok(await api.register(textTemplate(c, { header: '', attachment: { image: null, button: [] } })));
  });

  test('coupons: the platform’s title forms, a link, a short description', async () => {
    const withCoupon = (coupon: unknown) => textTemplate(c, { attachment: { coupon } });
    for (const title of [
      '5000원 할인 쿠폰',
      '10% 할인 쿠폰',
      '배송비 할인 쿠폰',
      '커피 무료 쿠폰',
      '포인트2배 UP 쿠폰',
      '#{coupon}',
    ]) {
      ok(await api.register(withCoupon({ title, urlMobile: 'https://c.example.com' })));
    }
    for (const title of ['Big discount', '0원 할인 쿠폰', '101% 할인 쿠폰', '아주아주긴상품이름 무료 쿠폰']) {
      refused(
        await api.register(withCoupon({ title, urlMobile: 'https://c.example.com' })),
        'A536',
        'brandmessage.attachment.coupon.title',
      );
    }
    refused(await api.register(withCoupon({ title: '10% 할인 쿠폰' })), 'A536', 'needs a link');
    refused(
      await api.register(
        withCoupon({
          title: '10% 할인 쿠폰',
          urlMobile: 'https://c.example.com',
          description: 'd'.repeat(19),
        }),
      ),
      'A536',
      'description',
    );
    refused(await api.register(withCoupon('coupon')), 'A536', 'must be an object');
  });
});
