import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Receiver, sendMo, setWebhook } from '../features/mo-helpers.ts';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { call, destinations, phones, strings } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * What a client's webhook endpoint, written for the hosted service, receives: the MO body with
 * the specification's field names (all strings), report bodies with the fields clients read, and
 * the headers it verifies (X-SVC-Timestamp, X-SVC-Signature as hex HMAC-SHA256 of the timestamp,
 * Accept and Content-Type application/json). It answers {"msgKey": <the same>}.
 */

const SECRET = 'compat-webhook-secret';
const MO_FIELDS = [
  'msgKey',
  'serviceType',
  'msgType',
  'to',
  'from',
  'carrier',
  'originator',
  'content',
  'occurredTime',
] as const;
const REPORT_FIELDS = ['msgKey', 'serviceType', 'msgType', 'reportType', 'reportCode', 'reportTime', 'ref'];

describeEachDb('compatibility: webhook bodies as clients receive them', (db) => {
  let t: TestGateway;
  let c: Client;
  const receiver = new Receiver(SECRET);
  const phone = phones('76');

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t);
    await setWebhook(t, c.accountId, { url: await receiver.start(), secret: SECRET });
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  function headersOk(h: Record<string, unknown>): void {
    assert.match(String(h['x-svc-timestamp']), /^\d+$/);
    assert.match(String(h['content-type']), /^application\/json/);
    assert.match(String(h.accept), /application\/json/);
  }

  test('an MO message: every field of the MO record, a string; signed; acknowledged', async () => {
    const from = phone();
    const mo = await sendMo(t, { to: c.sender, from, content: '1번 투표' });
    await settle(t);
    const got = receiver.of(mo.msgKey);
    assert.equal(got.all.length, 1);
    assert.equal(got.acked, 1, 'signature verified and acknowledged');
    const r = got.all[0];
    assert.ok(r);
    headersOk(r.headers);
    strings(r.body, MO_FIELDS, 'MO');
    assert.equal(r.body.serviceType, 'MO');
    assert.equal(r.body.msgType, 'SM');
    assert.equal(r.body.to, c.sender);
    assert.equal(r.body.content, '1번 투표');
    assert.match(String(r.body.occurredTime), /[+-]\d\d:\d\d$/);
  });

  test('a report: the fields clients read, strings, with the destination ref', async () => {
    const to = phone();
    const r = await call(
      t,
      c.apiKey,
      'POST',
      '/api/comm/v1/send/omni',
      S.fill(S.SEND_SMS, {
        phone_number: to,
        sender_number: c.sender,
        idempotency_key: 'compat-webhook',
      }),
    );
    const [d] = destinations(r);
    assert.ok(d);
    await settle(t);
    const got = receiver.of(d.msgKey);
    assert.ok(got.all.length >= 1, 'a report was posted');
    assert.ok(got.acked >= 1);
    const report = got.all[0];
    assert.ok(report);
    headersOk(report.headers);
    strings(report.body, REPORT_FIELDS, 'report');
    assert.equal(report.body.ref, 'dest-ref-1');
    assert.equal(report.body.reportCode, '10000');
  });
});
