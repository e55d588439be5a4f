import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { ATTACHMENT_MAX_BYTES } from '../../src/features/infomsg/attachment.ts';
import { findInfomsgTemplate, isSendable } from '../../src/store/templates/infomsg-templates.ts';
import { advance, type Client } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { gif, jpeg, png } from '../helpers/images.ts';
import { type Part, postForm } from '../helpers/multipart.ts';
import { startWithClients } from '../helpers/suite-start.ts';
import {
  type Api,
  apiOf,
  BASE,
  cancelReview,
  decideReview,
  draft,
  fetchTemplate,
  ok,
  refused,
  register,
  requestReview,
} from './infomsg-helpers.ts';

const PNG = Buffer.from(png(1, 1));
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
const GIF = Buffer.from(gif(1, 1));
const JPEG = Buffer.from(jpeg(1, 1));

describeEachDb('infomsg review', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let api: Api;

  before(async () => {
    [t, c, other] = await startWithClients(db, ['acme', 'other']);
    api = apiOf(t, c.apiKey);
  });
  after(() => t.close());

  const URL = `${BASE}/template/request`;
  const form = (code: string, extra: Part[] = [], fields: Record<string, string> = {}): Part[] => [
    { name: 'senderKey', value: c.senderKey },
    { name: 'senderKeyType', value: 'S' },
    { name: 'templateCode', value: code },
    ...Object.entries({ comment: '첨부 확인 부탁드립니다', ...fields }).map(([name, value]) => ({
      name,
      value,
    })),
    ...extra,
  ];
  const attachment = (bytes: Uint8Array, filename: string, type = 'application/octet-stream'): Part => ({
    name: 'attachment',
    bytes,
    filename,
    type,
  });

  test('request (JSON): REG → REQ; the comment is kept in the history and shown as comment', async () => {
    await register(api, draft(c, 'r1'));
    const now = t.gw.ctx.clock.now();
    const res = await requestReview(api, c.senderKey, 'r1', '주문 안내용입니다');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { code: 'A000', result: 'SUCCESS' });
    const got = await fetchTemplate(api, c.senderKey, 'r1');
    assert.deepEqual([got.status, got.inspectionStatus, got.comment], ['R', 'REQ', '주문 안내용입니다']);
    assert.deepEqual(got.comments, [
      { type: 'REQ', comment: '주문 안내용입니다', createdAt: isoKst(now), attachment: null },
    ]);
  });

  test('request refused unless status R and inspectionStatus REG (A824); unknown (A820); another account (A340)', async () => {
    await register(api, draft(c, 'r2'));
    ok(await requestReview(api, c.senderKey, 'r2'));
    refused(await requestReview(api, c.senderKey, 'r2'), 'A824', 409, /inspectionStatus REQ/);
    assert.equal((await decideReview(t, c.senderKey, 'r2', 'approve')).statusCode, 200);
    refused(await requestReview(api, c.senderKey, 'r2'), 'A824', 409, /status A, inspectionStatus APR/);
    refused(await requestReview(api, c.senderKey, 'nope'), 'A820', 404);
    refused(await requestReview(apiOf(t, other.apiKey), c.senderKey, 'r2'), 'A340', 400);
    refused(
      await api('POST', URL, { infomsg: { senderKey: c.senderKey, templateCode: 'r2' } }),
      'A300',
      400,
      /comment/,
    );
    refused(await requestReview(api, c.senderKey, 'r2', 'c'.repeat(501)), 'A529', 400, /501/);
  });

  test('cancel: REQ → REG with a CANCEL entry; only under review (A824)', async () => {
    await register(api, draft(c, 'r3'));
    refused(await cancelReview(api, c.senderKey, 'r3'), 'A824', 409, /REQ/);
    ok(await requestReview(api, c.senderKey, 'r3', 'first'));
    const res = await cancelReview(api, c.senderKey, 'r3', '문구 수정 후 다시 요청');
    assert.deepEqual(res.json().data, { code: 'A000', result: 'SUCCESS' });
    const got = await fetchTemplate(api, c.senderKey, 'r3');
    assert.deepEqual([got.status, got.inspectionStatus], ['R', 'REG']);
    assert.deepEqual(
      got.comments.map((e) => [e.type, e.comment]),
      [
        ['REQ', 'first'],
        ['CANCEL', '문구 수정 후 다시 요청'],
      ],
    );
    assert.equal(got.comment, '문구 수정 후 다시 요청');
    // Editable again, and can be requested again.
    ok(
      await api('PUT', `${BASE}/template`, {
        infomsg: { senderKey: c.senderKey, templateCode: 'r3', templateName: '수정' },
      }),
    );
    ok(await requestReview(api, c.senderKey, 'r3', 'second'));
    refused(await cancelReview(apiOf(t, other.apiKey), c.senderKey, 'r3'), 'A340', 400);
  });

  test('sandbox approve: APR and status A, the reviewer’s comment kept; the template becomes sendable', async () => {
    await register(api, draft(c, 'r4'));
    ok(await requestReview(api, c.senderKey, 'r4', '요청'));
    await advance(t, 30);
    const res = await decideReview(t, c.senderKey, 'r4', 'approve', '승인합니다');
    assert.equal(res.statusCode, 200, res.body);
    const view = res.json();
    assert.deepEqual([view.inspectionStatus, view.status, view.comment], ['APR', 'A', '승인합니다']);
    const got = await fetchTemplate(api, c.senderKey, 'r4');
    assert.deepEqual(
      got.comments.map((e) => [e.type, e.comment]),
      [
        ['REQ', '요청'],
        ['APR', '승인합니다'],
      ],
    );
    assert.equal(got.comments[1]?.createdAt, isoKst(t.gw.ctx.clock.now()));
    const stored = await findInfomsgTemplate(t.gw.ctx.store, c.senderKey, 'r4');
    assert.ok(stored && isSendable(stored));
  });

  test('sandbox reject: REJ with status R, reason kept; the edit puts it back to REG and it can be asked again', async () => {
    await register(api, draft(c, 'r5'));
    ok(await requestReview(api, c.senderKey, 'r5'));
    const res = await decideReview(t, c.senderKey, 'r5', 'reject', '광고성 문구가 포함되어 있습니다');
    assert.equal(res.statusCode, 200, res.body);
    const got = await fetchTemplate(api, c.senderKey, 'r5');
    assert.deepEqual(
      [got.inspectionStatus, got.status, got.comment],
      ['REJ', 'R', '광고성 문구가 포함되어 있습니다'],
    );
    refused(await requestReview(api, c.senderKey, 'r5'), 'A824', 409, /REJ/);
    ok(
      await api('PUT', `${BASE}/template`, {
        infomsg: { senderKey: c.senderKey, templateCode: 'r5', text: '#{name}님 주문 #{order} 완료' },
      }),
    );
    ok(await requestReview(api, c.senderKey, 'r5', '수정했습니다'));
    const again = await fetchTemplate(api, c.senderKey, 'r5');
    assert.deepEqual(
      again.comments.map((e) => e.type),
      ['REQ', 'REJ', 'REQ'],
    );
  });

  test('sandbox reviewer refusals: not under review (A824), unknown (A820), bad decision (A300), admin token only', async () => {
    await register(api, draft(c, 'r6'));
    const notReq = await decideReview(t, c.senderKey, 'r6', 'approve');
    assert.equal(notReq.statusCode, 409, notReq.body);
    assert.equal(notReq.json().code, 'A824');
    const unknown = await decideReview(t, c.senderKey, 'none', 'approve');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'A820');
    ok(await requestReview(api, c.senderKey, 'r6'));
    const bad = await decideReview(t, c.senderKey, 'r6', 'maybe');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'A300');
    assert.match(bad.json().result, /decision must be one of approve, reject$/);
    // A misspelt field is refused rather than its value lost (the comment would vanish).
    const typo = await t.request({
      method: 'POST',
      url: '/sandbox/v1/reviews',
      admin: true,
      body: { senderKey: c.senderKey, templateCode: 'r6', decision: 'reject', coment: 'why' },
    });
    assert.equal(typo.statusCode, 400, typo.body);
    assert.equal(typo.json().code, 'A300');
    assert.match(typo.json().result, /coment is not a known field/);
    const long = await decideReview(t, c.senderKey, 'r6', 'reject', 'x'.repeat(501));
    assert.equal(long.json().code, 'A529');
    const anon = await t.request({
      method: 'POST',
      url: '/sandbox/v1/reviews',
      body: { senderKey: c.senderKey, templateCode: 'r6', decision: 'approve' },
    });
    assert.equal(anon.statusCode, 401);
    assert.equal((await fetchTemplate(api, c.senderKey, 'r6')).inspectionStatus, 'REQ');
  });

  test('request (form-data) with an attachment: stored, named in the history, served at its URL', async () => {
    await register(api, draft(c, 'f1'));
    const res = await postForm(
      t,
      URL,
      form('f1', [attachment(PNG, 'C:\\docs\\근거자료.png', 'image/png')]),
      c.apiKey,
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { code: 'A000', result: 'SUCCESS' });
    const got = await fetchTemplate(api, c.senderKey, 'f1');
    assert.equal(got.inspectionStatus, 'REQ');
    const entry = got.comments[0];
    assert.equal(entry?.comment, '첨부 확인 부탁드립니다');
    assert.equal(entry?.attachment?.fileName, '근거자료.png');
    const url = new globalThis.URL(entry?.attachment?.url ?? '');
    assert.match(url.pathname, /^\/files\/infomsg-review\//);
    const served = await t.gw.app.inject({ method: 'GET', url: url.pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(served.rawPayload, PNG);
  });

  test('form-data without an attachment, and every accepted format (extension and content agree)', async () => {
    await register(api, draft(c, 'f2'));
    ok(await postForm(t, URL, form('f2'), c.apiKey));
    const cases: Array<[string, Buffer]> = [
      ['a.pdf', PDF],
      ['a.jpg', JPEG],
      ['a.JPEG', JPEG],
      ['a.gif', GIF],
      ['a.hwp', OLE],
      ['a.hwp', Buffer.from('HWP Document File V3.00 \x1a\x01\x02\x03\x04\x05', 'latin1')],
      ['a.doc', OLE],
      ['a.docx', ZIP],
    ];
    for (const [i, [name, bytes]] of cases.entries()) {
      const code = `fmt${i}`;
      await register(api, draft(c, code));
      const res = await postForm(t, URL, form(code, [attachment(bytes, name)]), c.apiKey);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      assert.equal((await fetchTemplate(api, c.senderKey, code)).comments[0]?.attachment?.fileName, name);
    }
  });

  test('bad attachment format: other extensions, content not matching its extension (A520); too large (A212)', async () => {
    await register(api, draft(c, 'f3'));
    const bad = async (parts: Part[], code: string, re: RegExp) =>
      refused(await postForm(t, URL, form('f3', parts), c.apiKey), code, 400, re);
    await bad([attachment(Buffer.from('hello'), 'notes.txt', 'text/plain')], 'A520', /\.txt/);
    await bad([attachment(ZIP, 'archive.zip')], 'A520', /\.zip/);
    await bad([attachment(PNG, 'noext')], 'A520', /no extension/);
    await bad([attachment(PDF, 'fake.png', 'image/png')], 'A520', /PNG/);
    await bad([attachment(PNG, 'fake.pdf')], 'A520', /PDF/);
    await bad([attachment(ZIP, 'fake.doc')], 'A520', /DOC/);
    await bad([attachment(Buffer.alloc(0), 'empty.gif')], 'A520', /GIF/);
    await bad([attachment(Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x25), 'big.pdf')], 'A212', /10 MiB/);
    await bad([attachment(PNG, 'a.png'), attachment(PNG, 'b.png')], 'A300', /one attachment/);
    // The attachment under another part name (curl -F file=@a.pdf) is refused, never dropped.
    const misnamed: Part = { name: 'file', bytes: PDF, filename: 'a.pdf', type: 'application/pdf' };
    await bad([misnamed], 'A300', /part named "file".*part named attachment/);
    await bad([{ ...misnamed, name: 'document' }], 'A300', /"document"/);
    // Nothing moved: still registered, nothing in the history.
    const got = await fetchTemplate(api, c.senderKey, 'f3');
    assert.deepEqual([got.inspectionStatus, got.comments.length], ['REG', 0]);
  });

  test('form-data refusals name the field: comment and templateCode required (A300); another account (A340)', async () => {
    await register(api, draft(c, 'f4'));
    const noComment = form('f4').filter((p) => p.name !== 'comment');
    refused(await postForm(t, URL, noComment, c.apiKey), 'A300', 400, /comment is required/);
    const noCode = form('f4').filter((p) => p.name !== 'templateCode');
    refused(await postForm(t, URL, noCode, c.apiKey), 'A300', 400, /templateCode is required/);
    refused(
      await postForm(t, URL, form('f4', [], { senderKeyType: 'G' }), c.apiKey),
      'A300',
      400,
      /senderKeyType/,
    );
    refused(await postForm(t, URL, form('f4'), other.apiKey), 'A340', 400);
    const anon = await postForm(t, URL, form('f4'), null);
    assert.equal(anon.statusCode, 401);
  });
});

/** The sandbox reviewer deciding every request by itself, `delaySeconds` after it was made. */
const autoReview = (decision: 'approve' | 'reject', delaySeconds: number) => ({
  OMNIGATE_REVIEW_AUTO: decision,
  OMNIGATE_REVIEW_DELAY_SECONDS: String(delaySeconds),
});

describeEachDb('infomsg automatic review (approve after 30 s)', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Api;

  before(async () => {
    [t, c] = await startWithClients(db, ['acme'], { env: autoReview('approve', 30) });
    api = apiOf(t, c.apiKey);
  });
  after(() => t.close());

  const state = async (code: string) => {
    const got = await fetchTemplate(api, c.senderKey, code);
    return [got.inspectionStatus, got.status];
  };

  test('decided only once the clock has moved by the delay, with its comment kept', async () => {
    await register(api, draft(c, 'a1'));
    ok(await requestReview(api, c.senderKey, 'a1'));
    await advance(t, 0);
    assert.deepEqual(await state('a1'), ['REQ', 'R']);
    await advance(t, 29);
    assert.deepEqual(await state('a1'), ['REQ', 'R']);
    await advance(t, 1);
    const got = await fetchTemplate(api, c.senderKey, 'a1');
    assert.deepEqual(
      [got.inspectionStatus, got.status, got.comment],
      ['APR', 'A', 'approved by automatic review'],
    );
    assert.deepEqual(
      got.comments.map((e) => e.type),
      ['REQ', 'APR'],
    );
  });

  test('a cancelled request is left alone; a new request is decided on its own time', async () => {
    await register(api, draft(c, 'a2'));
    ok(await requestReview(api, c.senderKey, 'a2'));
    await advance(t, 20);
    ok(await cancelReview(api, c.senderKey, 'a2'));
    ok(await requestReview(api, c.senderKey, 'a2', 'again'));
    // The first request's time comes: it was cancelled, and the second is not due yet.
    await advance(t, 10);
    assert.deepEqual(await state('a2'), ['REQ', 'R']);
    await advance(t, 10);
    assert.deepEqual(await state('a2'), ['REQ', 'R']);
    await advance(t, 10);
    assert.deepEqual(await state('a2'), ['APR', 'A']);
    await register(api, draft(c, 'a3'));
    ok(await requestReview(api, c.senderKey, 'a3'));
    ok(await cancelReview(api, c.senderKey, 'a3'));
    await advance(t, 60);
    assert.deepEqual(await state('a3'), ['REG', 'R']);
  });

  test('a request a reviewer decided first is left as the reviewer decided it', async () => {
    await register(api, draft(c, 'a4'));
    ok(await requestReview(api, c.senderKey, 'a4'));
    assert.equal((await decideReview(t, c.senderKey, 'a4', 'reject', 'no')).statusCode, 200);
    await advance(t, 60);
    const got = await fetchTemplate(api, c.senderKey, 'a4');
    assert.deepEqual([got.inspectionStatus, got.comment, got.comments.length], ['REJ', 'no', 2]);
  });
});

describeEachDb('infomsg automatic review (reject)', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Api;

  before(async () => {
    [t, c] = await startWithClients(db, ['acme'], { env: autoReview('reject', 5) });
    api = apiOf(t, c.apiKey);
  });
  after(() => t.close());

  test('rejects after the delay: REJ, status R, the comment says why', async () => {
    await register(api, draft(c, 'j1'));
    ok(await requestReview(api, c.senderKey, 'j1'));
    await advance(t, 4);
    assert.equal((await fetchTemplate(api, c.senderKey, 'j1')).inspectionStatus, 'REQ');
    await advance(t, 1);
    const got = await fetchTemplate(api, c.senderKey, 'j1');
    assert.deepEqual(
      [got.inspectionStatus, got.status, got.comment],
      ['REJ', 'R', 'rejected by automatic review'],
    );
  });
});
