import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

describeEachDb('send: sms end to end', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t);
  });
  after(() => t.close());

  test('each recipient gets its own result; accepted ones reach the handset substituted', async () => {
    const res = await send(t, c, {
      destinations: [
        { to: '01011112222', replaceWords: { name: '홍길동' } },
        { to: '0101111', replaceWords: { name: 'x' } },
      ],
      messageFlow: [{ sms: { from: c.sender, text: '안녕 #{name}님' } }],
      ref: 'r-1',
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, 'A000');
    assert.equal(body.data.ref, 'r-1');
    const [ok, bad] = body.data.data.destinations;
    assert.equal(ok.code, 'A000');
    assert.ok(ok.msgKey);
    assert.equal(bad.code, 'A306');
    assert.equal(bad.msgKey, '');
    await settle(t);
    const got = await inbox(t, '01011112222');
    assert.equal(got.length, 1);
    assert.equal(got[0]?.text, '안녕 홍길동님');
    assert.equal(
      got[0]?.payload.text,
      '안녕 홍길동님',
      'the channel object carries the substituted text too',
    );
    assert.equal(got[0]?.channel, 'sms');
    assert.equal(got[0]?.msgKey, ok.msgKey);
    const metrics = (await t.request({ method: 'GET', url: '/metrics' })).body;
    assert.match(metrics, /^omnigate_messages_accepted_total 1$/m);
    assert.match(metrics, /^omnigate_messages_final_total\{status="delivered"\} 1$/m);
  });
});
