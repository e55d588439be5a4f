import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { findInfomsgTemplate, isSendable } from '../../src/store/templates/infomsg-templates.ts';
import { advance, type Client } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { startWithClients } from '../helpers/suite-start.ts';
import {
  type Api,
  addProfile,
  apiOf,
  BASE,
  decideReview,
  draft,
  fetchTemplate,
  ok,
  refused,
  register,
  requestReview,
  type Template,
} from './infomsg-helpers.ts';

describeEachDb('infomsg templates', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let api: Api;
  let otherApi: Api;

  before(async () => {
    [t, c, other] = await startWithClients(db, ['acme', 'other']);
    api = apiOf(t, c.apiKey);
    otherApi = apiOf(t, other.apiKey);
  });
  after(() => t.close());

  const post = (body: Record<string, unknown>) => api('POST', `${BASE}/template`, { infomsg: body });
  const put = (body: Record<string, unknown>) => api('PUT', `${BASE}/template`, { infomsg: body });
  const del = (senderKey: string, code: string, as: Api = api) =>
    as('DELETE', `${BASE}/template/senderKey/${senderKey}/templateCode/${code}`);
  const approve = async (code: string) => {
    ok(await requestReview(api, c.senderKey, code));
    assert.equal((await decideReview(t, c.senderKey, code, 'approve', 'ok')).statusCode, 200);
  };

  test('register: status R, inspectionStatus REG, the whole record answered and read back', async () => {
    const now = t.gw.ctx.clock.now();
    const res = await post(draft(c, 'order_done'));
    const { infomsg } = ok<{ infomsg: Template }>(res);
    assert.equal(infomsg.senderKey, c.senderKey);
    assert.equal(infomsg.senderKeyType, 'S');
    assert.equal(infomsg.templateCode, 'order_done');
    assert.equal(infomsg.text, '#{name}님, 주문 #{order}이 완료되었습니다.');
    assert.equal(infomsg.status, 'R');
    assert.equal(infomsg.inspectionStatus, 'REG');
    assert.equal(infomsg.templateMessageType, 'BA');
    assert.equal(infomsg.templateEmphasizeType, 'NONE');
    assert.equal(infomsg.msgType, 'AT');
    assert.equal(infomsg.categoryCode, '002001');
    assert.equal(infomsg.comment, '');
    assert.deepEqual(infomsg.comments, []);
    assert.deepEqual(infomsg.variables, [
      { key: 'name', example: '홍길동' },
      { key: 'order', example: 'A-1001' },
    ]);
    assert.deepEqual(infomsg.buttons, [
      { type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' },
    ]);
    assert.equal(infomsg.imgUrl, null);
    assert.equal(infomsg.ad, null);
    assert.equal(infomsg.securityFlag, false);
    assert.equal(infomsg.createdAt, isoKst(now));
    assert.equal(infomsg.modifiedAt, isoKst(now));
    assert.deepEqual(await fetchTemplate(api, c.senderKey, 'order_done'), infomsg);
  });

  test('templateCode: unique per senderKey (A528, 409); the same code under another profile is another template', async () => {
    await register(api, draft(c, 'dup_code'));
    refused(await post(draft(c, 'dup_code', { templateName: 'again' })), 'A528', 409, /dup_code/);
    const second = `${c.senderKey}-2`;
    await addProfile(t, c.accountId, second);
    const again = await register(api, draft({ senderKey: second }, 'dup_code'));
    assert.equal(again.senderKey, second);
  });

  test('templateCode format: 1 to 30 of A-Z a-z 0-9 _ - (A505)', async () => {
    for (const code of ['', 'has space', 'x'.repeat(31), '한글코드', 'a/b']) {
      refused(await post(draft(c, code)), 'A505', 400, /templateCode/);
    }
    await register(api, draft(c, `A-z_0${'9'.repeat(25)}`));
  });

  test('another account’s profile: A340 on every call; its templates stay invisible', async () => {
    await register(api, draft(c, 'mine'));
    refused(
      await otherApi('POST', `${BASE}/template`, { infomsg: draft(c, 'theirs') }),
      'A340',
      400,
      /senderKey/,
    );
    refused(
      await otherApi('GET', `${BASE}/template?senderKey=${c.senderKey}&templateCode=mine`),
      'A340',
      400,
    );
    refused(await otherApi('PUT', `${BASE}/template`, { infomsg: draft(c, 'mine') }), 'A340', 400);
    refused(await del(c.senderKey, 'mine', otherApi), 'A340', 400);
    refused(await otherApi('GET', `${BASE}/template/list?senderKey=${c.senderKey}`), 'A340', 400);
    refused(await otherApi('GET', `${BASE}/template/lastModified?senderKey=${c.senderKey}`), 'A340', 400);
    refused(await post(draft({ senderKey: 'no-such-profile' }, 'x')), 'A340', 400);
    assert.equal((await fetchTemplate(api, c.senderKey, 'mine')).templateCode, 'mine');
  });

  test('senderKeyType, when given, must be the profile’s (A300); G profiles hold templates too', async () => {
    refused(await post(draft(c, 'typed', { senderKeyType: 'G' })), 'A300', 400, /senderKeyType/);
    const group = `${c.senderKey}-grp`;
    await addProfile(t, c.accountId, group, 'G');
    const g = await register(api, draft({ senderKey: group }, 'typed', { senderKeyType: 'G' }));
    assert.equal(g.senderKeyType, 'G');
  });

  test('category: must be a known code (A512); required (A300)', async () => {
    refused(await post(draft(c, 'cat_bad', { categoryCode: '123456' })), 'A512', 400, /123456/);
    const { categoryCode: _, ...noCategory } = draft(c, 'cat_none');
    refused(await post(noCategory), 'A300', 400, /infomsg\.categoryCode is required/);
  });

  test('templateName: 1 to 150 characters (A527)', async () => {
    refused(await post(draft(c, 'nm1', { templateName: '  ' })), 'A527', 400);
    refused(await post(draft(c, 'nm2', { templateName: 'n'.repeat(151) })), 'A527', 400);
    await register(api, draft(c, 'nm3', { templateName: 'n'.repeat(150) }));
  });

  test('text: 1 to 1000 characters (A507)', async () => {
    const base = { variables: [], buttons: [] };
    refused(await post(draft(c, 'tx1', { ...base, text: '' })), 'A507', 400);
    refused(await post(draft(c, 'tx2', { ...base, text: '가'.repeat(1001) })), 'A507', 400, /1001/);
    const longest = await register(api, draft(c, 'tx3', { ...base, text: '가'.repeat(1000) }));
    assert.equal([...longest.text].length, 1000);
  });

  test('variables: at most 40 distinct (A508); 40 is fine; a repeated key counts once', async () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const text = (n: number) =>
      keys(n)
        .map((k) => `#{${k}}`)
        .join(' ');
    const vars = (n: number) => keys(n).map((key) => ({ key, example: `ex-${key}` }));
    refused(
      await post(draft(c, 'v41', { text: text(41), variables: vars(41), buttons: [] })),
      'A508',
      400,
      /41 distinct/,
    );
    // 40 in the text, and a 41st in the title: counted across every field.
    refused(
      await post(
        draft(c, 'v41b', {
          text: text(40),
          templateEmphasizeType: 'TEXT',
          title: '#{extra1}',
          subtitle: 'sub',
          variables: [...vars(40), { key: 'extra1', example: 'x' }],
          buttons: [],
        }),
      ),
      'A508',
      400,
    );
    const forty = await register(
      api,
      draft(c, 'v40', { text: `${text(40)} #{v0}`, variables: vars(40), buttons: [] }),
    );
    assert.equal(forty.variables.length, 40);
  });

  test('every variable needs example text (A509), in text, title, extra and button links alike', async () => {
    refused(
      await post(draft(c, 'ex1', { variables: [{ key: 'name', example: '홍길동' }] })),
      'A509',
      400,
      /#\{order\}/,
    );
    refused(
      await post(
        draft(c, 'ex2', {
          variables: [
            { key: 'name', example: '홍길동' },
            { key: 'order', example: '  ' },
          ],
        }),
      ),
      'A509',
      400,
    );
    refused(await post(draft(c, 'ex3', { variables: undefined })), 'A509', 400);
    // The button link's variable alone.
    refused(
      await post(
        draft(c, 'ex4', {
          text: '주문이 완료되었습니다.',
          variables: [],
          buttons: [{ type: 'WL', name: '확인', urlMobile: 'https://s.example/#{path}' }],
        }),
      ),
      'A509',
      400,
      /#\{path\}/,
    );
  });

  test('variables entries: a repeated key or one the template does not use is refused (A511)', async () => {
    const vars = [
      { key: 'name', example: 'a' },
      { key: 'order', example: 'b' },
    ];
    refused(
      await post(draft(c, 'vk1', { variables: [...vars, { key: 'name', example: 'c' }] })),
      'A511',
      400,
      /repeated/,
    );
    refused(
      await post(draft(c, 'vk2', { variables: [...vars, { key: 'ghost', example: 'c' }] })),
      'A511',
      400,
      /ghost/,
    );
    refused(
      await post(draft(c, 'vk3', { variables: [{ key: ['name'], example: 'x' }] })),
      'A300',
      400,
      /key/,
    );
  });

  test('button names and the preview hold no variables (A510)', async () => {
    refused(
      await post(
        draft(c, 'bn1', { buttons: [{ type: 'WL', name: '#{name} 확인', urlMobile: 'https://s.example' }] }),
      ),
      'A510',
      400,
      /buttons\[0\]\.name/,
    );
    refused(await post(draft(c, 'bn2', { previewMessage: '#{name}님 주문' })), 'A510', 400, /previewMessage/);
    refused(await post(draft(c, 'bn3', { previewMessage: 'p'.repeat(41) })), 'A522', 400, /previewMessage/);
    const t1 = await register(api, draft(c, 'bn4', { previewMessage: '주문 완료' }));
    assert.equal(t1.previewMessage, '주문 완료');
  });

  test('buttons: at most 5, known types, names up to 14, links only where they belong (A503)', async () => {
    const wl = { type: 'WL', name: '확인', urlMobile: 'https://s.example' };
    refused(await post(draft(c, 'b1', { buttons: Array(6).fill(wl) })), 'A503', 400, /at most 5/);
    refused(await post(draft(c, 'b2', { buttons: [{ ...wl, type: 'XX' }] })), 'A503', 400, /type/);
    refused(
      await post(draft(c, 'b3', { buttons: [{ type: 'WL', name: '확인' }] })),
      'A503',
      400,
      /urlMobile/,
    );
    refused(await post(draft(c, 'b4', { buttons: [{ ...wl, urlMobile: 'ftp://x' }] })), 'A503', 400);
    refused(await post(draft(c, 'b5', { buttons: [{ ...wl, name: 'n'.repeat(15) }] })), 'A503', 400);
    refused(
      await post(
        draft(c, 'b6', { buttons: [{ type: 'DS', name: '배송조회', urlMobile: 'https://x.example' }] }),
      ),
      'A503',
      400,
      /DS/,
    );
    refused(await post(draft(c, 'b7', { buttons: [{ type: 'AL', name: '앱' }] })), 'A503', 400, /AL/);
    refused(await post(draft(c, 'b8', { buttons: [{ type: 'AC', name: '채널 추가' }] })), 'A503', 400, /AC/);
    refused(
      await post(draft(c, 'b9', { buttons: [{ type: 'WL', urlMobile: 'https://x.example' }] })),
      'A300',
      400,
      /name/,
    );
    const many = await register(
      api,
      draft(c, 'b10', {
        buttons: [
          wl,
          { type: 'AL', name: '앱 열기', schemeAndroid: 'shop://o', schemeIos: 'shop://o' },
          { type: 'DS', name: '배송조회' },
          { type: 'BK', name: '문의' },
          { type: 'MD', name: '전달' },
        ],
      }),
    );
    assert.equal(many.buttons.length, 5);
    assert.deepEqual(many.buttons[1], {
      type: 'AL',
      name: '앱 열기',
      schemeAndroid: 'shop://o',
      schemeIos: 'shop://o',
    });
  });

  test('templateMessageType: BA, EX (extra), AD (channel-add button first), MI (both) (A514, A517, A503)', async () => {
    refused(await post(draft(c, 'mt1', { templateMessageType: 'ZZ' })), 'A514', 400);
    refused(await post(draft(c, 'mt2', { templateMessageType: 'EX' })), 'A517', 400, /extra/);
    refused(await post(draft(c, 'mt3', { extra: '부가 정보' })), 'A517', 400, /BA/);
    refused(
      await post(draft(c, 'mt4', { templateMessageType: 'EX', extra: 'e'.repeat(501) })),
      'A517',
      400,
      /500/,
    );
    refused(await post(draft(c, 'mt5', { templateMessageType: 'AD' })), 'A503', 400, /AC/);
    const ex = await register(api, draft(c, 'mt6', { templateMessageType: 'EX', extra: '문의: 1588-0000' }));
    assert.equal(ex.extra, '문의: 1588-0000');
    assert.equal(ex.ad, null);
    const ac = { type: 'AC', name: '채널 추가' };
    const ad = await register(
      api,
      draft(c, 'mt7', {
        templateMessageType: 'AD',
        buttons: [ac, { type: 'WL', name: '확인', urlMobile: 'https://s.example/#{order}' }],
      }),
    );
    assert.match(ad.ad ?? '', /채널 추가/);
    const mi = await register(
      api,
      draft(c, 'mt8', {
        templateMessageType: 'MI',
        extra: '#{name}님 감사합니다',
        buttons: [ac, { type: 'WL', name: '확인', urlMobile: 'https://s.example/#{order}' }],
      }),
    );
    assert.equal(mi.extra, '#{name}님 감사합니다');
  });

  test('emphasis: TEXT needs title and subtitle, IMAGE needs imgUrl (AI), ITEM_LIST 2-10 items (A515, A516, A518, A523)', async () => {
    const img = 'https://files.example/tpl.png';
    refused(await post(draft(c, 'em1', { templateEmphasizeType: 'BOLD' })), 'A515', 400);
    refused(
      await post(draft(c, 'em2', { templateEmphasizeType: 'TEXT', title: '강조' })),
      'A516',
      400,
      /subtitle/,
    );
    refused(await post(draft(c, 'em3', { title: '강조' })), 'A516', 400, /title/);
    refused(await post(draft(c, 'em4', { templateEmphasizeType: 'IMAGE' })), 'A516', 400, /imgUrl/);
    refused(await post(draft(c, 'em5', { imgUrl: img })), 'A516', 400, /imgUrl/);
    refused(
      await post(draft(c, 'em6', { templateEmphasizeType: 'IMAGE', imgUrl: 'not a url' })),
      'A518',
      400,
    );
    refused(
      await post(draft(c, 'em7', { templateEmphasizeType: 'IMAGE', imgUrl: img, msgType: 'AT' })),
      'A523',
      400,
      /AI/,
    );
    refused(
      await post(draft(c, 'em8', { templateEmphasizeType: 'TEXT', title: 't'.repeat(51), subtitle: 's' })),
      'A516',
      400,
      /50/,
    );
    const text = await register(
      api,
      draft(c, 'em9', {
        templateEmphasizeType: 'TEXT',
        title: '#{order}',
        subtitle: '주문번호',
        msgType: 'AT',
      }),
    );
    assert.deepEqual([text.title, text.subtitle, text.msgType], ['#{order}', '주문번호', 'AT']);
    const image = await register(
      api,
      draft(c, 'em10', { templateEmphasizeType: 'IMAGE', imgUrl: img, imgName: 'tpl' }),
    );
    assert.deepEqual([image.msgType, image.imgUrl, image.imgName], ['AI', img, 'tpl']);
    const one = { list: [{ title: '상품', description: '#{name}' }] };
    refused(
      await post(draft(c, 'em11', { templateEmphasizeType: 'ITEM_LIST', item: one })),
      'A516',
      400,
      /2 to 10/,
    );
    refused(
      await post(
        draft(c, 'em12', {
          templateEmphasizeType: 'ITEM_LIST',
          item: { list: [...one.list, { title: '너무긴항목제목', description: 'x' }] },
        }),
      ),
      'A516',
      400,
      /item\.list\[1\]\.title/,
    );
    const list = await register(
      api,
      draft(c, 'em13', {
        templateEmphasizeType: 'ITEM_LIST',
        header: '주문 내역',
        itemHighlight: { title: '#{order}', description: '결제 완료' },
        item: {
          list: [...one.list, { title: '금액', description: '12,000원' }],
          summary: { title: '합계', description: '12,000원' },
        },
      }),
    );
    assert.equal(list.msgType, 'AT');
    assert.equal(list.item?.list.length, 2);
    assert.equal(list.header, '주문 내역');
  });

  test('update in REG: given fields replace, absent ones stay, null clears; codes stay', async () => {
    await register(api, draft(c, 'upd1', { previewMessage: '미리보기' }));
    await advance(t, 60);
    const res = await put({
      senderKey: c.senderKey,
      templateCode: 'upd1',
      text: '#{name}님, 감사합니다.',
      variables: [{ key: 'name', example: '홍길동' }],
      buttons: null,
      previewMessage: null,
    });
    const { infomsg } = ok<{ infomsg: Template }>(res);
    assert.equal(infomsg.text, '#{name}님, 감사합니다.');
    assert.equal(infomsg.templateName, '주문 완료 안내');
    assert.deepEqual(infomsg.buttons, []);
    assert.equal(infomsg.previewMessage, null);
    assert.equal(infomsg.inspectionStatus, 'REG');
    assert.notEqual(infomsg.modifiedAt, infomsg.createdAt);
    // The merged record is checked as a whole: a text with a new variable needs its example.
    refused(
      await put({ senderKey: c.senderKey, templateCode: 'upd1', text: '#{name} #{when}' }),
      'A509',
      400,
      /when/,
    );
    refused(await put({ senderKey: c.senderKey, templateCode: 'nope' }), 'A820', 404);
  });

  test('update refused while under review (REQ: A824); approved: only templateName (A519); rejected: back to REG', async () => {
    await register(api, draft(c, 'upd2'));
    ok(await requestReview(api, c.senderKey, 'upd2'));
    refused(
      await put({ senderKey: c.senderKey, templateCode: 'upd2', templateName: 'x' }),
      'A824',
      409,
      /REQ/,
    );
    assert.equal((await decideReview(t, c.senderKey, 'upd2', 'approve')).statusCode, 200);
    refused(
      await put({ senderKey: c.senderKey, templateCode: 'upd2', text: '#{name}님 #{order}' }),
      'A519',
      409,
      /text/,
    );
    refused(await put({ ...draft(c, 'upd2'), categoryCode: '002003' }), 'A519', 409, /categoryCode/);
    // The whole record sent back with only the name changed is fine.
    const renamed = ok<{ infomsg: Template }>(
      await put({ ...draft(c, 'upd2'), templateName: '새 이름' }),
    ).infomsg;
    assert.deepEqual(
      [renamed.templateName, renamed.inspectionStatus, renamed.status],
      ['새 이름', 'APR', 'A'],
    );

    await register(api, draft(c, 'upd3'));
    ok(await requestReview(api, c.senderKey, 'upd3'));
    assert.equal(
      (await decideReview(t, c.senderKey, 'upd3', 'reject', '변수 예시가 부족합니다')).statusCode,
      200,
    );
    const fixed = ok<{ infomsg: Template }>(
      await put({ senderKey: c.senderKey, templateCode: 'upd3', text: '#{name}님, 주문 #{order} 완료' }),
    ).infomsg;
    assert.deepEqual([fixed.inspectionStatus, fixed.status], ['REG', 'R']);
    assert.equal(fixed.comment, '변수 예시가 부족합니다');
  });

  test('delete: only code and result; not while under review (A824); unknown (A820); approved ones can go', async () => {
    await register(api, draft(c, 'del1'));
    const res = await del(c.senderKey, 'del1');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { code: 'A000', result: 'SUCCESS' });
    refused(await api('GET', `${BASE}/template?senderKey=${c.senderKey}&templateCode=del1`), 'A820', 404);
    refused(await del(c.senderKey, 'del1'), 'A820', 404);
    // Registered again: a new template, with a history of its own.
    assert.equal((await register(api, draft(c, 'del1'))).inspectionStatus, 'REG');

    await register(api, draft(c, 'del2'));
    ok(await requestReview(api, c.senderKey, 'del2'));
    refused(await del(c.senderKey, 'del2'), 'A824', 409, /cancel the review first/);
    assert.equal((await decideReview(t, c.senderKey, 'del2', 'approve')).statusCode, 200);
    ok(await del(c.senderKey, 'del2'));
    assert.equal(await findInfomsgTemplate(t.gw.ctx.store, c.senderKey, 'del2'), undefined);
  });

  test('list: the profile’s templates with filters, offset/limit validated, totalCount', async () => {
    const sk = `${c.senderKey}-list`;
    await addProfile(t, c.accountId, sk);
    const p = { senderKey: sk };
    for (const code of ['l1', 'l2', 'l3', 'l4']) await register(api, draft(p, code));
    await register(api, draft(p, 'l5', { templateMessageType: 'EX', extra: '부가' }));
    ok(await requestReview(api, sk, 'l2'));
    ok(await requestReview(api, sk, 'l3'));
    assert.equal((await decideReview(t, sk, 'l3', 'approve')).statusCode, 200);
    const list = async (q: string) =>
      ok<{ infomsg: { templates: Template[]; totalCount: number; offset: number; limit: number } }>(
        await api('GET', `${BASE}/template/list?senderKey=${sk}${q}`),
      ).infomsg;
    const all = await list('');
    assert.deepEqual(
      all.templates.map((x) => x.templateCode),
      ['l1', 'l2', 'l3', 'l4', 'l5'],
    );
    assert.deepEqual([all.totalCount, all.offset, all.limit], [5, 0, 100]);
    assert.deepEqual(
      (await list('&inspectionStatus=REQ')).templates.map((x) => x.templateCode),
      ['l2'],
    );
    assert.deepEqual(
      (await list('&status=A')).templates.map((x) => x.templateCode),
      ['l3'],
    );
    assert.deepEqual((await list('&status=R&inspectionStatus=REG')).totalCount, 3);
    assert.deepEqual(
      (await list('&templateType=EX')).templates.map((x) => x.templateCode),
      ['l5'],
    );
    assert.deepEqual(
      (await list('&senderKeyType=S&offset=1&limit=2')).templates.map((x) => x.templateCode),
      ['l2', 'l3'],
    );
    assert.equal((await list('&offset=1&limit=2')).totalCount, 5);
    // History comes with each record.
    assert.equal(all.templates[2]?.comments.length, 2);
    refused(await api('GET', `${BASE}/template/list?senderKey=${sk}&limit=0`), 'A300', 400, /limit/);
    refused(await api('GET', `${BASE}/template/list?senderKey=${sk}&limit=1001`), 'A300', 400, /limit/);
    refused(await api('GET', `${BASE}/template/list?senderKey=${sk}&offset=-1`), 'A300', 400, /offset/);
    refused(await api('GET', `${BASE}/template/list?senderKey=${sk}&status=X`), 'A300', 400, /status/);
    refused(
      await api('GET', `${BASE}/template/list?senderKey=${sk}&senderKeyType=G`),
      'A300',
      400,
      /senderKeyType/,
    );
    refused(await api('GET', `${BASE}/template/list`), 'A300', 400, /senderKey/);
  });

  test('lastModified: templates changed since a time (edits and review moves count), oldest first, paged', async () => {
    const sk = `${c.senderKey}-lm`;
    await addProfile(t, c.accountId, sk);
    const p = { senderKey: sk };
    await register(api, draft(p, 'm1'));
    await register(api, draft(p, 'm2'));
    await advance(t, 3600);
    const since = t.gw.ctx.clock.now();
    await register(api, draft(p, 'm3'));
    await advance(t, 10);
    ok(await requestReview(api, sk, 'm1'));
    const q = async (extra: string) =>
      ok<{ infomsg: { templates: Template[]; page: number; count: number; hasNext: boolean } }>(
        await api('GET', `${BASE}/template/lastModified?senderKey=${sk}${extra}`),
      ).infomsg;
    const iso = encodeURIComponent(isoKst(since));
    assert.deepEqual(
      (await q(`&since=${iso}`)).templates.map((x) => x.templateCode),
      ['m3', 'm1'],
    );
    const kst = encodeURIComponent(isoKst(since).slice(0, 19).replace('T', ' '));
    assert.deepEqual(
      (await q(`&since=${kst}`)).templates.map((x) => x.templateCode),
      ['m3', 'm1'],
    );
    assert.deepEqual(
      (await q('')).templates.map((x) => x.templateCode),
      ['m2', 'm3', 'm1'],
    );
    const first = await q('&page=1&count=2');
    assert.deepEqual([first.templates.map((x) => x.templateCode), first.hasNext], [['m2', 'm3'], true]);
    const second = await q('&page=2&count=2');
    assert.deepEqual([second.templates.map((x) => x.templateCode), second.hasNext], [['m1'], false]);
    refused(
      await api('GET', `${BASE}/template/lastModified?senderKey=${sk}&since=yesterday`),
      'A300',
      400,
      /since/,
    );
    refused(await api('GET', `${BASE}/template/lastModified?senderKey=${sk}&page=0`), 'A300', 400, /page/);
    refused(
      await api('GET', `${BASE}/template/lastModified?senderKey=${sk}&count=1001`),
      'A300',
      400,
      /count/,
    );
  });

  test('findInfomsgTemplate and isSendable: only an approved, active template is sendable', async () => {
    await register(
      api,
      draft(c, 'send1', { templateEmphasizeType: 'TEXT', title: '#{order}', subtitle: '주문' }),
    );
    const store = t.gw.ctx.store;
    let found = await findInfomsgTemplate(store, c.senderKey, 'send1');
    assert.ok(found);
    assert.equal(found.accountId, c.accountId);
    assert.equal(found.msgType, 'AT');
    assert.equal(found.title, '#{order}');
    assert.equal(found.buttons.length, 1);
    assert.equal(isSendable(found), false);
    await approve('send1');
    found = await findInfomsgTemplate(store, c.senderKey, 'send1');
    assert.ok(found);
    assert.equal(isSendable(found), true);
    assert.equal(await findInfomsgTemplate(store, c.senderKey, 'missing'), undefined);
  });

  test('schema violations name the field (A300); unknown fields are ignored', async () => {
    refused(await api('POST', `${BASE}/template`, {}), 'A300', 400, /infomsg/);
    refused(await post({ ...draft(c, 'sv1'), text: { a: 1 } }), 'A300', 400, /infomsg\.text/);
    refused(
      await post({ ...draft(c, 'sv1'), buttons: 'none' }),
      'A300',
      400,
      /infomsg\.buttons must be array/,
    );
    refused(await post({ ...draft(c, 'sv2'), securityFlag: 'maybe' }), 'A300', 400, /securityFlag/);
    const kept = await register(api, { ...draft(c, 'sv3'), somethingNew: 1, securityFlag: true });
    assert.equal(kept.securityFlag, true);
  });
});
