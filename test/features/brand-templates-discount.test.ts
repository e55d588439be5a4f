import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkDiscountRate, DISCOUNT_ZERO_REFUSED_FROM } from '../../src/rules/brand-message.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  commerceTemplate,
  type Images,
  ok,
  record,
  refused,
  setClock,
  type Templates,
  templates,
  textTemplate,
  uploadImages,
} from './brand-templates-helpers.ts';

/*
 * The discount rate (spec: Limits 1 to 100; Errors: 0 refused from 2026-08-04, send null when
 * unused) and the commerce structure that carries it. The day is read on the gateway clock.
 */

test('checkDiscountRate: 1 to 100 or null; 0 until 2026-08-04 00:00 KST', () => {
  const before = DISCOUNT_ZERO_REFUSED_FROM - 1;
  const from = DISCOUNT_ZERO_REFUSED_FROM;
  assert.equal(new Date(from).toISOString(), '2026-08-03T15:00:00.000Z');
  for (const v of [undefined, null, 1, 50, 100]) assert.equal(checkDiscountRate(v, from), null);
  assert.equal(checkDiscountRate(0, before), null);
  assert.match(checkDiscountRate(0, from) ?? '', /2026-08-04/);
  for (const v of [101, -1, 1.5, '101', '-1', '1.5', ' 10', '', true]) {
    assert.notEqual(checkDiscountRate(v, before), null, JSON.stringify(v));
  }
  // Numeric fields may come as digit strings (design §4): "10" is 10, and "0" is 0.
  for (const v of ['1', '10', '100']) assert.equal(checkDiscountRate(v, from), null, v);
  assert.equal(checkDiscountRate('0', before), null);
  assert.match(checkDiscountRate('0', from) ?? '', /2026-08-04/);
});

describeEachDb('brand message templates: discount rate and commerce', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Templates;
  let images: Images;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'discount');
    api = templates(t, c);
    images = await uploadImages(t, c.apiKey);
  });
  after(() => t.close());

  const withRate = (commerce: Record<string, unknown>) => commerceTemplate(c, images, commerce);

  test('discountRate 0 is taken until 2026-08-03 23:59:59 KST and refused from 2026-08-04 (A337)', async () => {
    await setClock(t, '2026-08-03T23:59:59+09:00');
    const rec = record(await api.register(withRate({ discountRate: 0, discountPrice: 100000 })));
    assert.equal(rec.attachment?.commerce?.discountRate, 0);
    ok(await api.register(withRate({ discount_rate: 0, discountPrice: 100000 })));

    await setClock(t, '2026-08-04T00:00:00+09:00');
    refused(
      await api.register(withRate({ discountRate: 0, discountPrice: 100000 })),
      'A337',
      'brandmessage.attachment.commerce.discountRate must be 1 to 100: 0 is refused from 2026-08-04',
    );
    refused(
      await api.register(withRate({ discount_rate: 0, discountPrice: 100000 })),
      'A337',
      'brandmessage.attachment.commerce.discount_rate',
    );
    // An update is refused alike.
    refused(
      await api.update({
        ...withRate({ discountRate: 0, discountPrice: 1 }),
        templateCode: rec.templateCode,
      }),
      'A337',
    );
  });

  test('discountRate 1 to 100 (or its digit string) or null; 101, -1, 1.5 and other strings are A337', async () => {
    await setClock(t, '2026-09-01T10:00:00+09:00');
    for (const discountRate of [1, 100]) {
      const rec = record(await api.register(withRate({ discountRate, discountPrice: 50000 })));
      assert.equal(rec.attachment?.commerce?.discountRate, discountRate);
    }
    // A digit string is the number (design §4), stored and answered as one.
    const digits = record(await api.register(withRate({ discountRate: '10', discountPrice: 90000 })));
    assert.equal(digits.attachment?.commerce?.discountRate, 10);
    for (const discountRate of [101, -1, 1.5, '101', '3a', '-1', '1.5', 'thirty']) {
      refused(
        await api.register(withRate({ discountRate, discountPrice: 50000 })),
        'A337',
        'must be an integer 1 to 100, or null when unused',
      );
    }
    // null: no discount; the record leaves it out.
    const rec = record(await api.register(withRate({ discountRate: null })));
    assert.deepEqual(rec.attachment?.commerce, { title: 'Wool coat', regularPrice: 100000 });
    refused(await api.register(withRate({ discount_rate: 101, discountPrice: 1 })), 'A337', 'discount_rate');
  });

  test('a top-level discountRate (as on the send channel object) follows the same rule', async () => {
    await setClock(t, '2026-09-01T10:00:00+09:00');
    refused(await api.register(textTemplate(c, { discountRate: 0 })), 'A337', 'brandmessage.discountRate');
    refused(await api.register(textTemplate(c, { discount_rate: 0 })), 'A337', 'brandmessage.discount_rate');
    refused(await api.register(textTemplate(c, { discountRate: 101 })), 'A337', 'brandmessage.discountRate');
    assert.equal(record(await api.register(textTemplate(c, { discountRate: 20 }))).discountRate, 20);
    assert.equal(record(await api.register(textTemplate(c, { discountRate: '30' }))).discountRate, 30);
    refused(
      await api.register(textTemplate(c, { discount_rate: '0' })),
      'A337',
      'brandmessage.discount_rate',
    );
    assert.equal(record(await api.register(textTemplate(c, { discountRate: null }))).discountRate, undefined);
    await setClock(t, '2026-08-01T10:00:00+09:00');
    assert.equal(record(await api.register(textTemplate(c, { discount_rate: 0 }))).discountRate, 0);
  });

  test('the variable-separation carousel commerce checks each card’s rate', async () => {
    await setClock(t, '2026-09-01T10:00:00+09:00');
    const card = (discountRate: unknown) => ({
      attachment: {
        image: { imgUrl: images.commerce21 },
        button: [{ type: 'WL', name: 'Buy', urlMobile: 'https://s.example.com' }],
        commerce: { title: 'Item', regularPrice: 1000, discountPrice: 900, discountRate },
      },
    });
    refused(
      await api.register({
        ...textTemplate(c),
        msgType: 'FA',
        text: undefined,
        carousel: { list: [card(10), card(0)] },
      }),
      'A337',
      'brandmessage.carousel.list[1].attachment.commerce.discountRate',
    );
  });

  test('commerce: title and regularPrice required; one of rate or fixed, with discountPrice', async () => {
    await setClock(t, '2026-09-01T10:00:00+09:00');
    ok(await api.register(withRate({ discountFixed: 5000, discountPrice: 95000 })));
    refused(await api.register(withRate({ title: '' })), 'A537', 'commerce.title is required');
    refused(await api.register(withRate({ title: 't'.repeat(31) })), 'A537', 'at most 30');
    refused(await api.register(withRate({ regularPrice: undefined })), 'A537', 'regularPrice is required');
    refused(await api.register(withRate({ regularPrice: -5 })), 'A537', 'regularPrice');
    refused(
      await api.register(withRate({ discountRate: 10, discountFixed: 100, discountPrice: 90000 })),
      'A537',
      'not both',
    );
    refused(await api.register(withRate({ discountRate: 10 })), 'A537', 'discountPrice is required');
    refused(await api.register(withRate({ discountPrice: 90000 })), 'A537', 'needs a discountRate');
    refused(
      await api.register(withRate({ discountRate: 10, discountPrice: 200000 })),
      'A537',
      'above regularPrice',
    );
    const body = commerceTemplate(c, images, {});
    const { commerce: _dropped, ...attachment } = body.attachment;
    refused(
      await api.register({ ...body, attachment }),
      'A537',
      'brandmessage.attachment.commerce is required',
    );
  });
});
