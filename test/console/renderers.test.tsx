import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { TimelineItem } from '../../console/src/messages/types.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  buttonsOf,
  externalLinksOf,
  hasInlineStyle,
  html,
  imagesOf,
  labelOf,
  placeholdersOf,
  slidesOf,
  textOf,
} from './renderers-helpers.ts';
import { deliver, type KindName, prepareAll, type Setup, setup } from './renderers-kinds.ts';

/*
 * Each message kind sent through the client API, read back from the handset's inbox, and drawn
 * by the console's renderer: the assertions are what a person sees (texts, titles, buttons,
 * images and their addresses, cards, prices, the failover badge).
 */
describeEachDb('message renderers: each kind as the handset received it', (db) => {
  let t: TestGateway;
  let s: Setup;

  before(async () => {
    t = await startTestGateway(db);
    s = await setup(t);
    await prepareAll(t, s);
  });
  after(() => t.close());

  /** The kind's one delivered message, drawn. */
  async function drawn(name: KindName): Promise<{ item: TimelineItem; out: string; seen: string }> {
    const items = await deliver(t, s, name);
    assert.equal(items.length, 1, `${name}: ${JSON.stringify(items)}`);
    const item = items[0] as TimelineItem;
    const out = html(item);
    assert.equal(hasInlineStyle(out), false, `${name} has inline style`);
    for (const l of externalLinksOf(out)) {
      assert.match(l.href ?? '', /^https?:\/\//, `${name}: ${l.href}`);
      assert.equal(l.target, '_blank');
      assert.equal(l.rel, 'noreferrer noopener');
    }
    return { item, out, seen: textOf(out) };
  }

  const koreaTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

  test('SMS: a bubble with the substituted text (line breaks kept), the sender and the Korea time', async () => {
    const { item, out, seen } = await drawn('sms');
    assert.equal(labelOf(out), `SMS from ${s.c.sender}`);
    assert.match(out, /민수님, 인증번호는 123456입니다.\n3분 안에 입력하세요./);
    assert.match(out, /class="msg-bubble"/);
    assert.match(item.receivedAt, /\+09:00$/);
    assert.ok(seen.includes(koreaTime(item.receivedAt)), seen);
    assert.doesNotMatch(seen, /Failover/);
  });

  test('LMS and MMS: the title over the text; MMS images drawn from where the gateway serves them', async () => {
    const lms = await drawn('lms');
    assert.equal(labelOf(lms.out), `LMS from ${s.c.sender}`);
    assert.match(lms.seen, /^\S+ LMS 배송 안내 주문하신 상품이 오늘 발송되었습니다\./);
    const mms = await drawn('mms');
    assert.equal(labelOf(mms.out), `MMS from ${s.c.sender}`);
    assert.match(mms.seen, /가을 신상품 새로 나온 코트를 만나 보세요\./);
    // The timeline gives the URL the uploaded fileKey is served at, and that URL serves the image.
    const url = mms.item.media[s.mmsKey];
    assert.ok(url, JSON.stringify(mms.item.media));
    assert.deepEqual(imagesOf(mms.out), [{ src: url, alt: 'Image 1 of 1' }]);
    assert.deepEqual(placeholdersOf(mms.out), []);
    const served = await t.request({ method: 'GET', url: new URL(url).pathname });
    assert.equal(served.statusCode, 200);
    assert.match(String(served.headers['content-type']), /^image\//);
  });

  test('a failover step: the failed informational message is a marked event, then the SMS with the failover badge', async () => {
    const items = await deliver(t, s, 'failover');
    assert.deepEqual(
      items.map((i) => [i.kind, i.channel, i.step, i.failover]),
      [
        ['failure', 'infomsg', 0, false],
        ['message', 'sms', 1, true],
      ],
    );
    const [failed, sms] = items.map((i) => textOf(html(i)));
    assert.match(failed ?? '', /30003/);
    assert.match(failed ?? '', /NoSendAvailableException/);
    assert.match(sms ?? '', /\[대체\] 주문이 접수되었습니다\./);
    assert.match(sms ?? '', /Failover/);
  });

  test('informational template, emphasized title: subtitle, title, text, extra, link and label buttons', async () => {
    const { out, seen } = await drawn('infoTitle');
    assert.equal(labelOf(out), `Info message (title) from ${s.c.senderKey}`);
    assert.match(
      seen,
      /결제 금액 12,000원 민수님, 결제가 완료되었습니다\. 문의: 1588-0000 영수증 보기 상담하기/,
    );
    assert.deepEqual(buttonsOf(out), ['영수증 보기', '상담하기']);
    assert.deepEqual(
      externalLinksOf(out).map((l) => [l.text, l.href]),
      [['영수증 보기', 'https://shop.example/r/Z9']],
    );
  });

  test('informational template, image and channel add: the uploaded image, the channel-add line and button', async () => {
    const { out, seen } = await drawn('infoImage');
    assert.equal(labelOf(out), `Info message (image) from ${s.c.senderKey}`);
    assert.deepEqual(imagesOf(out), [{ src: s.infoImage, alt: 'Template image' }]);
    assert.match(seen, /가을 맞이 이벤트에 초대합니다\. 채널 추가하고 이 채널의 마케팅 메시지 등을 받기/);
    assert.deepEqual(buttonsOf(out), ['채널 추가', '이벤트 보기']);
  });

  test('informational template, item list: header, highlight with its thumbnail, items, summary', async () => {
    const { out, seen } = await drawn('infoList');
    assert.equal(labelOf(out), `Info message (item list) from ${s.c.senderKey}`);
    assert.match(
      seen,
      /주문 내역 주문 A-7 결제 완료 상품 울 코트 수량 1개 합계 12,000원 주문해 주셔서 감사합니다\. 주문 확인/,
    );
    assert.deepEqual(imagesOf(out), [{ src: s.highlightImage, alt: '주문 A-7' }]);
    assert.deepEqual(
      externalLinksOf(out).map((l) => l.href),
      ['https://shop.example/o/A-7'],
    );
  });

  test('RCS short and long text: a bubble; the long one with its title, Android header and footer, buttons', async () => {
    const short = await drawn('rcsShort');
    assert.equal(labelOf(short.out), `RCS (short text) from ${s.c.sender}`);
    assert.match(short.seen, /인증번호 \[482913\]/);
    const long = await drawn('rcsLong');
    assert.equal(labelOf(long.out), `RCS (long text) from ${s.c.sender}`);
    assert.match(
      long.seen,
      /\(광고\) 지수님 전용 혜택 이번 주말까지 전 품목 20% 할인\. 매장과 온라인 모두\. 혜택 보기 전화하기 무료수신거부 080-000-0000/,
    );
    assert.deepEqual(buttonsOf(long.out), ['혜택 보기', '전화하기']);
    assert.deepEqual(
      externalLinksOf(long.out).map((l) => [l.text, l.href]),
      [['혜택 보기', 'https://rcs.example/sale']],
    );
  });

  test('RCS card: the media (drawn from the URL of its upload key), title, description, button', async () => {
    const { item, out, seen } = await drawn('rcsCard');
    // No sender number in the send: the brand names the sender.
    assert.equal(labelOf(out), `RCS (card) from ${s.c.brandKey}`);
    const url = item.media[s.rcsMedia];
    assert.ok(url, JSON.stringify(item.media));
    assert.deepEqual(imagesOf(out), [{ src: url, alt: 'Media of 신상품 입고' }]);
    assert.deepEqual(placeholdersOf(out), []);
    assert.match(seen, /신상품 입고 겨울 코트가 들어왔습니다\. 구경하기/);
  });

  test('brand message text (variable separation): the text, its buttons and its coupon', async () => {
    const { out, seen } = await drawn('brandText');
    assert.equal(labelOf(out), `Brand message (text) from ${s.c.senderKey}`);
    assert.match(seen, /지수님, 가을 세일이 시작됩니다! 세일 보기 문의하기 Coupon 10% 할인 쿠폰 가을 한정/);
    assert.deepEqual(buttonsOf(out), ['세일 보기', '문의하기']);
    assert.deepEqual(
      externalLinksOf(out).map((l) => [l.text, l.href]),
      [
        ['세일 보기', 'https://shop.example/sale'],
        ['Coupon 10% 할인 쿠폰 가을 한정', 'https://shop.example/coupon'],
      ],
    );
    const free = await drawn('brandFree');
    assert.equal(labelOf(free.out), `Brand message (text) from ${s.c.senderKey}`);
    assert.match(free.seen, /오늘 하루 무료 배송!/);
  });

  test('brand message image and wide image: the uploaded image (linked when it has imgLink), text, buttons', async () => {
    const image = await drawn('brandImage');
    assert.equal(labelOf(image.out), `Brand message (image) from ${s.c.senderKey}`);
    assert.deepEqual(imagesOf(image.out), [{ src: s.img.landscape, alt: 'Message image' }]);
    assert.deepEqual(
      externalLinksOf(image.out).map((l) => [l.href, l.alt]),
      [
        ['https://shop.example/new', ['Message image']],
        ['https://shop.example/sale', []],
      ],
    );
    assert.match(image.seen, /새로 나온 가을 컬렉션 보러 가기/);
    const wide = await drawn('brandWide');
    assert.equal(labelOf(wide.out), `Brand message (wide image) from ${s.c.senderKey}`);
    assert.deepEqual(imagesOf(wide.out), [{ src: s.img.wide, alt: 'Wide image' }]);
    assert.deepEqual(buttonsOf(wide.out), ['구매', '찜하기']);
    assert.match(wide.out, /msg-buttons-row/);
  });

  test('brand message wide item list: the header, each item with its image and link', async () => {
    const { out, seen } = await drawn('brandList');
    assert.equal(labelOf(out), `Brand message (wide item list) from ${s.c.senderKey}`);
    assert.match(seen, /이번 주 추천 울 코트 캐시미어 머플러 가죽 장갑 전체 보기/);
    assert.deepEqual(imagesOf(out), [
      { src: s.img.listFirst, alt: '울 코트' },
      { src: s.img.listItem, alt: '캐시미어 머플러' },
      { src: s.img.listItem, alt: '가죽 장갑' },
    ]);
    assert.deepEqual(
      externalLinksOf(out).map((l) => l.href),
      [
        'https://shop.example/i/1',
        'https://shop.example/i/2',
        'https://shop.example/i/3',
        'https://shop.example/sale',
      ],
    );
  });

  test('brand message carousel feed: a card per entry (image, header, message, button, coupon) and the tail', async () => {
    const { out } = await drawn('brandFeed');
    assert.equal(labelOf(out), `Brand message (carousel feed) from ${s.c.senderKey}`);
    assert.match(out, /<ol class="msg-carousel-track" aria-label="Carousel of 2 cards">/);
    assert.deepEqual(slidesOf(out), [
      '가을 코트 부드러운 울 소재의 코트. 보기',
      '겨울 부츠 따뜻한 방한 부츠. 보기 Coupon 3000원 할인 쿠폰',
    ]);
    assert.deepEqual(imagesOf(out), [
      { src: s.img.feed, alt: '가을 코트' },
      { src: s.img.feed, alt: '겨울 부츠' },
    ]);
    const more = externalLinksOf(out).find((l) => l.text === 'More');
    assert.equal(more?.href, 'https://shop.example/all');
  });

  test('brand message carousel commerce: the intro card, products with their prices, the tail', async () => {
    const { out } = await drawn('brandCommerceCarousel');
    assert.equal(labelOf(out), `Brand message (carousel commerce) from ${s.c.senderKey}`);
    assert.deepEqual(slidesOf(out), [
      '겨울 특가 인기 상품을 모았습니다',
      '울 코트 20% 80,000원 regular price 100,000원 무료 배송 구매',
      '머플러 30,000원 구매',
    ]);
    assert.deepEqual(imagesOf(out), [
      { src: s.img.landscape, alt: '겨울 특가' },
      { src: s.img.commerce, alt: '울 코트' },
      { src: s.img.commerce, alt: '머플러' },
    ]);
    assert.match(out, /<s class="msg-commerce-regular">/);
  });

  test('brand message catalog: the header, items with image, title and description', async () => {
    const { out, seen } = await drawn('brandCatalog');
    assert.equal(labelOf(out), `Brand message (catalog) from ${s.c.senderKey}`);
    assert.match(seen, /가을 카탈로그 트렌치 코트 클래식 핏 니트 울 100% 스커트 카탈로그 보기/);
    assert.deepEqual(imagesOf(out), [
      { src: s.img.catalogFirst, alt: '트렌치 코트' },
      { src: s.img.catalogItem, alt: '니트' },
      { src: s.img.catalogItem, alt: '스커트' },
    ]);
    // Three items: the first spans the row (its image is 2:1).
    assert.match(out, /class="msg-catalog-item msg-catalog-item-first"/);
  });

  test('brand message commerce: image, product, fixed discount and prices, extra line, button, coupon', async () => {
    const { out, seen } = await drawn('brandCommerce');
    assert.equal(labelOf(out), `Brand message (commerce) from ${s.c.senderKey}`);
    assert.match(
      seen,
      /울 코트 10,000원 할인 90,000원 regular price 100,000원 오늘 자정까지 구매하기 Coupon 배송비 할인 쿠폰 첫 구매 고객/,
    );
    assert.deepEqual(imagesOf(out), [{ src: s.img.landscape, alt: 'Product image' }]);
  });

  test('brand message premium video: the thumbnail linking to the video, header, text, button', async () => {
    const { out, seen } = await drawn('brandVideo');
    assert.equal(labelOf(out), `Brand message (premium video) from ${s.c.senderKey}`);
    assert.deepEqual(imagesOf(out), [{ src: s.img.landscape, alt: 'Video: 브랜드 필름' }]);
    const video = externalLinksOf(out).find((l) => l.href === 'https://tv.example/v/1');
    // The link is named by the thumbnail's alt and its own words (the play sign is decoration).
    assert.deepEqual(video?.alt, ['Video: 브랜드 필름']);
    assert.match(video?.text ?? '', /Play the video$/);
    assert.match(seen, /브랜드 필름 가을 컬렉션 캠페인 영상 컬렉션 보기/);
  });
});
