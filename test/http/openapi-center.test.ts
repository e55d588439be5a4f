import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { uploadImage } from '../features/brand-templates-helpers.ts';
import { advance, type Client, send, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { formBody, type Part, postForm } from '../helpers/multipart.ts';
import { type Conformance, loadConformance } from '../helpers/openapi-conformance.ts';

/*
 * The center's operations (/api/comm/v1/center/* and the direct video upload) against what the
 * OpenAPI document says of them: a client's day with templates, the RCS brand, group tags, friend
 * groups, videos, send permission and a broadcast, every answer (success and refusal) checked
 * against its documented schema, closed to undocumented fields.
 */

const PUBLIC_URL = 'https://gw.example.test';
const C = '/api/comm/v1/center';
const IM = `${C}/infomsg`;
const BT = `${C}/brandmessage/template`;
const RCS = `${C}/rcs`;
const GT = `${C}/brandmessage/groupTag`;
const GM = `${C}/brandmessage/groupMessage`;
const FG = `${C}/brandmessage/friendGroup`;
const VID = `${C}/brandmessage/video`;
const SP = `${C}/brandmessage/sendPermission`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Json = Record<string, unknown>;

const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'));

/** An MP4 of exactly `size` bytes: an ftyp box, then zeros. */
function mp4(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')]);
  return out;
}

function numbers(prefix: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `010${prefix}${String(i + 1).padStart(8 - prefix.length, '0')}`,
  );
}

describeEachDb('OpenAPI: the center’s operations answer as documented', (db) => {
  let t: TestGateway;
  let c: Client;
  let conformance: Conformance;
  /** Operations answered with success (A000), by `METHOD /path`. */
  const succeeded = new Set<string>();

  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_PUBLIC_URL: `${PUBLIC_URL}/` } });
    await clock('2026-11-23 09:00:00');
    c = await setupClient(t, 'acme');
    conformance = await loadConformance(t);
  });
  after(() => t.close());

  async function clock(kst: string): Promise<void> {
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: kst },
    });
    assert.equal(res.statusCode, 200, res.body);
    await settle(t);
  }

  /** Checks a JSON answer against the document; returns its body. */
  function conform(method: Method, path: string, res: LightMyRequestResponse): Json {
    const body = res.json<Json>();
    assert.deepEqual(conformance.check(method, path, res.statusCode, body), [], res.body);
    return body;
  }

  /** A call expected to succeed: data.data (or the whole body off the client API). */
  async function ok(method: Method, path: string, url: string, body?: unknown): Promise<Json> {
    const res = await t.request({ method, url, apiKey: c.apiKey, ...(body === undefined ? {} : { body }) });
    return okOf(method, path, res);
  }

  function okOf(method: Method, path: string, res: LightMyRequestResponse): Json {
    assert.equal(res.statusCode, 200, res.body);
    const body = conform(method, path, res);
    succeeded.add(`${method} ${path}`);
    if (!path.startsWith('/api/')) return body;
    const data = body.data as Json;
    assert.equal(data.code, 'A000', res.body);
    return (data.data ?? {}) as Json;
  }

  async function refused(
    method: Method,
    path: string,
    url: string,
    body: unknown,
    code: string,
  ): Promise<void> {
    const res = await t.request({ method, url, apiKey: c.apiKey, ...(body === undefined ? {} : { body }) });
    refusedOf(method, path, res, code);
  }

  function refusedOf(method: Method, path: string, res: LightMyRequestResponse, code: string): void {
    const body = conform(method, path, res);
    assert.equal((body.data as Json | undefined)?.code, code, res.body);
  }

  const form = (url: string, parts: readonly Part[], method: 'POST' | 'PUT' = 'POST') =>
    postForm(t, url, parts, c.apiKey, method);

  test('informational templates, their review, categories and public templates', async () => {
    const sk = c.senderKey;
    const infomsg = {
      senderKey: sk,
      templateCode: 'ORDER-DONE',
      templateName: '주문 완료 안내',
      text: '#{name}님, 주문 #{order}이 완료되었습니다.',
      categoryCode: '002001',
      variables: [
        { key: 'name', example: '홍길동' },
        { key: 'order', example: 'A-1001' },
      ],
      buttons: [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }],
    };
    await ok('POST', `${IM}/template`, `${IM}/template`, { infomsg });
    await refused('POST', `${IM}/template`, `${IM}/template`, { infomsg }, 'A528');
    await refused(
      'POST',
      `${IM}/template`,
      `${IM}/template`,
      { infomsg: { ...infomsg, categoryCode: '9' } },
      'A512',
    );
    const key = `senderKey=${sk}&templateCode=ORDER-DONE`;
    await ok('GET', `${IM}/template`, `${IM}/template?${key}`);
    await refused(
      'GET',
      `${IM}/template`,
      `${IM}/template?senderKey=${sk}&templateCode=NONE`,
      undefined,
      'A820',
    );
    await ok('PUT', `${IM}/template`, `${IM}/template`, {
      infomsg: { senderKey: sk, templateCode: 'ORDER-DONE', previewMessage: '주문이 완료되었습니다' },
    });
    const review = { infomsg: { senderKey: sk, templateCode: 'ORDER-DONE', comment: '검수 부탁드립니다' } };
    await ok('POST', `${IM}/template/request`, `${IM}/template/request`, review);
    await refused(
      'PUT',
      `${IM}/template`,
      `${IM}/template`,
      { infomsg: { senderKey: sk, templateCode: 'ORDER-DONE', text: 'x' } },
      'A824',
    );
    await ok('POST', `${IM}/template/request/cancel`, `${IM}/template/request/cancel`, {
      infomsg: { senderKey: sk, templateCode: 'ORDER-DONE', comment: '문구를 고칩니다' },
    });
    await refused('POST', `${IM}/template/request/cancel`, `${IM}/template/request/cancel`, review, 'A824');
    // Asked again with an attachment (form-data), then approved by the sandbox reviewer.
    const res = await form(`${IM}/template/request`, [
      { name: 'senderKey', value: sk },
      { name: 'templateCode', value: 'ORDER-DONE' },
      { name: 'comment', value: '사업자등록증 첨부합니다' },
      { name: 'attachment', bytes: png(10, 10), filename: 'license.png', type: 'image/png' },
    ]);
    okOf('POST', `${IM}/template/request`, res);
    const decided = await t.request({
      method: 'POST',
      url: '/sandbox/v1/reviews',
      admin: true,
      body: { senderKey: sk, templateCode: 'ORDER-DONE', decision: 'approve', comment: '승인' },
    });
    assert.equal(decided.statusCode, 200, decided.body);
    const approved = await ok('GET', `${IM}/template`, `${IM}/template?${key}`);
    assert.equal((approved.infomsg as Json).inspectionStatus, 'APR');
    await ok('PUT', `${IM}/template`, `${IM}/template`, {
      infomsg: { senderKey: sk, templateCode: 'ORDER-DONE', templateName: '주문 완료 안내 (2026)' },
    });
    await refused(
      'PUT',
      `${IM}/template`,
      `${IM}/template`,
      { infomsg: { senderKey: sk, templateCode: 'ORDER-DONE', text: '#{name}님, 주문 #{order} 완료' } },
      'A519',
    );

    await ok(
      'GET',
      `${IM}/template/list`,
      `${IM}/template/list?senderKey=${sk}&inspectionStatus=APR&limit=1`,
    );
    await ok('GET', `${IM}/template/list`, `${IM}/template/list?senderKey=${sk}`);
    await refused('GET', `${IM}/template/list`, `${IM}/template/list?senderKey=sk-nobody`, undefined, 'A340');
    await ok(
      'GET',
      `${IM}/template/lastModified`,
      `${IM}/template/lastModified?senderKey=${sk}&since=2026-11-23&count=1`,
    );
    await refused(
      'GET',
      `${IM}/template/lastModified`,
      `${IM}/template/lastModified?senderKey=${sk}&since=yesterday`,
      undefined,
      'A300',
    );

    await ok('POST', `${IM}/template`, `${IM}/template`, {
      infomsg: { ...infomsg, templateCode: 'TO-DELETE', templateName: '지울 템플릿' },
    });
    // The other shapes a template takes: item list emphasis, extra information and channel add.
    await ok('POST', `${IM}/template`, `${IM}/template`, {
      infomsg: {
        ...infomsg,
        templateCode: 'ORDER-LIST',
        templateEmphasizeType: 'ITEM_LIST',
        header: '주문 내역',
        itemHighlight: { title: '#{order}', description: '결제 완료' },
        item: {
          list: [
            { title: '상품', description: '#{name}' },
            { title: '금액', description: '12,000원' },
          ],
          summary: { title: '합계', description: '12,000원' },
        },
      },
    });
    await ok('POST', `${IM}/template`, `${IM}/template`, {
      infomsg: {
        ...infomsg,
        templateCode: 'ORDER-MI',
        templateMessageType: 'MI',
        extra: '#{name}님 감사합니다',
        buttons: [{ type: 'AC', name: '채널 추가' }, ...infomsg.buttons],
      },
    });
    const del = `${IM}/template/senderKey/{senderKey}/templateCode/{templateCode}`;
    await ok('DELETE', del, `${IM}/template/senderKey/${sk}/templateCode/TO-DELETE`);
    await refused('DELETE', del, `${IM}/template/senderKey/${sk}/templateCode/TO-DELETE`, undefined, 'A820');

    await ok('GET', `${IM}/category`, `${IM}/category`);
    await ok('GET', `${IM}/category`, `${IM}/category?categoryCode=002001`);
    await refused('GET', `${IM}/category`, `${IM}/category?categoryCode=123456`, undefined, 'A820');
    await ok('GET', `${IM}/public/template`, `${IM}/public/template?count=2`);
    await ok('GET', `${IM}/public/template`, `${IM}/public/template?since=2030-01-01`);

    const preview = `${IM}/public/template/{templateCode}/preview`;
    const svg = await t.request({
      method: 'GET',
      url: `${IM}/public/template/PUB_001/preview`,
      apiKey: c.apiKey,
    });
    assert.equal(svg.statusCode, 200);
    assert.match(String(svg.headers['content-type']), /^image\/svg\+xml/);
    assert.deepEqual(conformance.check('GET', preview, 200, svg.body), []);
    succeeded.add(`GET ${preview}`);
    await refused('GET', preview, `${IM}/public/template/NOPE/preview`, undefined, 'A820');
  });

  test('brand message templates of every structure', async () => {
    const sk = c.senderKey;
    const link = (name: string) => ({ type: 'WL', name, urlMobile: 'https://shop.example.com' });
    const landscape = await uploadImage(t, c.apiKey, 'default', 800, 400);
    const listFirst = await uploadImage(t, c.apiKey, 'wideItemList/first', 800, 400);
    const listItem = await uploadImage(t, c.apiKey, 'wideItemList', 400, 400);
    const feed = await uploadImage(t, c.apiKey, 'carouselFeed', 800, 400);
    const commerce = await uploadImage(t, c.apiKey, 'carouselCommerce', 800, 400);
    const text = {
      senderKey: sk,
      templateCode: 'WELCOME',
      templateName: '가입 환영',
      msgType: 'TEXT',
      text: '#{name}님, 가입을 환영합니다.',
      attachment: { button: [link('바로가기')] },
    };
    await ok('POST', BT, BT, { brandmessage: text });
    await refused('POST', BT, BT, { brandmessage: text }, 'A531');
    const bodies = [
      {
        msgType: 'IMAGE',
        text: '가을 신상품',
        attachment: {
          image: { imgUrl: landscape, imgLink: 'https://shop.example.com/new' },
          button: [link('보러 가기')],
        },
      },
      {
        msgType: 'WIDE_ITEM_LIST',
        header: '이번 주 추천',
        attachment: {
          item: {
            list: [
              { title: '코트', imgUrl: listFirst, urlMobile: 'https://shop.example.com/1' },
              { title: '니트', imgUrl: listItem, urlMobile: 'https://shop.example.com/2' },
              { title: '머플러', imgUrl: listItem, urlMobile: 'https://shop.example.com/3' },
            ],
          },
        },
      },
      {
        msgType: 'CAROUSEL_FEED',
        carousel: {
          list: [1, 2].map((n) => ({
            header: `카드 ${n}`,
            message: '가을 신상품을 만나 보세요',
            attachment: { image: { imgUrl: feed }, button: [link('열기')] },
          })),
          tail: { urlMobile: 'https://shop.example.com/more' },
        },
      },
      {
        msgType: 'CAROUSEL_COMMERCE',
        carousel: {
          head: { header: '이번 주 특가', content: '일요일까지', imgUrl: landscape },
          list: [1, 2].map(() => ({
            additionalContent: '무료 배송',
            attachment: {
              image: { imgUrl: commerce },
              button: [link('구매')],
              commerce: { title: '구두', regularPrice: 50000, discountPrice: 40000, discountFixed: 10000 },
            },
          })),
        },
      },
      {
        msgType: 'TEXT',
        text: '#{name}님께 드리는 쿠폰',
        attachment: { coupon: { title: '10% 할인 쿠폰', urlMobile: 'https://shop.example.com/c' } },
        pushAlarm: 'N',
      },
      {
        msgType: 'COMMERCE',
        adult: 'N',
        attachment: {
          image: { imgUrl: landscape },
          button: [link('구매')],
          commerce: { title: '울 코트', regularPrice: 100000, discountPrice: 80000, discountRate: 20 },
        },
      },
      {
        msgType: 'PREMIUM_VIDEO',
        header: '신상품 영상',
        text: '새 영상을 확인하세요',
        attachment: {
          video: {
            videoUrl: 'https://tv.example.com/ch/videos/123',
            thumbnailUrl: 'https://tv.example.com/t.jpg',
          },
          button: [link('더 보기')],
        },
      },
    ];
    for (const [i, b] of bodies.entries()) {
      await ok('POST', BT, BT, {
        brandmessage: { senderKey: sk, templateCode: `K${i}`, templateName: b.msgType, ...b },
      });
    }
    await ok('PUT', BT, BT, { brandmessage: { ...text, text: '#{name}님, 가입을 진심으로 환영합니다.' } });
    await refused('PUT', BT, BT, { brandmessage: { ...text, templateCode: 'NONE' } }, 'A820');
    await ok('GET', BT, `${BT}?senderKey=${sk}&templateCode=WELCOME`);
    await refused('GET', BT, `${BT}?senderKey=${sk}&templateCode=WELCOME&sendType=free`, undefined, 'A571');
    await ok('GET', `${BT}/list`, `${BT}/list?senderKey=${sk}&templateType=TEXT`);
    await ok('GET', `${BT}/list`, `${BT}/list?senderKey=${sk}`);
    await ok('GET', `${BT}/lastModified`, `${BT}/lastModified?senderKey=${sk}&since=2026-11-23&count=1`);
    await ok('GET', `${BT}/lastModified`, `${BT}/lastModified?senderKey=${sk}`);
    const del = `${BT}/senderKey/{senderKey}/templateCode/{templateCode}`;
    await ok('DELETE', del, `${BT}/senderKey/${sk}/templateCode/K0`);
    await refused('DELETE', del, `${BT}/senderKey/${sk}/templateCode/K0`, undefined, 'A820');
  });

  test('the RCS brand, common formats, message-base images and logos', async () => {
    const brandId = `b-${c.accountId}`;
    await ok('GET', `${RCS}/brand`, `${RCS}/brand?brandId=${brandId}`);
    await refused('GET', `${RCS}/brand`, `${RCS}/brand?brandId=b-nobody`, undefined, 'A611');
    const regBrand = JSON.stringify({
      name: 'Acme',
      description: '생활용품 쇼핑몰',
      tel: '0212345678',
      webSiteUrl: 'https://acme.example',
    });
    const put = await form(
      `${RCS}/brand`,
      [
        { name: 'brandId', value: brandId },
        { name: 'regBrand', value: regBrand },
        { name: 'brandProfile', bytes: png(400, 400), filename: 'logo.png', type: 'image/png' },
        { name: 'brandBackground', bytes: jpeg(1080, 720), filename: 'cover.jpg', type: 'image/jpeg' },
        { name: 'seasonDocFile', bytes: PDF, filename: 'registration.pdf', type: 'application/pdf' },
      ],
      'PUT',
    );
    okOf('PUT', `${RCS}/brand`, put);
    const again = await form(
      `${RCS}/brand`,
      [
        { name: 'brandId', value: brandId },
        { name: 'regBrand', value: JSON.stringify({ name: 'Acme Store' }) },
      ],
      'PUT',
    );
    refusedOf('PUT', `${RCS}/brand`, again, 'A824');
    await advance(t, 11);
    await ok('GET', `${RCS}/brand`, `${RCS}/brand?brandId=${brandId}`);

    await ok('GET', `${RCS}/messagebase/common/list`, `${RCS}/messagebase/common/list`);
    await ok('GET', `${RCS}/messagebase/common`, `${RCS}/messagebase/common?messagebaseId=SS000000`);
    const carousel = (await ok(
      'GET',
      `${RCS}/messagebase/common/list`,
      `${RCS}/messagebase/common/list`,
    )) as {
      rcs: { messageForms: { messagebaseformId: string; cardType: string }[] };
    };
    for (const f of carousel.rcs.messageForms) {
      await ok(
        'GET',
        `${RCS}/messagebase/common`,
        `${RCS}/messagebase/common?messagebaseId=${f.messagebaseformId}`,
      );
    }
    await refused(
      'GET',
      `${RCS}/messagebase/common`,
      `${RCS}/messagebase/common?messagebaseId=XX`,
      undefined,
      'A600',
    );

    const up = await form(`${RCS}/messagebase/file`, [
      { name: 'brandId', value: brandId },
      { name: 'file', bytes: png(800, 400), filename: 'card.png', type: 'image/png' },
    ]);
    const image = (okOf('POST', `${RCS}/messagebase/file`, up).rcs as { image: { fileId: string } }).image;
    const bad = await form(`${RCS}/messagebase/file`, [
      { name: 'brandId', value: brandId },
      { name: 'file', bytes: png(50, 50), filename: 'tiny.png', type: 'image/png' },
    ]);
    refusedOf('POST', `${RCS}/messagebase/file`, bad, 'A619');
    await ok(
      'GET',
      `${RCS}/messagebase/file`,
      `${RCS}/messagebase/file?brandId=${brandId}&fileId=${image.fileId}`,
    );
    await refused(
      'GET',
      `${RCS}/messagebase/file`,
      `${RCS}/messagebase/file?brandId=${brandId}&fileId=nope`,
      undefined,
      'A612',
    );

    const logos = `${RCS}/messagebase/messagebaseform/logo`;
    const list = (await ok('GET', logos, `${logos}?messagebaseformId=SS000000`)) as {
      rcs: { images: { fileId: string }[] };
    };
    await refused('GET', logos, `${logos}?messagebaseformId=XX`, undefined, 'A600');
    const first = list.rcs.images[0];
    assert.ok(first);
    const bytes = await t.request({ method: 'GET', url: `${logos}/${first.fileId}`, apiKey: c.apiKey });
    assert.equal(bytes.statusCode, 200);
    assert.equal(bytes.headers['content-type'], 'image/png');
    succeeded.add(`GET ${logos}/{fileId}`);
    await refused('GET', `${logos}/{fileId}`, `${logos}/logo_nope`, undefined, 'A612');
  });

  test('group tags', async () => {
    const sk = c.senderKey;
    await ok('POST', GT, GT, { senderKey: sk, groupTag: { groupTagKey: 'vip', groupTagName: 'VIP 고객' } });
    await ok('POST', GT, GT, { groupTag: { senderKey: sk, groupTagKey: 'new', groupTagName: '신규 고객' } });
    await refused(
      'POST',
      GT,
      GT,
      { senderKey: sk, groupTag: { groupTagKey: 'vip', groupTagName: '다른 이름' } },
      'A763',
    );
    await ok('PUT', GT, GT, { senderKey: sk, groupTag: { groupTagKey: 'vip', groupTagName: '우수 고객' } });
    await refused(
      'PUT',
      GT,
      GT,
      { senderKey: sk, groupTag: { groupTagKey: 'none', groupTagName: 'x' } },
      'A765',
    );
    await ok('GET', GT, `${GT}?senderKey=${sk}&groupTagKey=vip`);
    await ok('GET', `${GT}/list`, `${GT}/list?senderKey=${sk}`);
    const del = `${GT}/senderKey/{senderKey}/groupTagKey/{groupTagKey}`;
    await ok('DELETE', del, `${GT}/senderKey/${sk}/groupTagKey/new`);
    await refused('DELETE', del, `${GT}/senderKey/${sk}/groupTagKey/new`, undefined, 'A765');
  });

  test('friend groups and the audience checks', async () => {
    const sk = c.senderKey;
    const list = `${numbers('71', 12).join('\n')}\n`;
    const up = await form(`${FG}/file`, [
      { name: 'senderKey', value: sk },
      { name: 'file', bytes: new TextEncoder().encode(list), filename: 'numbers.csv', type: 'text/csv' },
    ]);
    const file = (okOf('POST', `${FG}/file`, up).friendGroup as { fileKey: string }).fileKey;
    const badFile = await form(`${FG}/file`, [
      { name: 'senderKey', value: sk },
      {
        name: 'file',
        bytes: new TextEncoder().encode('0101234\nabc\n'),
        filename: 'n.csv',
        type: 'text/csv',
      },
    ]);
    refusedOf('POST', `${FG}/file`, badFile, 'A553');
    await ok('POST', FG, FG, { friendGroup: { senderKey: sk, friendGroupKey: 'from-file', fileKey: file } });
    await ok('POST', FG, FG, {
      friendGroup: { senderKey: sk, friendGroupKey: 'vip', phoneNumbers: numbers('72', 20) },
    });
    await refused(
      'POST',
      FG,
      FG,
      { friendGroup: { senderKey: sk, friendGroupKey: 'vip', phoneNumbers: numbers('72', 2) } },
      'A551',
    );
    await refused('POST', FG, FG, { friendGroup: { senderKey: sk, friendGroupKey: 'x' } }, 'A554');
    await ok('GET', FG, `${FG}?senderKey=${sk}&friendGroupKey=vip`);
    await refused(
      'GET',
      `${GM}/possible`,
      `${GM}/possible?senderKey=${sk}&msgType=TEXT&friendGroupKey=vip`,
      undefined,
      'A558',
    );
    await advance(t, 10);
    await ok('GET', FG, `${FG}?senderKey=${sk}&friendGroupKey=vip`);
    await refused('GET', FG, `${FG}?senderKey=${sk}&friendGroupKey=none`, undefined, 'A552');
    await ok('GET', `${FG}/list`, `${FG}/list?senderKey=${sk}`);
    await ok('GET', `${FG}/list`, `${FG}/list?senderKey=${sk}&status=C`);
    await ok('POST', `${FG}/phoneNumbers/add`, `${FG}/phoneNumbers/add`, {
      friendGroup: { senderKey: sk, friendGroupKey: 'from-file', phoneNumbers: numbers('73', 3) },
    });
    await ok('POST', `${FG}/phoneNumbers/remove`, `${FG}/phoneNumbers/remove`, {
      friendGroup: { senderKey: sk, friendGroupKey: 'from-file', phoneNumbers: numbers('71', 2) },
    });
    await refused(
      'POST',
      `${FG}/phoneNumbers/remove`,
      `${FG}/phoneNumbers/remove`,
      {
        friendGroup: { senderKey: sk, friendGroupKey: 'none', phoneNumbers: numbers('71', 2) },
      },
      'A552',
    );
    await advance(t, 10);

    await ok('GET', `${GM}/possible`, `${GM}/possible?senderKey=${sk}&msgType=TEXT&friendGroupKey=vip`);
    await ok('GET', `${GM}/possible`, `${GM}/possible?senderKey=${sk}&msgType=FI`);
    await refused('GET', `${GM}/possible`, `${GM}/possible?senderKey=${sk}&msgType=SMS`, undefined, 'A523');
    await ok('POST', `${GM}/friend/possible`, `${GM}/friend/possible`, {
      senderKey: sk,
      phoneNumbers: numbers('72', 12),
    });
    await refused(
      'POST',
      `${GM}/friend/possible`,
      `${GM}/friend/possible`,
      { senderKey: sk, phoneNumbers: numbers('72', 3) },
      'A760',
    );
    await ok('GET', `${GM}/friendCount`, `${GM}/friendCount?senderKey=${sk}`);
    await refused('GET', `${GM}/friendCount`, `${GM}/friendCount?senderKey=sk-nobody`, undefined, 'A340');

    const del = `${FG}/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}`;
    await ok('DELETE', del, `${FG}/senderKey/${sk}/friendGroupKey/from-file`);
    await refused('DELETE', del, `${FG}/senderKey/${sk}/friendGroupKey/from-file`, undefined, 'A552');
  });

  test('videos: upload registration, the direct upload, encoding, registration of an existing one', async () => {
    const sk = c.senderKey;
    const ticket = (
      (await ok('POST', `${VID}/upload/register`, `${VID}/upload/register`, {
        senderKey: sk,
        fileName: 'Autumn Sale.mp4',
        fileSize: 4096,
      })) as { brandmessage: { video: { vid: string; uploadUrl: string; token: string } } }
    ).brandmessage.video;
    await refused(
      'POST',
      `${VID}/upload/register`,
      `${VID}/upload/register`,
      { senderKey: sk, fileName: 'a.wmv', fileSize: 10 },
      'A771',
    );
    await refused('POST', `${VID}/register`, `${VID}/register`, { senderKey: sk, vid: ticket.vid }, 'A579');
    await ok('GET', VID, `${VID}?vid=${ticket.vid}&senderKey=${sk}`);

    const { payload, contentType } = await formBody([
      { name: 'file', bytes: mp4(4096), filename: 'Autumn Sale.mp4', type: 'video/mp4' },
    ]);
    const uploadWith = (token: string) =>
      t.gw.app.inject({
        method: 'POST',
        url: ticket.uploadUrl.slice(PUBLIC_URL.length),
        headers: { 'content-type': contentType, 'x-upload-token': token },
        payload,
      });
    /*
     * A refused upload answers {errCode, message}, not the envelope (the operation's description
     * says so; the schema of its refusals is document.ts's): checked here as it is answered.
     */
    const uploadRefused = (res: LightMyRequestResponse, errCode: string, status: number) => {
      assert.equal(res.statusCode, status, res.body);
      const body = res.json<Json>();
      assert.deepEqual(Object.keys(body).sort(), ['errCode', 'message']);
      assert.equal(body.errCode, errCode);
    };
    uploadRefused(await uploadWith('wrong-token'), 'A576', 401);
    okOf('POST', '/video-upload/{vid}', await uploadWith(ticket.token));
    uploadRefused(await uploadWith(ticket.token), 'A578', 409);
    await advance(t, 11);
    await ok('GET', VID, `${VID}?vid=${ticket.vid}&senderKey=${sk}`);
    await refused('GET', VID, `${VID}?vid=v-none&senderKey=${sk}`, undefined, 'A770');
    await ok('POST', `${VID}/register`, `${VID}/register`, { senderKey: sk, vid: ticket.vid });
    await refused('POST', `${VID}/register`, `${VID}/register`, { senderKey: sk }, 'A502');
    await ok('GET', `${VID}/list`, `${VID}/list?senderKey=${sk}&date=20261123`);
    await ok('GET', `${VID}/list`, `${VID}/list?senderKey=${sk}&limit=1`);
  });

  test('send permission: refused, then granted when the profile qualifies', async () => {
    const sk = c.senderKey;
    await refused('GET', SP, `${SP}?senderKey=${sk}`, undefined, 'A325');
    await refused('POST', SP, SP, { brandMessage: { senderKey: sk } }, 'A581');
    const patch = await t.request({
      method: 'PATCH',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles/${sk}`,
      admin: true,
      body: {
        businessVerified: true,
        channelPhoneNumber: '0212345678',
        friendCount: 50_000,
        consentEvidence: true,
      },
    });
    assert.equal(patch.statusCode, 200, patch.body);
    await refused('POST', SP, SP, { brandMessage: { senderKey: sk } }, 'A585');
    const sent = await send(t, c, {
      destinations: [{ to: '01077770001' }],
      messageFlow: [
        { infomsg: { msgType: 'AT', senderKey: sk, templateCode: 'TPL-001', text: '안내 드립니다' } },
      ],
    });
    assert.equal(sent.statusCode, 200, sent.body);
    await settle(t);
    await ok('POST', SP, SP, { brandMessage: { senderKey: sk } });
    await ok('GET', SP, `${SP}?senderKey=${sk}`);
  });

  test('broadcasts: estimate, schedule, send, pause, resume, terminate', async () => {
    const sk = c.senderKey;
    await ok('POST', BT, BT, {
      brandmessage: {
        senderKey: sk,
        templateCode: 'WEEKLY',
        templateName: '주간 혜택',
        msgType: 'TEXT',
        text: '이번 주 혜택 안내',
      },
    });
    await ok(
      'GET',
      `${GM}/estimate`,
      `${GM}/estimate?senderKey=${sk}&startTime=2026-11-23T11:00:00&count=20&tpsLimit=5`,
    );
    await refused(
      'GET',
      `${GM}/estimate`,
      `${GM}/estimate?senderKey=${sk}&startTime=2026-11-23&count=20`,
      undefined,
      'A593',
    );
    const body = {
      brandmessage: {
        senderKey: sk,
        templateCode: 'WEEKLY',
        friendGroupKey: 'vip',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
      },
    };
    const created = (await ok('POST', GM, GM, body)) as { brandmessage: { requestId: string } };
    const id = created.brandmessage.requestId;
    await refused(
      'POST',
      GM,
      GM,
      { brandmessage: { ...body.brandmessage, templateCode: 'WELCOME' } },
      'A590',
    );
    await refused(
      'POST',
      GM,
      GM,
      { brandmessage: { ...body.brandmessage, sendStartAt: '2026-11-23 21:00:00' } },
      'A595',
    );
    const act = { brandmessage: { senderKey: sk, requestId: id } };
    await refused('POST', `${GM}/pause`, `${GM}/pause`, act, 'A824');
    await ok('GET', GM, `${GM}?senderKey=${sk}&requestId=${id}`);
    await refused('GET', GM, `${GM}?senderKey=${sk}&requestId=999999`, undefined, 'A820');
    const del = `${FG}/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}`;
    await refused('DELETE', del, `${FG}/senderKey/${sk}/friendGroupKey/vip`, undefined, 'A824');
    // To all friends of the profile (friendGroupKey null): the sandbox handsets that are its friends.
    for (const phone of numbers('74', 3)) await setHandset(t, phone, { friendOf: [sk] });
    const toAll = (await ok('POST', GM, GM, {
      brandmessage: { senderKey: sk, templateCode: 'WEEKLY', sendStartAt: '2026-11-23 12:00:00' },
    })) as { brandmessage: { requestId: number; friendGroupKey: string | null } };
    assert.equal(toAll.brandmessage.friendGroupKey, null);
    await ok('POST', `${GM}/terminate`, `${GM}/terminate`, {
      brandmessage: { senderKey: sk, requestId: toAll.brandmessage.requestId },
    });
    await clock('2026-11-23 11:00:00');
    await clock('2026-11-23 11:00:01');
    await ok('GET', GM, `${GM}?senderKey=${sk}&requestId=${id}`);
    await ok('POST', `${GM}/pause`, `${GM}/pause`, act);
    await ok('POST', `${GM}/resume`, `${GM}/resume`, act);
    await ok('POST', `${GM}/terminate`, `${GM}/terminate`, act);
    await refused('POST', `${GM}/resume`, `${GM}/resume`, act, 'A824');
    await refused('POST', `${GM}/terminate`, `${GM}/terminate`, act, 'A824');
  });

  test('every operation of the center was answered with success', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Json>;
    }>();
    const center = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(`${C}/`) || path.startsWith('/video-upload/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    // The document's center: every operation that was in its catalog (53) and any added since.
    assert.ok(center.length >= 53, center.join('\n'));
    const missing = center.filter((key) => !succeeded.has(key));
    assert.deepEqual(missing, []);
  });
});
