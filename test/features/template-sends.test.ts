import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';
import { approvedInfomsgTemplate, brandTemplate } from '../helpers/templates.ts';

/*
 * Sends that name a stored template (spec, Shared behaviours 5 and 10): expanded, substituted per
 * recipient, and refused when the template is not sendable or the text breaks it.
 */
describeEachDb('template sends', (db) => {
  let t: TestGateway;
  let c: Client;
  let n = 0;
  const phone = () => `0107${String(++n).padStart(7, '0')}`;
  const TEMPLATE = '#{name}님, 주문 #{order}이 발송되었습니다.';

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    c = await setupClient(t);
    await approvedInfomsgTemplate(t, c, 'SHIP-1', TEMPLATE);
  });
  after(() => t.close());

  const info = (o: Record<string, unknown> = {}) => ({
    infomsg: { senderKey: c.senderKey, templateCode: 'SHIP-1', sendType: 'template', ...o },
  });
  const one = async (flow: unknown[], to: string, extra: Record<string, unknown> = {}) => {
    const res = await send(t, c, { destinations: [{ to, ...extra }], messageFlow: flow });
    return res.json().data;
  };
  const refused = async (flow: unknown[], code: string, detail: string) => {
    const res = await send(t, c, { destinations: [{ to: phone() }], messageFlow: flow });
    assert.equal(res.json().data.code, code, res.body);
    assert.match(res.json().data.result, new RegExp(detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  };

  test('infomsg sendType=template: the approved template lands substituted in the inbox', async () => {
    const to = phone();
    const data = await one([info()], to, { replaceWords: { name: '민수', order: 'A-7' } });
    assert.equal(data.code, 'A000', JSON.stringify(data));
    const [dest] = data.data.destinations;
    assert.equal(dest.code, 'A000');
    await settle(t);
    const got = await inbox(t, to);
    assert.deepEqual(
      got.map((m) => [m.msgKey, m.channel, m.text]),
      [[dest.msgKey, 'infomsg', '민수님, 주문 A-7이 발송되었습니다.']],
    );
    assert.equal(got[0]?.payload.templateCode, 'SHIP-1');
    assert.equal(got[0]?.payload.msgType, 'AT');
  });

  test('infomsg with its own text: it must match the template (A334)', async () => {
    const to = phone();
    const data = await one(
      [info({ sendType: undefined, msgType: 'AT', text: '지수님, 주문 #{order}이 발송되었습니다.' })],
      to,
      {
        replaceWords: { order: 'B-2' },
      },
    );
    assert.equal(data.code, 'A000', JSON.stringify(data));
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => m.text),
      ['지수님, 주문 B-2이 발송되었습니다.'],
    );
    await refused(
      [info({ sendType: undefined, msgType: 'AT', text: '지수님, 주문이 취소되었습니다.' })],
      'A334',
      'infomsg.text does not match template SHIP-1',
    );
  });

  test('infomsg: only an approved template of the profile can be sent (A505)', async () => {
    await refused(
      [info({ templateCode: undefined, text: 'hello', msgType: 'AT', sendType: undefined })],
      'A505',
      'templateCode is required',
    );
    await refused([info({ templateCode: 'NOPE' })], 'A505', 'NOPE is not a template of senderKey');
    // Registered but never reviewed; then in review; then rejected.
    const base = '/api/comm/v1/center/infomsg/template';
    const reg = await t.request({
      method: 'POST',
      url: base,
      apiKey: c.apiKey,
      body: {
        infomsg: {
          senderKey: c.senderKey,
          templateCode: 'DRAFT-1',
          templateName: 'draft',
          text: '안내',
          categoryCode: '002001',
        },
      },
    });
    assert.equal(reg.json().data.code, 'A000', reg.body);
    await refused(
      [info({ templateCode: 'DRAFT-1' })],
      'A505',
      'DRAFT-1 is not approved (status R, inspectionStatus REG)',
    );
    const req = await t.request({
      method: 'POST',
      url: `${base}/request`,
      apiKey: c.apiKey,
      body: { infomsg: { senderKey: c.senderKey, templateCode: 'DRAFT-1', comment: 'please' } },
    });
    assert.equal(req.json().data.code, 'A000', req.body);
    await refused([info({ templateCode: 'DRAFT-1' })], 'A505', 'inspectionStatus REQ');
    const rej = await t.request({
      method: 'POST',
      url: '/sandbox/v1/reviews',
      admin: true,
      body: { senderKey: c.senderKey, templateCode: 'DRAFT-1', decision: 'reject', comment: 'no' },
    });
    assert.equal(rej.statusCode, 200, rej.body);
    await refused([info({ templateCode: 'DRAFT-1' })], 'A505', 'inspectionStatus REJ');
    // Another account's template is not this profile's.
    const other = await setupClient(t, 'other');
    await refused([info({ senderKey: other.senderKey })], 'A340', `senderKey ${other.senderKey}`);
  });

  test('public template: a recipient whose text exceeds its character count fails alone, with no failover', async () => {
    const ok = phone();
    const long = phone();
    const res = await send(t, c, {
      destinations: [
        { to: ok, replaceWords: { 서비스명: 'Omni', 인증번호: '123456' } },
        { to: long, replaceWords: { 서비스명: 'x'.repeat(80), 인증번호: '123456' } },
      ],
      messageFlow: [
        { infomsg: { senderKey: c.senderKey, templateCode: 'PUB_001', sendType: 'template' } },
        { sms: { from: c.sender, text: 'fallback' } },
      ],
    });
    const [a, b] = res.json().data.data.destinations;
    assert.equal(a.code, 'A000', res.body);
    assert.equal(b.code, 'A333', res.body);
    assert.match(b.result, /over 90 chars/);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, ok)).map((m) => m.text),
      ['[Omni] 인증번호는 [123456]입니다. 타인에게 절대 알려주지 마세요.'],
    );
    assert.deepEqual(await inbox(t, long), [], 'neither truncated nor sent through the failover step');
  });

  const brand = (o: Record<string, unknown>) => ({ brandmessage: { senderKey: c.senderKey, ...o } });

  test('brandmessage sendType=template expands the stored template, then replaceWords', async () => {
    await brandTemplate(t, c, {
      templateCode: 'B-TPL',
      templateName: 'welcome',
      msgType: 'TEXT',
      text: '#{name}님 환영합니다',
    });
    const to = phone();
    const data = await one([brand({ sendType: 'template', templateCode: 'B-TPL' })], to, {
      replaceWords: { name: '하나' },
    });
    assert.equal(data.code, 'A000', JSON.stringify(data));
    assert.equal(data.data.destinations[0].code, 'A000');
    await settle(t);
    const got = await inbox(t, to);
    assert.deepEqual(
      got.map((m) => [m.channel, m.text]),
      [['brandmessage', '하나님 환영합니다']],
    );
    assert.equal(got[0]?.payload.msgType, 'TEXT');
    await refused(
      [brand({ sendType: 'template', templateCode: 'B-TPL', content: 'mine' })],
      'A300',
      'carries no content',
    );
    await refused([brand({ sendType: 'template', templateCode: 'B-NONE' })], 'A505', 'B-NONE');
    await refused(
      [brand({ sendType: 'basic', templateCode: 'B-TPL', msgType: 'IMAGE' })],
      'A523',
      'template B-TPL is TEXT',
    );
  });

  test('brandmessage basic: variable separation (messageVariable) and payload style', async () => {
    await brandTemplate(t, c, {
      templateCode: 'B-VAR',
      templateName: 'points',
      msgType: 'TEXT',
      text: '#{name}님 포인트 #{points}점',
    });
    const to = phone();
    const data = await one([brand({ sendType: 'basic', templateCode: 'B-VAR' })], to, {
      messageVariable: { '#{name}': '둘', points: 30 },
    });
    assert.equal(data.data.destinations[0].code, 'A000', JSON.stringify(data));
    const missing = await one([brand({ sendType: 'basic', templateCode: 'B-VAR' })], phone(), {
      messageVariable: { name: '셋' },
    });
    assert.equal(missing.data.destinations[0].code, 'A335');
    assert.match(missing.data.destinations[0].result, /#\{points\}/);
    const to2 = phone();
    const payload = await one(
      [brand({ sendType: 'basic', templateCode: 'B-VAR', content: '넷님 포인트 #{p}점' })],
      to2,
      {
        replaceWords: { p: '7' },
      },
    );
    assert.equal(payload.data.destinations[0].code, 'A000', JSON.stringify(payload));
    await refused(
      [brand({ sendType: 'basic', templateCode: 'B-VAR', content: '다른 문구' })],
      'A334',
      'does not match template B-VAR',
    );
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => m.text),
      ['둘님 포인트 30점'],
    );
    assert.deepEqual(
      (await inbox(t, to2)).map((m) => m.text),
      ['넷님 포인트 7점'],
    );
  });

  test('brandmessage: a recipient discount rate variable 0 is refused from 2026-08-04; free FG is A571', async () => {
    await brandTemplate(t, c, {
      templateCode: 'B-DC',
      templateName: 'dc',
      msgType: 'TEXT',
      text: '#{discountRate}% 할인',
    });
    const flow = [brand({ sendType: 'basic', templateCode: 'B-DC' })];
    const res = await send(t, c, {
      destinations: [
        { to: phone(), messageVariable: { discountRate: '0' } },
        { to: phone(), messageVariable: { discountRate: 101 } },
        { to: phone(), messageVariable: { discountRate: 15 } },
      ],
      messageFlow: flow,
    });
    // The manual clock starts at the real date (after 2026-08-04).
    assert.deepEqual(
      res.json().data.data.destinations.map((d: { code: string }) => d.code),
      ['A337', 'A337', 'A000'],
      res.body,
    );
    await refused([brand({ sendType: 'free', msgType: 'FG', content: 'catalog' })], 'A571', 'catalog (FG)');
  });

  test('rcs body.media: a key issued by the RCS upload, unexpired (A217 otherwise)', async () => {
    const up = await postForm(
      t,
      '/api/comm/v1/file/rcs',
      [{ name: 'file', bytes: png(400, 300), filename: 'p.png', type: 'image/png' }],
      c.apiKey,
    );
    const media = up.json().data.data.media;
    assert.ok(media, up.body);
    const rcs = (m: string) => ({
      rcs: { brandKey: c.brandKey, formatId: 'SMwThT00', body: { description: 'pic', media: m } },
    });
    const to = phone();
    const data = await one([rcs(media)], to);
    assert.equal(data.data.destinations[0].code, 'A000', JSON.stringify(data));
    await refused([rcs('no-such-media')], 'A217', 'body.media no-such-media');
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => m.payload.body),
      [{ description: 'pic', media }],
    );
  });

  test('the approved template goes out whole: emphasis title, buttons with their links substituted', async () => {
    await approvedInfomsgTemplate(t, c, 'PAY-1', '#{name}님 결제 완료', {
      templateEmphasizeType: 'TEXT',
      title: '#{amount}원',
      subtitle: '결제 금액',
      buttons: [{ type: 'WL', name: '영수증', urlMobile: 'https://shop.example/r/#{order}' }],
    });
    const to = phone();
    const data = await one([info({ templateCode: 'PAY-1' })], to, {
      replaceWords: { name: '민', amount: '5,000', order: 'Z9' },
    });
    assert.equal(data.data.destinations[0].code, 'A000', JSON.stringify(data));
    await settle(t);
    const [m] = await inbox(t, to);
    assert.equal(m?.text, '민님 결제 완료');
    assert.equal(m?.payload.title, '5,000원');
    assert.equal(m?.payload.subtitle, '결제 금액');
    assert.deepEqual(m?.payload.attachment, {
      button: [{ type: 'WL', name: '영수증', urlMobile: 'https://shop.example/r/Z9' }],
    });
    // Buttons other than the template's are refused, whatever the text.
    const evil = [{ type: 'WL', name: 'Evil', urlMobile: 'https://evil.example' }];
    await refused(
      [info({ templateCode: 'PAY-1', attachment: { button: evil } })],
      'A334',
      'attachment.button',
    );
    const same = [{ type: 'WL', name: '영수증', urlMobile: 'https://shop.example/r/Q1' }];
    const own = await one([info({ templateCode: 'PAY-1', attachment: { button: same } })], phone());
    assert.equal(own.data.destinations[0].code, 'A000', JSON.stringify(own));
  });

  test('a wrong infomsg sendType is A571 (before the template is looked at)', async () => {
    await refused([info({ sendType: 'zzz' })], 'A571', 'infomsg.sendType');
  });

  test('brand templates without text (catalog FG) are sent from the template; a template send carries no parts', async () => {
    const up = async (kind: string, w: number, h: number) => {
      const res = await postForm(
        t,
        `/api/comm/v1/file/brandmessage/${kind}`,
        [{ name: 'file', bytes: png(w, h), filename: 'p.png', type: 'image/png' }],
        c.apiKey,
      );
      return res.json().data.data.imgUrl as string;
    };
    const first = await up('catalog/oddFirst', 1000, 500);
    const square = await up('catalog', 600, 600);
    const item = (imgUrl: string) => ({ title: 'Lamp', imgUrl, link: 'https://shop.example.com/lamp' });
    await brandTemplate(t, c, {
      templateCode: 'CAT-3',
      templateName: 'catalog',
      msgType: 'FG',
      header: 'Our picks',
      attachment: { item: { list: [item(first), item(square), item(square)] } },
    });
    const to = phone();
    const data = await one([brand({ sendType: 'template', templateCode: 'CAT-3', targeting: 'I' })], to);
    assert.equal(data.data.destinations[0].code, 'A000', JSON.stringify(data));
    const basic = await one([brand({ sendType: 'basic', templateCode: 'CAT-3' })], phone());
    assert.equal(basic.data.destinations[0].code, 'A000', JSON.stringify(basic));
    await settle(t);
    const [m] = await inbox(t, to);
    assert.equal(m?.payload.msgType, 'FG');
    assert.equal(m?.payload.header, 'Our picks');
    const list = (
      m?.payload.attachment as { item?: { list?: Array<{ title: string; imgUrl: string }> } } | undefined
    )?.item?.list;
    assert.deepEqual(
      list?.map((x) => [x.title, x.imgUrl]),
      [first, square, square].map((u) => ['Lamp', u]),
    );
    await refused(
      [brand({ sendType: 'template', templateCode: 'CAT-3', attachment: { item: { list: [] } } })],
      'A300',
      'carries no attachment',
    );
  });

  test('variable separation needs a value for every keyword of the message, button links included', async () => {
    await brandTemplate(t, c, {
      templateCode: 'B-LINK',
      templateName: 'link',
      msgType: 'TEXT',
      text: '#{name}님 안내',
      attachment: { button: [{ type: 'WL', name: '보기', urlMobile: 'https://shop.example/#{path}' }] },
    });
    const flow = [brand({ sendType: 'basic', templateCode: 'B-LINK' })];
    const res = await send(t, c, {
      destinations: [
        { to: phone(), messageVariable: { name: '가' } },
        { to: phone(), messageVariable: { name: '나', path: 'sale' } },
      ],
      messageFlow: flow,
    });
    const [a, b] = res.json().data.data.destinations;
    assert.equal(a.code, 'A335', res.body);
    assert.match(a.result, /#\{path\}/);
    assert.equal(b.code, 'A000', res.body);
    await settle(t);
    const [m] = await inbox(t, b.to);
    assert.deepEqual(m?.payload.attachment, {
      button: [{ type: 'WL', name: '보기', urlMobile: 'https://shop.example/sale' }],
    });
  });

  test('rcs: body.title and body.media as the format takes them', async () => {
    const rcs = (formatId: string, body: Record<string, unknown>) => ({
      rcs: { brandKey: c.brandKey, formatId, body },
    });
    await refused([rcs('SS000000', { title: 'T', description: 'x' })], 'A339', 'SS000000 has no title');
    await refused([rcs('SS000000', { description: 'x', media: 'm' })], 'A339', 'SS000000 has no image');
    await refused(
      [rcs('SMwThT00', { description: 'x' })],
      'A303',
      'body.media is required by format SMwThT00',
    );
    const ok = await one([rcs('SL000000', { title: 'T', description: 'long' })], phone());
    assert.equal(ok.data.destinations[0].code, 'A000', JSON.stringify(ok));
  });
});
