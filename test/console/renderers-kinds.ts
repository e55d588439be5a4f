import type { TimelineItem } from '../../console/src/messages/types.ts';
import { type Client, send, setHandset, settle, setupClient } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { postForm } from '../helpers/multipart.ts';
import { approvedInfomsgTemplate, brandTemplate } from '../helpers/templates.ts';
import { realJpeg, realPng } from './real-images.ts';

/*
 * Every message kind as a client sends it through the client API (templates registered and
 * approved, images uploaded), and what reached the handset, as timeline items. The renderers'
 * tests assert on each; the page test draws them all in Chromium.
 */

async function upload(t: TestGateway, apiKey: string, path: string, bytes: Uint8Array, name: string) {
  const type = name.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  const res = await postForm(
    t,
    `/api/comm/v1/file/${path}`,
    [{ name: 'file', bytes, filename: name, type }],
    apiKey,
  );
  const body = res.json<{ data: { code: string; data: Record<string, string> } }>();
  if (body.data.code !== 'A000') throw new Error(`upload ${path}: ${res.body}`);
  return body.data.data;
}

const BLUE = [59, 130, 246] as const;
const GREEN = [34, 197, 94] as const;
const ORANGE = [249, 115, 22] as const;
const PURPLE = [168, 85, 247] as const;
const TEAL = [20, 184, 166] as const;
const ROSE = [244, 63, 94] as const;

/** What the sends name: the client, its uploads (each kind of image the gateway serves). */
export interface Setup {
  c: Client;
  mmsKey: string;
  rcsMedia: string;
  infoImage: string;
  highlightImage: string;
  img: {
    landscape: string;
    wide: string;
    listFirst: string;
    listItem: string;
    feed: string;
    commerce: string;
    catalogFirst: string;
    catalogItem: string;
  };
}

export async function setup(t: TestGateway): Promise<Setup> {
  const c = await setupClient(t, 'renderers');
  const up = async (path: string, w: number, h: number, rgb: readonly [number, number, number]) =>
    (await upload(t, c.apiKey, path, realPng(w, h, rgb), 'pic.png')).imgUrl ?? '';
  const brand = (kind: string, w: number, h: number, rgb: readonly [number, number, number]) =>
    up(`brandmessage/${kind}`, w, h, rgb);
  return {
    c,
    mmsKey: (await upload(t, c.apiKey, 'mms', realJpeg(640, 480), 'cat.jpg')).fileKey ?? '',
    rcsMedia: (await upload(t, c.apiKey, 'rcs', realPng(568, 336, TEAL), 'card.png')).media ?? '',
    infoImage: await up('infomsg/template', 800, 400, BLUE),
    highlightImage: await up('infomsg/itemHighlight', 200, 200, ORANGE),
    img: {
      landscape: await brand('default', 800, 400, GREEN),
      wide: await brand('wide', 800, 600, PURPLE),
      listFirst: await brand('wideItemList/first', 800, 400, ORANGE),
      listItem: await brand('wideItemList', 400, 400, TEAL),
      feed: await brand('carouselFeed', 800, 400, ROSE),
      commerce: await brand('carouselCommerce', 800, 800, BLUE),
      catalogFirst: await brand('catalog/oddFirst', 1000, 500, PURPLE),
      catalogItem: await brand('catalog', 600, 600, GREEN),
    },
  };
}

export const link = (name: string, url = 'https://shop.example/sale') => ({
  type: 'WL',
  name,
  urlMobile: url,
});

/** One kind of message: what a client registers for it, and the send. */
export interface Kind {
  /** Registers the templates the send names (once per gateway). */
  prepare?: (t: TestGateway, s: Setup) => Promise<void>;
  flow: (s: Setup) => unknown[];
  destination?: Record<string, unknown>;
  /** The handset's settings (PUT /sandbox/v1/handsets/{phone}) before the send. */
  handset?: Record<string, unknown>;
}

const info = (s: Setup, templateCode: string) => ({
  infomsg: { senderKey: s.c.senderKey, templateCode, sendType: 'template' },
});
const brandSend = (s: Setup, templateCode: string, sendType = 'template') => ({
  brandmessage: { senderKey: s.c.senderKey, templateCode, sendType },
});
const brand = (templateCode: string, body: Record<string, unknown>) => (t: TestGateway, s: Setup) =>
  brandTemplate(t, s.c, { templateCode, templateName: templateCode, ...body });

export const KINDS = {
  sms: {
    flow: (s) => [
      { sms: { from: s.c.sender, text: '#{name}님, 인증번호는 123456입니다.\n3분 안에 입력하세요.' } },
    ],
    destination: { replaceWords: { name: '민수' } },
  },
  lms: {
    flow: (s) => [
      { mms: { from: s.c.sender, title: '배송 안내', text: '주문하신 상품이 오늘 발송되었습니다.' } },
    ],
  },
  mms: {
    flow: (s) => [
      {
        mms: {
          from: s.c.sender,
          subject: '가을 신상품',
          text: '새로 나온 코트를 만나 보세요.',
          fileKey: [s.mmsKey],
        },
      },
    ],
  },
  failover: {
    // Not an app user: the informational message fails (NoSendAvailableException), the SMS follows.
    handset: { appUser: null },
    flow: (s) => [
      {
        infomsg: {
          senderKey: s.c.senderKey,
          templateCode: 'TPL-001',
          msgType: 'AT',
          text: '주문이 접수되었습니다.',
        },
      },
      { sms: { from: s.c.sender, text: '[대체] 주문이 접수되었습니다.' } },
    ],
  },
  infoTitle: {
    prepare: (t, s) =>
      approvedInfomsgTemplate(t, s.c, 'R-PAY', '#{name}님, 결제가 완료되었습니다.', {
        templateEmphasizeType: 'TEXT',
        title: '#{amount}원',
        subtitle: '결제 금액',
        templateMessageType: 'EX',
        extra: '문의: 1588-0000',
        buttons: [link('영수증 보기', 'https://shop.example/r/#{order}'), { type: 'BK', name: '상담하기' }],
      }),
    flow: (s) => [info(s, 'R-PAY')],
    destination: { replaceWords: { name: '민수', amount: '12,000', order: 'Z9' } },
  },
  infoImage: {
    prepare: (t, s) =>
      approvedInfomsgTemplate(t, s.c, 'R-IMG', '가을 맞이 이벤트에 초대합니다.', {
        templateEmphasizeType: 'IMAGE',
        msgType: 'AI',
        imgUrl: s.infoImage,
        templateMessageType: 'AD',
        buttons: [{ type: 'AC', name: '채널 추가' }, link('이벤트 보기', 'https://shop.example/event')],
      }),
    flow: (s) => [info(s, 'R-IMG')],
  },
  infoList: {
    prepare: (t, s) =>
      approvedInfomsgTemplate(t, s.c, 'R-LIST', '주문해 주셔서 감사합니다.', {
        templateEmphasizeType: 'ITEM_LIST',
        header: '주문 내역',
        itemHighlight: { title: '주문 #{order}', description: '결제 완료', imageUrl: s.highlightImage },
        item: {
          list: [
            { title: '상품', description: '#{product}' },
            { title: '수량', description: '1개' },
          ],
          summary: { title: '합계', description: '12,000원' },
        },
        buttons: [link('주문 확인', 'https://shop.example/o/#{order}')],
      }),
    flow: (s) => [info(s, 'R-LIST')],
    destination: { replaceWords: { order: 'A-7', product: '울 코트' } },
  },
  rcsShort: {
    flow: (s) => [
      { rcs: { from: s.c.sender, brandKey: s.c.brandKey, body: { description: '인증번호 [482913]' } } },
    ],
  },
  rcsLong: {
    flow: (s) => [
      {
        rcs: {
          from: s.c.sender,
          brandKey: s.c.brandKey,
          formatId: 'SL000000',
          header: '(광고)',
          footer: '무료수신거부 080-000-0000',
          body: {
            title: '#{name}님 전용 혜택',
            description: '이번 주말까지 전 품목 20% 할인.\n매장과 온라인 모두.',
          },
          buttons: [
            {
              suggestions: [
                {
                  action: {
                    displayText: '혜택 보기',
                    urlAction: { openUrl: { url: 'https://rcs.example/sale' } },
                  },
                },
                {
                  action: {
                    displayText: '전화하기',
                    dialerAction: { dialPhoneNumber: { phoneNumber: '15880000' } },
                  },
                },
              ],
            },
          ],
        },
      },
    ],
    destination: { replaceWords: { name: '지수' } },
  },
  rcsCard: {
    flow: (s) => [
      {
        rcs: {
          brandKey: s.c.brandKey,
          formatId: 'SMwThM00',
          body: { title: '신상품 입고', description: '겨울 코트가 들어왔습니다.', media: s.rcsMedia },
          buttons: [
            {
              suggestions: [
                {
                  action: {
                    displayText: '구경하기',
                    urlAction: { openUrl: { url: 'https://rcs.example/new' } },
                  },
                },
              ],
            },
          ],
        },
      },
    ],
  },
  brandText: {
    prepare: brand('B-TEXT', {
      msgType: 'FT',
      text: '#{name}님, 가을 세일이 시작됩니다!',
      attachment: {
        button: [link('세일 보기'), { type: 'BK', name: '문의하기' }],
        coupon: {
          title: '10% 할인 쿠폰',
          description: '가을 한정',
          urlMobile: 'https://shop.example/coupon',
        },
      },
    }),
    // The variable-separation style of a basic send: the recipient's messageVariable fills it.
    flow: (s) => [brandSend(s, 'B-TEXT', 'basic')],
    destination: { messageVariable: { name: '지수' } },
  },
  brandFree: {
    flow: (s) => [
      {
        brandmessage: {
          sendType: 'free',
          msgType: 'FT',
          senderKey: s.c.senderKey,
          content: '오늘 하루 무료 배송!',
        },
      },
    ],
  },
  brandImage: {
    prepare: (t, s) =>
      brand('B-IMG', {
        msgType: 'FI',
        text: '새로 나온 가을 컬렉션',
        attachment: {
          image: { imgUrl: s.img.landscape, imgLink: 'https://shop.example/new' },
          button: [link('보러 가기')],
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-IMG')],
  },
  brandWide: {
    prepare: (t, s) =>
      brand('B-WIDE', {
        msgType: 'WIDE',
        text: '와이드 이미지로 보는 신상품',
        attachment: {
          image: { imgUrl: s.img.wide },
          button: [link('구매'), link('찜하기', 'https://shop.example/wish')],
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-WIDE')],
  },
  brandList: {
    prepare: (t, s) =>
      brand('B-LIST', {
        msgType: 'FL',
        header: '이번 주 추천',
        attachment: {
          item: {
            list: [
              { title: '울 코트', imgUrl: s.img.listFirst, urlMobile: 'https://shop.example/i/1' },
              { title: '캐시미어 머플러', imgUrl: s.img.listItem, urlMobile: 'https://shop.example/i/2' },
              { title: '가죽 장갑', imgUrl: s.img.listItem, urlMobile: 'https://shop.example/i/3' },
            ],
          },
          button: [link('전체 보기')],
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-LIST')],
  },
  brandFeed: {
    prepare: (t, s) =>
      brand('B-FEED', {
        msgType: 'FC',
        carousel: {
          list: [
            {
              header: '가을 코트',
              message: '부드러운 울 소재의 코트.',
              attachment: {
                image: { imgUrl: s.img.feed },
                button: [link('보기', 'https://shop.example/c/1')],
              },
            },
            {
              header: '겨울 부츠',
              message: '따뜻한 방한 부츠.',
              attachment: {
                image: { imgUrl: s.img.feed },
                button: [link('보기', 'https://shop.example/c/2')],
                coupon: { title: '3000원 할인 쿠폰', urlMobile: 'https://shop.example/coupon/2' },
              },
            },
          ],
          tail: { urlMobile: 'https://shop.example/all' },
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-FEED')],
  },
  brandCommerceCarousel: {
    prepare: (t, s) =>
      brand('B-CC', {
        msgType: 'FA',
        carousel: {
          head: { header: '겨울 특가', content: '인기 상품을 모았습니다', imgUrl: s.img.landscape },
          list: [
            {
              additionalContent: '무료 배송',
              attachment: {
                image: { imgUrl: s.img.commerce },
                commerce: { title: '울 코트', regularPrice: 100000, discountPrice: 80000, discountRate: 20 },
                button: [link('구매', 'https://shop.example/p/1')],
              },
            },
            {
              attachment: {
                image: { imgUrl: s.img.commerce },
                commerce: { title: '머플러', regularPrice: 30000 },
                button: [link('구매', 'https://shop.example/p/2')],
              },
            },
          ],
          tail: { urlMobile: 'https://shop.example/all' },
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-CC')],
  },
  brandCatalog: {
    prepare: (t, s) =>
      brand('B-CAT', {
        msgType: 'FG',
        header: '가을 카탈로그',
        attachment: {
          item: {
            list: [
              {
                title: '트렌치 코트',
                description: '클래식 핏',
                imgUrl: s.img.catalogFirst,
                urlMobile: 'https://shop.example/k/1',
              },
              {
                title: '니트',
                description: '울 100%',
                imgUrl: s.img.catalogItem,
                urlMobile: 'https://shop.example/k/2',
              },
              { title: '스커트', imgUrl: s.img.catalogItem, urlMobile: 'https://shop.example/k/3' },
            ],
          },
          button: [link('카탈로그 보기')],
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-CAT')],
  },
  brandCommerce: {
    prepare: (t, s) =>
      brand('B-COM', {
        msgType: 'FM',
        additionalContent: '오늘 자정까지',
        attachment: {
          image: { imgUrl: s.img.landscape },
          commerce: { title: '울 코트', regularPrice: 100000, discountPrice: 90000, discountFixed: 10000 },
          button: [link('구매하기')],
          coupon: {
            title: '배송비 할인 쿠폰',
            description: '첫 구매 고객',
            urlMobile: 'https://shop.example/ship',
          },
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-COM')],
  },
  brandVideo: {
    prepare: (t, s) =>
      brand('B-VID', {
        msgType: 'FP',
        header: '브랜드 필름',
        text: '가을 컬렉션 캠페인 영상',
        attachment: {
          video: { videoUrl: 'https://tv.example/v/1', thumbnailUrl: s.img.landscape },
          button: [link('컬렉션 보기')],
        },
      })(t, s),
    flow: (s) => [brandSend(s, 'B-VID')],
  },
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;

let numbers = 0;

/**
 * Sends the kind to a number of its own (or to `to`) and answers what that handset's timeline
 * holds.
 */
export async function deliver(
  t: TestGateway,
  s: Setup,
  name: KindName,
  to?: string,
): Promise<TimelineItem[]> {
  const kind: Kind = KINDS[name];
  numbers += 1;
  to ??= `0109${String(numbers).padStart(7, '0')}`;
  if (kind.handset) await setHandset(t, to, kind.handset);
  const res = await send(t, s.c, { destinations: [{ to, ...kind.destination }], messageFlow: kind.flow(s) });
  const data = res.json<{ data: { code: string; data?: { destinations: Array<{ code: string }> } } }>().data;
  if (data.code !== 'A000' || data.data?.destinations[0]?.code !== 'A000') {
    throw new Error(`send ${name}: ${res.body}`);
  }
  await settle(t);
  // What the console's handset page reads: the timeline, with the URLs of the uploads it names.
  const res2 = await t.request({ method: 'GET', url: `/sandbox/v1/handsets/${to}/timeline`, admin: true });
  if (res2.statusCode !== 200) throw new Error(`timeline ${to}: ${res2.statusCode} ${res2.body}`);
  return res2.json<{ items: TimelineItem[] }>().items;
}

/** Registers every kind's templates. */
export async function prepareAll(t: TestGateway, s: Setup): Promise<void> {
  for (const kind of Object.values(KINDS) as Kind[]) await kind.prepare?.(t, s);
}
