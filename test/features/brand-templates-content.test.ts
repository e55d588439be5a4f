import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { findBrandTemplate } from '../../src/store/templates/brand-templates.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';
import {
  code,
  commerceTemplate,
  type Images,
  link,
  ok,
  record,
  refused,
  setClock,
  type Templates,
  templates,
  uploadImage,
  uploadImages,
} from './brand-templates-helpers.ts';

/*
 * The structures of each msgType (spec: brandmessage notes, Limits) and their images, which
 * must be this account's brand message uploads of the ratio their place takes.
 */

describeEachDb('brand message templates: content per msgType', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let api: Templates;
  let images: Images;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-09-01T10:00:00+09:00');
    c = await setupClient(t, 'content');
    other = await setupClient(t, 'other');
    api = templates(t, c);
    images = await uploadImages(t, c.apiKey);
  });
  after(() => t.close());

  const base = (msgType: string, extra: Record<string, unknown>) => ({
    senderKey: c.senderKey,
    templateCode: code('K'),
    templateName: msgType,
    msgType,
    ...extra,
  });
  const image = (imgUrl: string, text = 'Look') => base('IMAGE', { text, attachment: { image: { imgUrl } } });

  test('IMAGE: text up to 400 and an image from 2:1 to 3:4, stored with its link', async () => {
    const rec = record(
      await api.register(
        base('FI', {
          text: 'x'.repeat(400),
          attachment: { image: { imgUrl: images.landscape, imgLink: 'https://l.example.com' } },
        }),
      ),
    );
    assert.deepEqual(rec.attachment?.image, { imgUrl: images.landscape, imgLink: 'https://l.example.com' });
    ok(await api.register(image(images.square)));
    ok(await api.register(image(images.portrait)));
    refused(await api.register(image(images.landscape, 'x'.repeat(401))), 'A532', 'at most 400');
    refused(
      await api.register(base('IMAGE', { text: 'x' })),
      'A533',
      'brandmessage.attachment.image is required',
    );
    refused(
      await api.register(base('IMAGE', { text: 'x', attachment: { image: {} } })),
      'A533',
      'imgUrl is required',
    );
  });

  test('an imgUrl must be one of this account’s brand message uploads (A534)', async () => {
    refused(
      await api.register(image('https://cdn.example.com/pic.png')),
      'A534',
      'brandmessage.attachment.image.imgUrl',
    );
    const theirs = await uploadImage(t, other.apiKey, 'default', 800, 400);
    refused(await api.register(image(theirs)), 'A534', theirs);
    refused(await api.register(image(`${images.landscape}x`)), 'A534');
    // An informational template image of this account is not a brand message image.
    const res = await postForm(
      t,
      '/api/comm/v1/file/infomsg/template',
      [{ name: 'file', bytes: png(800, 400), filename: 'info.png', type: 'image/png' }],
      c.apiKey,
    );
    const infoUrl = res.json<{ data: { data: { imgUrl: string } } }>().data.data.imgUrl;
    assert.ok(infoUrl.startsWith('http'), res.body);
    refused(await api.register(image(infoUrl)), 'A534', infoUrl);
  });

  test('WIDE: text up to 76 and 5 line breaks, an image from 2:1 to 1:1 (3:4 is A535), 2 buttons', async () => {
    const wide = (extra: Record<string, unknown>) =>
      base('WIDE', { text: 'Wide', attachment: { image: { imgUrl: images.wide } }, ...extra });
    ok(await api.register(wide({ text: 'w'.repeat(76) })));
    refused(await api.register(wide({ text: 'w'.repeat(77) })), 'A532', 'at most 76');
    refused(await api.register(wide({ text: 'a\nb\nc\nd\ne\nf\ng' })), 'A532', 'line breaks');
    ok(await api.register(wide({ attachment: { image: { imgUrl: images.landscape } } })));
    refused(
      await api.register(wide({ attachment: { image: { imgUrl: images.portrait } } })),
      'A535',
      'brandmessage.attachment.image.imgUrl is 600x800 (3:4): this place takes between 2:1 and 1:1',
    );
    ok(
      await api.register(
        wide({ attachment: { image: { imgUrl: images.wide }, button: [link('A'), link('B')] } }),
      ),
    );
    refused(
      await api.register(
        wide({ attachment: { image: { imgUrl: images.wide }, button: [link('A'), link('B'), link('C')] } }),
      ),
      'A503',
      'at most 2',
    );
    refused(
      await api.register(
        wide({ attachment: { image: { imgUrl: images.wide }, button: [link('123456789')] } }),
      ),
      'A503',
      'at most 8',
    );
  });

  const listItem = (imgUrl: string, title = 'Item') => ({
    title,
    imgUrl,
    urlMobile: 'https://i.example.com',
  });
  const wideList = (items: unknown[], extra: Record<string, unknown> = {}) =>
    base('WIDE_ITEM_LIST', { header: 'New in', attachment: { item: { list: items } }, ...extra });

  test('WIDE_ITEM_LIST: a header and 3 to 4 items, the first image 2:1 and the rest 1:1', async () => {
    const three = [listItem(images.listFirst), listItem(images.listItem), listItem(images.listItem)];
    const rec = record(await api.register(wideList(three)));
    assert.equal(rec.header, 'New in');
    assert.equal(rec.text, '');
    assert.equal(rec.attachment?.item?.list.length, 3);
    ok(await api.register(wideList([...three, listItem(images.listItem)])));
    refused(
      await api.register(wideList(three.slice(0, 2))),
      'A538',
      'has 2 items: msgType WIDE_ITEM_LIST takes 3 to 4',
    );
    refused(
      await api.register(wideList([...three, listItem(images.listItem), listItem(images.listItem)])),
      'A538',
      'has 5 items',
    );
    refused(
      await api.register(
        wideList([listItem(images.listItem), listItem(images.listItem), listItem(images.listItem)]),
      ),
      'A535',
      'list[0].imgUrl is 400x400 (1:1): this place takes 2:1',
    );
    refused(
      await api.register(
        wideList([listItem(images.listFirst), listItem(images.listFirst), listItem(images.listItem)]),
      ),
      'A535',
      'list[1].imgUrl',
    );
    refused(
      await api.register(wideList(three, { header: undefined })),
      'A540',
      'brandmessage.header is required',
    );
    refused(await api.register(wideList(three, { header: 'h'.repeat(21) })), 'A540', 'at most 20');
    refused(await api.register(wideList(three, { text: 'body' })), 'A545', 'brandmessage.text');
    refused(
      await api.register(wideList([{ title: 'x', imgUrl: images.listFirst }, three[1], three[2]])),
      'A538',
      'list[0].urlMobile is required',
    );
    refused(
      await api.register(wideList([listItem(images.listFirst, 't'.repeat(26)), three[1], three[2]])),
      'A538',
      'at most 25',
    );
    refused(await api.register(base('WIDE_ITEM_LIST', { header: 'h' })), 'A538', 'item.list is required');
  });

  const feedCard = (imgUrl: string, extra: Record<string, unknown> = {}) => ({
    header: 'Card',
    message: 'A card of the feed',
    attachment: { image: { imgUrl }, button: [link('Open')] },
    ...extra,
  });
  const feed = (list: unknown[], extra: Record<string, unknown> = {}) =>
    base('CAROUSEL_FEED', { carousel: { list }, ...extra });

  test('CAROUSEL_FEED: 2 to 10 cards with header, message, image and 1 to 2 buttons; one ratio', async () => {
    const rec = record(
      await api.register(
        feed([feedCard(images.feed21), feedCard(images.landscape)], {
          carousel: {
            list: [feedCard(images.feed21), feedCard(images.landscape)],
            tail: { urlMobile: 'https://more.example.com' },
          },
        }),
      ),
    );
    assert.equal(rec.carousel?.list.length, 2);
    assert.deepEqual(rec.carousel?.tail, { urlMobile: 'https://more.example.com' });
    assert.equal(rec.carousel?.list[0]?.attachment.image?.imgUrl, images.feed21);
    ok(await api.register(feed(Array.from({ length: 10 }, () => feedCard(images.feed11)))));
    refused(
      await api.register(feed([feedCard(images.feed21)])),
      'A539',
      'has 1 cards: a carousel takes 2 to 10',
    );
    refused(
      await api.register(feed(Array.from({ length: 11 }, () => feedCard(images.feed21)))),
      'A539',
      'has 11',
    );
    refused(
      await api.register(feed([feedCard(images.feed21), feedCard(images.feed11)])),
      'A535',
      'brandmessage.carousel.list[1].attachment.image.imgUrl is 1:1 but brandmessage.carousel.list[0].attachment.image.imgUrl is 2:1',
    );
    refused(
      await api.register(feed([feedCard(images.feed21), feedCard(images.portrait)])),
      'A535',
      'takes 2:1 or 1:1',
    );
    refused(
      await api.register(
        feed([feedCard(images.feed21), feedCard(images.feed21, { message: 'm'.repeat(181) })]),
      ),
      'A539',
      'list[1].message',
    );
    refused(
      await api.register(
        feed([
          feedCard(images.feed21),
          { ...feedCard(images.feed21), attachment: { image: { imgUrl: images.feed21 } } },
        ]),
      ),
      'A503',
      'list[1].attachment.button needs at least 1',
    );
    refused(
      await api.register(feed([feedCard(images.feed21), feedCard(images.feed21)], { text: 'x' })),
      'A545',
    );
    refused(
      await api.register(
        base('CAROUSEL_FEED', {
          carousel: {
            list: [feedCard(images.feed21), feedCard(images.feed21)],
            head: { header: 'h', content: 'c' },
          },
        }),
      ),
      'A545',
      'carousel.head',
    );
    refused(await api.register(base('FC', {})), 'A539', 'brandmessage.carousel is required');
  });

  test('CAROUSEL_COMMERCE: cards with commerce and an image; an optional head', async () => {
    const card = {
      additionalContent: 'Free delivery',
      attachment: {
        image: { imgUrl: images.commerce21 },
        button: [link('Buy')],
        commerce: { title: 'Shoes', regularPrice: 50000, discountPrice: 40000, discountFixed: 10000 },
      },
    };
    const rec = record(
      await api.register(
        base('CAROUSEL_COMMERCE', {
          carousel: {
            head: { header: 'Week deals', content: 'Until Sunday', imgUrl: images.landscape },
            list: [card, card],
          },
        }),
      ),
    );
    assert.equal(rec.carousel?.head?.header, 'Week deals');
    assert.equal(rec.carousel?.list[1]?.attachment.commerce?.discountFixed, 10000);
    assert.equal(rec.carousel?.list[0]?.additionalContent, 'Free delivery');
    refused(
      await api.register(base('FA', { carousel: { list: [card, { ...card, header: 'Feed header' }] } })),
      'A545',
      'list[1].header',
    );
    refused(
      await api.register(
        base('FA', { carousel: { list: [card, { ...card, additionalContent: 'a'.repeat(35) }] } }),
      ),
      'A546',
      'at most 34',
    );
  });

  test('PREMIUM_VIDEO: a video with a link, optional header and text up to 76, 1 button', async () => {
    const video = {
      videoUrl: 'https://tv.example.com/ch/videos/123',
      thumbnailUrl: 'https://tv.example.com/t.jpg',
    };
    const rec = record(
      await api.register(
        base('FP', { header: 'Watch', text: 'New film', attachment: { video, button: [link('More')] } }),
      ),
    );
    assert.deepEqual(rec.attachment?.video, video);
    ok(await api.register(base('PREMIUM_VIDEO', { attachment: { video } })));
    refused(
      await api.register(base('PREMIUM_VIDEO', {})),
      'A544',
      'brandmessage.attachment.video is required',
    );
    refused(
      await api.register(base('PREMIUM_VIDEO', { attachment: { video: { videoUrl: 'not a url' } } })),
      'A544',
      'videoUrl',
    );
    refused(
      await api.register(base('PREMIUM_VIDEO', { attachment: { video, button: [link('A'), link('B')] } })),
      'A503',
      'at most 1',
    );
  });

  test('COMMERCE: image 2:1 to 1:1, commerce, 1 to 2 buttons, additionalContent up to 34', async () => {
    const rec = record(
      await api.register(commerceTemplate(c, images, {}, { additionalContent: 'Today only' })),
    );
    assert.equal(rec.additionalContent, 'Today only');
    assert.equal(rec.text, '');
    const body = commerceTemplate(c, images, {});
    refused(
      await api.register({ ...body, attachment: { ...body.attachment, button: [] } }),
      'A503',
      'at least 1',
    );
    refused(
      await api.register({ ...body, attachment: { ...body.attachment, image: { imgUrl: images.portrait } } }),
      'A535',
    );
    refused(await api.register({ ...body, additionalContent: 'a'.repeat(35) }), 'A546', 'at most 34');
    refused(await api.register({ ...body, text: 'no text here' }), 'A545', 'brandmessage.text');
  });

  const catalogItem = (imgUrl: string, extra: Record<string, unknown> = {}) => ({
    title: 'Lamp',
    imgUrl,
    link: 'https://shop.example.com/lamp',
    ...extra,
  });
  const catalog = (list: unknown[], extra: Record<string, unknown> = {}) =>
    base('FG', { header: 'Our picks', attachment: { item: { list } }, ...extra });
  const items = (first: string, n: number) => [
    catalogItem(first),
    ...Array.from({ length: n - 1 }, () => catalogItem(images.catalogItem)),
  ];

  test('FG catalog: a header and 3 to 7 items; 2 and 8 are A538', async () => {
    for (const n of [3, 5, 7]) ok(await api.register(catalog(items(images.catalogFirst, n))));
    for (const n of [4, 6]) ok(await api.register(catalog(items(images.catalogItem, n))));
    refused(
      await api.register(catalog(items(images.catalogFirst, 2))),
      'A538',
      'has 2 items: msgType FG takes 3 to 7',
    );
    refused(await api.register(catalog(items(images.catalogItem, 8))), 'A538', 'has 8 items');
    refused(
      await api.register(catalog(items(images.catalogFirst, 3), { header: undefined })),
      'A540',
      'header is required',
    );
  });

  test('FG catalog ratios: with 3, 5 or 7 items the first is 2:1 and the rest 1:1; with 4 or 6 all 1:1', async () => {
    refused(
      await api.register(catalog(items(images.catalogItem, 3))),
      'A535',
      'brandmessage.attachment.item.list[0].imgUrl is 600x600 (1:1): this place takes 2:1',
    );
    refused(
      await api.register(catalog(items(images.catalogFirst, 4))),
      'A535',
      'brandmessage.attachment.item.list[0].imgUrl is 1000x500 (2:1): this place takes 1:1',
    );
    refused(await api.register(catalog(items(images.catalogFirst, 6))), 'A535', 'list[0]');
    refused(
      await api.register(catalog([...items(images.catalogFirst, 4), catalogItem(images.catalogFirst)])),
      'A535',
      'list[4]',
    );
  });

  test('FG catalog: the stored record and what the send path reads', async () => {
    const list = items(images.catalogFirst, 3);
    list[1] = catalogItem(images.catalogItem, {
      description: 'Warm light for #{room}',
      urlPc: 'https://pc.example.com',
    });
    const body = catalog(list, {
      header: { title: 'Our picks' },
      attachment: {
        item: { list },
        button: [link('All')],
        coupon: { title: '10% 할인 쿠폰', urlMobile: 'https://c.example.com' },
      },
    });
    const rec = record(await api.register(body));
    assert.equal(rec.msgType, 'FG');
    assert.equal(rec.header, 'Our picks');
    assert.deepEqual(rec.attachment?.item?.list[1], {
      title: 'Lamp',
      description: 'Warm light for #{room}',
      imgUrl: images.catalogItem,
      urlMobile: 'https://shop.example.com/lamp',
      urlPc: 'https://pc.example.com',
    });
    assert.deepEqual(rec.variables, ['room']);
    const stored = await findBrandTemplate(t.gw.ctx.store, c.senderKey, rec.templateCode);
    assert.equal(stored?.content.header, 'Our picks');
    assert.equal(stored?.content.items.length, 3);
    assert.equal(stored?.content.coupon?.title, '10% 할인 쿠폰');
    assert.deepEqual(stored?.variables, ['room']);
    refused(
      await api.register(
        catalog([
          catalogItem(images.catalogFirst, { description: 'd'.repeat(41) }),
          ...items(images.catalogItem, 3).slice(1),
        ]),
      ),
      'A538',
      'description',
    );
    refused(
      await api.register(catalog(items(images.catalogFirst, 3), { text: 'body' })),
      'A545',
      'brandmessage.text',
    );
  });
});
