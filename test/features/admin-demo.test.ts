import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DemoAnswer } from '../../src/features/admin/demo.ts';
import { inbox, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Issue 34, the first hour: POST /admin/v1/demo makes an account that can send on every channel
 * at once and answers the curl lines of a first send of each. Here through inject(): what it
 * registers, what a second call reuses, its refusals and the address its lines name. The lines
 * themselves run in bash against a real port in test/docs/demo-lines.test.ts.
 */

/** The JSON body of a line's `-d '...'`, as the shell hands it to curl. */
function bodyOf(line: string): unknown {
  const m = /-d '((?:[^']|'\\'')*)'$/.exec(line);
  assert.ok(m, `no -d body in ${line}`);
  return JSON.parse((m[1] ?? '').replaceAll(`'\\''`, "'"));
}

describeEachDb('operator API: the demo account', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db, { env: { PORT: '18080' } });
  });
  after(() => t.close());

  const demo = async (headers: Record<string, string> = {}) => {
    const res = await t.request({ method: 'POST', url: '/admin/v1/demo', admin: true, headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<DemoAnswer>();
  };
  const template = async (apiKey: string) => {
    const res = await t.request({
      method: 'GET',
      url: '/api/comm/v1/center/infomsg/template?senderKey=omnigate-demo&templateCode=OMNIGATE-DEMO',
      apiKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ data: { data: { infomsg: { status: string; inspectionStatus: string } } } }>().data.data
      .infomsg;
  };
  /** Sends what an example's last line sends, as the client; answers the msgKey. */
  const sendLine = async (answer: DemoAnswer, name: string, apiKey = answer.apiKey) => {
    const lines = answer.examples.find((e) => e.name === name)?.lines ?? [];
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey,
      body: bodyOf(lines.at(-1) ?? ''),
    });
    const body = res.json<{
      data: { code: string; data: { destinations: Array<{ code: string; msgKey: string }> } };
    }>();
    assert.equal(body.data.code, 'A000', res.body);
    assert.equal(body.data.data.destinations[0]?.code, 'A000', res.body);
    return body.data.data.destinations[0]?.msgKey ?? '';
  };

  let first: DemoAnswer;

  test('makes an account with a sender, a profile with an approved template, a brand and a key', async () => {
    first = await demo({ host: '127.0.0.1:18080' });
    assert.equal(first.reused, false);
    assert.equal(first.name, 'demo');
    assert.match(first.accountId, /^acc_/);
    assert.match(first.apiKey, /^og_/);
    assert.equal(first.baseUrl, 'http://127.0.0.1:18080');
    const res = await t.request({ method: 'GET', url: `/admin/v1/accounts/${first.accountId}`, admin: true });
    const account = res.json<{
      name: string;
      senders: Array<{ number: string }>;
      senderProfiles: Array<{ senderKey: string }>;
      rcsBrands: Array<{ brandKey: string }>;
      keys: Array<{ keyId: string }>;
    }>();
    assert.equal(account.name, 'demo');
    assert.deepEqual(
      account.senders.map((s) => s.number),
      [first.sender],
    );
    assert.deepEqual(
      account.senderProfiles.map((p) => p.senderKey),
      [first.senderKey],
    );
    assert.deepEqual(
      account.rcsBrands.map((b) => b.brandKey),
      [first.brandKey],
    );
    assert.deepEqual(
      account.keys.map((k) => k.keyId),
      [first.keyId],
    );
    const approved = await template(first.apiKey);
    assert.deepEqual([approved.status, approved.inspectionStatus], ['A', 'APR']);
    assert.deepEqual(
      first.examples.map((e) => e.name),
      ['sms', 'lms', 'mms', 'infomsg', 'rcs', 'brandmessage', 'inbox', 'reports'],
    );
    for (const e of first.examples) {
      assert.ok(e.lines.length > 0, e.name);
      for (const line of e.lines) assert.ok(line.includes('http://127.0.0.1:18080/'), line);
    }
  });

  test('what the lines send is accepted and reaches the handset on its channel', async () => {
    const sent = new Map<string, string>();
    for (const name of ['sms', 'lms', 'infomsg', 'rcs', 'brandmessage'])
      sent.set(await sendLine(first, name), name);
    await settle(t);
    const got = await inbox(t, first.handset);
    const channels = { sms: 'sms', lms: 'mms', infomsg: 'infomsg', rcs: 'rcs', brandmessage: 'brandmessage' };
    for (const [msgKey, name] of sent) {
      const entry = got.find((m) => m.msgKey === msgKey);
      assert.equal(
        entry?.channel,
        channels[name as keyof typeof channels],
        `${name}: ${JSON.stringify(got)}`,
      );
    }
    const info = got.find((m) => m.channel === 'infomsg');
    assert.equal(info?.text, 'Hello Kim, this informational message comes from the Omnigate demo.');
  });

  test('a second call reuses the account with a new key; the first key still works', async () => {
    const second = await demo({ host: '127.0.0.1:18080' });
    assert.equal(second.reused, true);
    assert.equal(second.accountId, first.accountId);
    assert.notEqual(second.apiKey, first.apiKey);
    assert.notEqual(second.keyId, first.keyId);
    await sendLine(second, 'sms');
    await sendLine(second, 'sms', first.apiKey);
    const list = await t.request({ method: 'GET', url: '/admin/v1/accounts', admin: true });
    const demos = list
      .json<{ accounts: Array<{ name: string }> }>()
      .accounts.filter((a) => a.name === 'demo');
    assert.equal(demos.length, 1);
  });

  test('a rejected template is approved again', async () => {
    // An approved template's text cannot change: the client deletes the demo's, registers another
    // under its code, and the reviewer rejects that one.
    const { apiKey } = await demo();
    const tpl = '/api/comm/v1/center/infomsg/template';
    const del = await t.request({
      method: 'DELETE',
      url: `${tpl}/senderKey/omnigate-demo/templateCode/OMNIGATE-DEMO`,
      apiKey,
    });
    assert.equal(del.statusCode, 200, del.body);
    const reg = await t.request({
      method: 'POST',
      url: tpl,
      apiKey,
      body: {
        infomsg: {
          senderKey: 'omnigate-demo',
          templateCode: 'OMNIGATE-DEMO',
          templateName: 'x',
          categoryCode: '002001',
          text: 'Something else entirely',
        },
      },
    });
    assert.equal(reg.statusCode, 200, reg.body);
    const req = await t.request({
      method: 'POST',
      url: `${tpl}/request`,
      apiKey,
      body: { infomsg: { senderKey: 'omnigate-demo', templateCode: 'OMNIGATE-DEMO', comment: 'c' } },
    });
    assert.equal(req.statusCode, 200, req.body);
    const rej = await t.request({
      method: 'POST',
      url: '/sandbox/v1/reviews',
      admin: true,
      body: { senderKey: 'omnigate-demo', templateCode: 'OMNIGATE-DEMO', decision: 'reject' },
    });
    assert.equal(rej.statusCode, 200, rej.body);
    assert.equal((await template(apiKey)).inspectionStatus, 'REJ');

    const again = await demo();
    const approved = await template(again.apiKey);
    assert.deepEqual([approved.status, approved.inspectionStatus], ['A', 'APR']);
    await sendLine(again, 'infomsg');
  });

  test('the lines name the address the request came to, or the public URL when its Host is not plain', async () => {
    assert.equal((await demo({ host: 'gw.example.test:9000' })).baseUrl, 'http://gw.example.test:9000');
    assert.equal((await demo({ host: '[::1]:8080' })).baseUrl, 'http://[::1]:8080');
    const odd = await demo({ host: 'x$(touch pwned)' });
    assert.equal(odd.baseUrl, 'http://127.0.0.1:18080');
    // The admin token of this gateway comes from OMNIGATE_ADMIN_TOKEN: the inbox line reads it there.
    const line = odd.examples.find((e) => e.name === 'inbox')?.lines[0] ?? '';
    assert.ok(line.endsWith(`-H "Authorization: Bearer $OMNIGATE_ADMIN_TOKEN"`), line);
  });

  test('is an audited operator action', async () => {
    const res = await t.request({ method: 'GET', url: '/admin/v1/audit?limit=1', admin: true });
    const [entry] = res.json<{ entries: Array<{ action: string; status: number }> }>().entries;
    assert.equal(entry?.action, 'POST /admin/v1/demo');
    assert.equal(entry?.status, 200);
  });
});

describeEachDb('operator API: the demo without the sandbox', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_SANDBOX: 'false' } });
  });
  after(() => t.close());

  test('is refused with A824, and makes nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/admin/v1/demo', admin: true });
    assert.equal(res.statusCode, 409, res.body);
    const body = res.json<{ code: string; result: string }>();
    assert.equal(body.code, 'A824');
    assert.match(body.result, /sandbox/);
    const list = await t.request({ method: 'GET', url: '/admin/v1/accounts', admin: true });
    assert.deepEqual(list.json<{ accounts: unknown[] }>().accounts, []);
  });
});

describeEachDb('operator API: two first demos at once', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  test('end on one demo account whose keys both work', async () => {
    const demo = async () => {
      const res = await t.request({ method: 'POST', url: '/admin/v1/demo', admin: true });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<DemoAnswer>();
    };
    const [a, b] = await Promise.all([demo(), demo()]);
    assert.equal(a.accountId, b.accountId);
    assert.deepEqual([a.reused, b.reused].sort(), [false, true]);
    for (const apiKey of [a.apiKey, b.apiKey]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/comm/v1/send/omni',
        apiKey,
        body: { destinations: [{ to: a.handset }], messageFlow: [{ sms: { from: a.sender, text: 'hi' } }] },
      });
      assert.equal(
        res.json<{ data: { data: { destinations: Array<{ code: string }> } } }>().data.data.destinations[0]
          ?.code,
        'A000',
        res.body,
      );
    }
  });
});
