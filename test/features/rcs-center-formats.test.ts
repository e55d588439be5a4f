import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { imageSize } from 'image-size';
import { RCS_COMMON_FORMATS } from '../../src/features/rcs/formats.ts';
import { setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

const BASE = '/api/comm/v1/center/rcs/messagebase';

describeEachDb('RCS center: common message formats and logos', (db) => {
  let t: TestGateway;
  let apiKey: string;

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    ({ apiKey } = await setupClient(t, 'acme'));
  });
  after(() => t.close());

  const get = (url: string, key: string | undefined = apiKey) =>
    t.request({ method: 'GET', url, ...(key ? { apiKey: key } : {}) });
  const refused = async (url: string, status: number, code: string, result: RegExp) => {
    const res = await get(url);
    assert.equal(res.statusCode, status, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, code, res.body);
    assert.match(body.data.result, result);
  };

  test('the send path’s three formats keep their types and limits', () => {
    assert.deepEqual(
      ['SS000000', 'SL000000', 'ST000000'].map((id) => {
        const f = RCS_COMMON_FORMATS[id];
        return [f?.formatId, f?.msgType, f?.maxChars];
      }),
      [
        ['SS000000', 'RS', 100],
        ['SL000000', 'RL', 1300],
        ['ST000000', 'RT', 1300],
      ],
    );
    for (const [id, f] of Object.entries(RCS_COMMON_FORMATS)) {
      assert.equal(f.formatId, id);
      assert.ok(f.maxChars > 0);
      assert.equal(f.policyInfo.buttonsAllowed, f.policyInfo.maxButtonCount > 0, id);
      assert.equal(f.buttons.suggestions.length > 0, f.policyInfo.buttonsAllowed, id);
      assert.equal(new Set(f.body.map((e) => e.card)).size, f.cardCount, id);
    }
  });

  test('the list: every format with messagebaseformId, formName, bizCondition, cardType, dates', async () => {
    const res = await get(`${BASE}/common/list`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, 'A000');
    const forms = body.data.data.rcs.messageForms as Array<Record<string, unknown>>;
    assert.equal(forms.length, Object.keys(RCS_COMMON_FORMATS).length);
    const ids = forms.map((f) => f.messagebaseformId);
    for (const id of ['SS000000', 'SL000000', 'ST000000', 'SMwThT00', 'SMwThM00', 'SMwLhX00', 'CMwShS0300']) {
      assert.ok(ids.includes(id), id);
    }
    const ss = forms.find((f) => f.messagebaseformId === 'SS000000');
    assert.deepEqual(Object.keys(ss ?? {}).sort(), [
      'bizCondition',
      'cardType',
      'formName',
      'messagebaseformId',
      'registerDate',
      'updateDate',
    ]);
    assert.equal(ss?.cardType, 'free');
    assert.deepEqual(ss?.bizCondition, ['all']);
    assert.match(String(ss?.registerDate), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.match(String(ss?.updateDate), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(forms.find((f) => f.messagebaseformId === 'SMwThT00')?.cardType, 'standalone');
    assert.equal(forms.find((f) => f.messagebaseformId === 'CMwMhM0600')?.cardType, 'carousel');
  });

  test('a detail: body, button kinds and policy of SS000000 (no buttons) and SL000000', async () => {
    const ss = (await get(`${BASE}/common?messagebaseId=SS000000`)).json().data.data.rcs.messageForm;
    assert.equal(ss.formatId, 'SS000000');
    assert.equal(typeof ss.templateName, 'string');
    assert.equal(ss.msgType, 'RS');
    assert.equal(ss.maxChars, 100);
    assert.deepEqual(ss.body, [
      { param: 'description', card: 1, type: 'text', required: true, maxLength: 100 },
    ]);
    assert.deepEqual(ss.buttons, { suggestions: [] });
    assert.deepEqual(ss.policyInfo, { buttonsAllowed: false, maxButtonCount: 0 });

    const sl = (await get(`${BASE}/common?messagebaseId=SL000000`)).json().data.data.rcs.messageForm;
    assert.equal(sl.msgType, 'RL');
    assert.deepEqual(
      sl.body.map((e: { param: string; maxLength: number }) => [e.param, e.maxLength]),
      [
        ['title', 30],
        ['description', 1300],
      ],
    );
    assert.deepEqual(sl.policyInfo, { buttonsAllowed: true, maxButtonCount: 3 });
    assert.ok(sl.buttons.suggestions.some((s: { type: string }) => s.type === 'urlAction'));
  });

  test('a media card and a carousel: an image per card, limits per card', async () => {
    const tall = (await get(`${BASE}/common?messagebaseId=SMwThT00`)).json().data.data.rcs.messageForm;
    assert.equal(tall.msgType, 'RM');
    assert.equal(tall.cardType, 'standalone');
    assert.deepEqual(tall.body[0], {
      param: 'media',
      card: 1,
      type: 'image',
      required: true,
      recommendedWidth: 568,
      recommendedHeight: 528,
    });
    assert.deepEqual(tall.policyInfo, { buttonsAllowed: true, maxButtonCount: 2 });

    const car = (await get(`${BASE}/common?messagebaseId=CMwShS0400`)).json().data.data.rcs.messageForm;
    assert.equal(car.cardType, 'carousel');
    assert.equal(car.cardCount, 4);
    assert.equal(car.body.length, 12);
    assert.deepEqual(
      car.body
        .filter((e: { param: string }) => e.param === 'description')
        .map((e: { card: number }) => e.card),
      [1, 2, 3, 4],
    );
    assert.equal(car.maxChars, 60);
  });

  test('an unknown or missing messagebaseId is refused, naming it', async () => {
    await refused(`${BASE}/common?messagebaseId=XX000000`, 404, 'A600', /messagebaseId XX000000/);
    // Not a format even though it is a property of every object.
    await refused(`${BASE}/common?messagebaseId=toString`, 404, 'A600', /toString/);
    await refused(`${BASE}/common`, 400, 'A300', /messagebaseId is required/);
    await refused(`${BASE}/common?messagebaseId=`, 400, 'A300', /messagebaseId/);
  });

  test('logos of a text format: five stock PNGs whose URLs serve real bytes of the stated size', async () => {
    const res = await get(`${BASE}/messagebaseform/logo?messagebaseformId=SL000000`);
    assert.equal(res.statusCode, 200, res.body);
    const images = res.json().data.data.rcs.images as Array<{
      fileId: string;
      fileName: string;
      imageWidth: number;
      imageHeight: number;
      imageUrl: string;
    }>;
    assert.equal(images.length, 5);
    assert.deepEqual(
      images.map((i) => i.fileName),
      ['notice.png', 'payment.png', 'delivery.png', 'reservation.png', 'security.png'],
    );
    for (const img of images) {
      assert.match(img.fileId, /^logo_SL000000_[a-z]+$/);
      const path = new URL(img.imageUrl).pathname;
      assert.equal(path, `${BASE}/messagebaseform/logo/${img.fileId}`);
      const bytes = await get(path);
      assert.equal(bytes.statusCode, 200);
      assert.equal(bytes.headers['content-type'], 'image/png');
      const size = imageSize(bytes.rawPayload);
      assert.deepEqual([size.type, size.width, size.height], ['png', img.imageWidth, img.imageHeight]);
    }
    // The bytes need the API key like the rest of the center.
    const anonymous = await get(new URL(images[0]?.imageUrl ?? '').pathname, '');
    assert.equal(anonymous.statusCode, 401);
  });

  test('a card format offers no stock logo; unknown ids are refused', async () => {
    const res = await get(`${BASE}/messagebaseform/logo?messagebaseformId=SMwThT00`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data.data.rcs.images, []);
    await refused(
      `${BASE}/messagebaseform/logo?messagebaseformId=NOPE`,
      404,
      'A600',
      /messagebaseformId NOPE/,
    );
    await refused(`${BASE}/messagebaseform/logo`, 400, 'A300', /messagebaseformId is required/);
    await refused(`${BASE}/messagebaseform/logo/logo_SMwThT00_notice`, 404, 'A612', /logo_SMwThT00_notice/);
    await refused(`${BASE}/messagebaseform/logo/logo_SS000000_nothing`, 404, 'A612', /nothing/);
  });

  test('the center needs the API key', async () => {
    const res = await get(`${BASE}/common/list`, '');
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().common.authCode, 'A401');
  });
});
