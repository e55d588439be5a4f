import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, inbox, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { jpeg } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';
import { approvedInfomsgTemplate, brandTemplate } from '../helpers/templates.ts';
import { call, destinations, envelopeOf, ok, phones, strings } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * The send samples of the specification replayed as written (POST /api/comm/v1/send/omni), and
 * their results read back as clients read them: the destination entries, data.ref, the handset's
 * inbox, report polling, report inquiry and message inquiry.
 */

const REPORT_FIELDS = [
  'msgKey',
  'serviceType',
  'msgType',
  'reportType',
  'reportCode',
  'reportText',
  'reportTime',
  'sendTime',
  'carrier',
  'ref',
] as const;

const ATTEMPT_FIELDS = [
  'msgKey',
  'serviceType',
  'msgType',
  'fallback',
  'reportCode',
  'sendTime',
  'reportTime',
];

describeEachDb('compatibility: send samples', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('71');
  const INFO = 'CP-INFO';
  const BASIC = 'CP-BASIC';
  /** msgKey → the ref its reports must carry. */
  const refs = new Map<string, string>();
  /** msgKey → the reportCode of its report, when not 10000 (delivered). */
  const codes = new Map<string, string>();

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t);
    await approvedInfomsgTemplate(t, c, INFO, '#{name}님, 주문 #{order}이 완료되었습니다.', {
      buttons: [
        {
          type: 'WL',
          name: '주문 확인',
          urlMobile: 'https://shop.example/o',
          urlPc: 'https://shop.example/o',
        },
      ],
    });
    await brandTemplate(t, c, {
      templateCode: BASIC,
      templateName: 'autumn',
      msgType: 'TEXT',
      text: '#{name}님, 가을 세일이 시작됩니다.',
    });
  });
  after(() => t.close());

  const values = (to: string, more: Record<string, string> = {}) => ({
    phone_number: to,
    sender_number: c.sender,
    sender_key: c.senderKey,
    brand_key: c.brandKey,
    ...more,
  });

  /** Replays a send sample to `to`; returns its one destination entry, accepted. */
  async function replay(sample: string, to: string, more: Record<string, string> = {}, url?: string) {
    const r = await call(
      t,
      c.apiKey,
      'POST',
      url ?? '/api/comm/v1/send/omni',
      S.fill(sample, values(to, more)),
    );
    const [d, ...rest] = destinations(r);
    assert.ok(d, r.raw);
    assert.equal(rest.length, 0, r.raw);
    assert.equal(d.to, to);
    assert.equal(d.code, 'A000', r.raw);
    assert.match(d.msgKey, /\S/);
    return { d, reply: r };
  }

  async function received(to: string) {
    await settle(t);
    return inbox(t, to);
  }

  test('SMS: every request field as the send table has it; data.ref echoed; idempotencyTtl as digits', async () => {
    const to = phone();
    const { d, reply } = await replay(S.SEND_SMS, to, { idempotency_key: 'compat-sms-1' });
    assert.equal(reply.body.data.ref, 'request-ref-1');
    assert.equal(reply.body.data.result.toUpperCase(), 'SUCCESS');
    refs.set(d.msgKey, 'dest-ref-1');
    const got = await received(to);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.channel, 'sms');
    assert.equal(got[0]?.text, '홍길동님, 주문이 접수되었습니다.');

    // The same idempotencyKey again: accepted, nothing sent, every destination A301.
    const again = await call(
      t,
      c.apiKey,
      'POST',
      '/api/comm/v1/send/omni',
      S.fill(S.SEND_SMS, values(to, { idempotency_key: 'compat-sms-1' })),
    );
    assert.deepEqual(
      destinations(again).map((x) => x.code),
      ['A301'],
    );
    assert.equal((await received(to)).length, 1);
  });

  test('mms.subject is the title: substituted, and shown as the title the handset received', async () => {
    const to = phone();
    const { d, reply } = await replay(S.SEND_MMS_SUBJECT, to);
    assert.equal(reply.body.data.ref, 'mms-subject');
    // No destinations[].ref: the request's ref is what its reports carry.
    refs.set(d.msgKey, 'mms-subject');
    const got = await received(to);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.channel, 'mms');
    assert.equal(got[0]?.title, '홍길동님 안내');
    assert.equal(got[0]?.text, '긴 본문입니다. 주문하신 상품이 발송되었습니다.');
  });

  test('MMS with an image: the fileKey of the mms upload', async () => {
    const up = await postForm(
      t,
      '/api/comm/v1/file/mms',
      [{ name: 'file', bytes: jpeg(64, 48), filename: 'cat.jpg', type: 'image/jpeg' }],
      c.apiKey,
    );
    const file = ok<{ fileKey: string; expired: string }>(envelopeOf(up));
    strings(file, ['fileKey', 'expired'], 'mms upload');
    const to = phone();
    await replay(S.SEND_MMS_IMAGE, to, { file_key: file.fileKey });
    const got = await received(to);
    assert.equal(got[0]?.channel, 'mms');
    assert.equal(got[0]?.title, '사진 안내');
  });

  test('RCS failover sample: serviceType, msgType and content.description accepted as given', async () => {
    const capable = phone();
    const { d } = await replay(S.SEND_RCS_FAILOVER, capable);
    refs.set(d.msgKey, 'rcs-dest');
    const got = await received(capable);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.channel, 'rcs');
    assert.equal(got[0]?.text, 'RCS 본문입니다.');

    // A handset without RCS: the SMS step of the same sample reaches it.
    const plain = phone();
    await setHandset(t, plain, { rcs: false });
    const second = await replay(S.SEND_RCS_FAILOVER, plain);
    const fell = await received(plain);
    assert.deepEqual(
      fell.map((m) => [m.channel, m.text]),
      [['sms', 'RCS 대체 문자입니다.']],
    );

    // Message inquiry: one entry per channel attempted, the failover step marked Y.
    const inq = ok<{ msgKey: string; messages: Record<string, unknown>[] }>(
      await call(t, c.apiKey, 'GET', `/api/comm/v1/message/inquiry/msgKey/${second.d.msgKey}`),
    );
    assert.equal(inq.msgKey, second.d.msgKey);
    assert.equal(inq.messages.length, 2);
    for (const m of inq.messages) strings(m, ATTEMPT_FIELDS, 'message inquiry entry');
    assert.deepEqual(
      inq.messages.map((m) => [m.serviceType, m.fallback]),
      [
        ['RCS', 'N'],
        ['SMS', 'Y'],
      ],
    );
  });

  test('RCS with formatId and body: title and description reach the handset', async () => {
    const to = phone();
    await replay(S.SEND_RCS_BODY, to);
    const got = await received(to);
    assert.equal(got[0]?.channel, 'rcs');
    assert.equal(got[0]?.title, 'RCS 제목');
    assert.equal(got[0]?.text, 'RCS 긴 본문입니다.');
  });

  test('infomsg: buttons, polling with timeout as digits; the substituted text arrives', async () => {
    const to = phone();
    const { d } = await replay(S.SEND_INFOMSG, to, { template_code: INFO });
    // Polling: a receipt within the timeout is the spec's MS03.
    codes.set(d.msgKey, 'MS03');
    const got = await received(to);
    assert.equal(got[0]?.channel, 'infomsg');
    assert.equal(got[0]?.text, '홍길동님, 주문 A-1001이 완료되었습니다.');
  });

  test('infomsg by automatic template substitution (sendType template, no payload)', async () => {
    const to = phone();
    await replay(S.SEND_INFOMSG_TEMPLATE, to, { template_code: INFO });
    const got = await received(to);
    assert.equal(got[0]?.channel, 'infomsg');
    assert.equal(got[0]?.text, '홍길동님, 주문 A-1002이 완료되었습니다.');
  });

  test('brandmessage free-form: the body as text or as content; discountRate null', async () => {
    const a = phone();
    await replay(S.SEND_BRAND_FREE_TEXT, a);
    assert.deepEqual(
      (await received(a)).map((m) => [m.channel, m.text]),
      [['brandmessage', '홍길동님, 이번 주 혜택을 확인하세요.']],
    );
    const b = phone();
    await replay(S.SEND_BRAND_FREE_CONTENT, b);
    assert.deepEqual(
      (await received(b)).map((m) => [m.channel, m.text]),
      [['brandmessage', '이번 주 혜택을 확인하세요.']],
    );
  });

  test('brandmessage basic (messageVariable) and template (replaceWords) sends of a registered template', async () => {
    const a = phone();
    await replay(S.SEND_BRAND_BASIC, a, { template_code: BASIC });
    assert.equal((await received(a))[0]?.text, '홍길동님, 가을 세일이 시작됩니다.');
    const b = phone();
    await replay(S.SEND_BRAND_TEMPLATE, b, { template_code: BASIC });
    assert.equal((await received(b))[0]?.text, '홍길동님, 가을 세일이 시작됩니다.');
  });

  test('the short path /api/omni takes the same sample', async () => {
    const to = phone();
    const { reply } = await replay(S.SEND_SMS, to, { idempotency_key: 'compat-short' }, '/api/omni');
    assert.equal(reply.body.data.ref, 'request-ref-1');
  });

  test('reports: polled in batches with string fields and the refs; acknowledged; inquiry by msgKey', async () => {
    await settle(t);
    const seen = new Map<string, Record<string, unknown>>();
    for (let round = 0; round < 50; round += 1) {
      const poll = ok<{ reportId: string; report: Record<string, unknown>[] | null }>(
        await call(t, c.apiKey, 'GET', '/api/comm/v1/report/polling'),
      );
      assert.equal(typeof poll.reportId, 'string');
      if (poll.reportId === '') {
        assert.equal(poll.report, null);
        break;
      }
      assert.ok(Array.isArray(poll.report) && poll.report.length > 0);
      for (const r of poll.report) {
        strings(r, REPORT_FIELDS, 'report');
        seen.set(String(r.msgKey), r);
      }
      // Until acknowledged, the same batch again.
      const again = ok<{ reportId: string }>(await call(t, c.apiKey, 'GET', '/api/comm/v1/report/polling'));
      assert.equal(again.reportId, poll.reportId);
      const ack = await call(t, c.apiKey, 'DELETE', `/api/comm/v1/report/polling/${poll.reportId}`);
      ok(ack);
    }
    assert.ok(refs.size >= 3);
    for (const [msgKey, code] of codes) assert.equal(seen.get(msgKey)?.reportCode, code, msgKey);
    for (const [msgKey, ref] of refs) {
      const r = seen.get(msgKey);
      assert.ok(r, `no report polled for ${msgKey}`);
      assert.equal(r.ref, ref, msgKey);
      assert.equal(r.reportCode, codes.get(msgKey) ?? '10000');

      const inq = ok<{ msgKey: string; report: Record<string, unknown>[] }>(
        await call(t, c.apiKey, 'GET', `/api/comm/v1/report/inquiry/${msgKey}`),
      );
      assert.ok(inq.report.length >= 1);
      for (const x of inq.report) strings(x, REPORT_FIELDS, 'report inquiry');
      assert.equal(inq.report[0]?.ref, ref);
    }
  });
});
