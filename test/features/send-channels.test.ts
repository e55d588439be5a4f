import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { grantSendPermission } from '../../src/store/accounts/permissions.ts';
import { countMessages } from '../../src/store/messages/messages.ts';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { approvedInfomsgTemplate } from '../helpers/templates.ts';

/* The infomsg, rcs and brandmessage channel objects of a send. */

interface DestResult {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

describeEachDb('send rules: infomsg, rcs, brandmessage', (db) => {
  let t: TestGateway;
  let c: Client;
  let n = 0;
  const phone = () => `0108${String(++n).padStart(7, '0')}`;
  const info = (o: Record<string, unknown>) => ({
    infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '안내 #{name}', ...o },
  });
  // SS000000 (the short text format) has no title; the others carry one.
  const rcs = (o: Record<string, unknown>, description = 'rcs body') => {
    const formatId = typeof o.formatId === 'string' ? o.formatId : 'SS000000';
    const body = formatId === 'SS000000' ? { description } : { title: 'T', description };
    return { rcs: { brandKey: c.brandKey, formatId, body, ...o } };
  };

  const brand = (o: Record<string, unknown>) => ({
    brandmessage: { sendType: 'free', msgType: 'FT', senderKey: c.senderKey, content: '혜택 안내', ...o },
  });

  before(async () => {
    // One instance: no need to follow a shared clock. The follower (gateway.ts) can set the
    // clock back to a value it read just before a move, so that the next move starts from the
    // old time; with a 60 s poll it does not run while this suite runs.
    t = await startTestGateway(db);
    c = await setupClient(t);
  });
  after(() => t.close());

  const totalMessages = async () =>
    Object.values(await countMessages(t.gw.ctx.store)).reduce((a, b) => a + b, 0);

  async function refused(flowEntry: unknown, code: string, field: string, status = 400) {
    const before = await totalMessages();
    const res = await send(t, c, { destinations: [{ to: phone() }], messageFlow: [flowEntry] });
    assert.equal(res.statusCode, status, res.body);
    const json = res.json();
    assert.equal(json.common.authCode, 'A000');
    assert.equal(json.data.code, code, res.body);
    assert.ok(String(json.data.result).includes(field), `result should name ${field}: ${json.data.result}`);
    assert.equal(await totalMessages(), before, 'a refused request stores no message');
  }

  async function one(flowEntry: unknown, to = phone()): Promise<DestResult> {
    const res = await send(t, c, {
      destinations: [{ to, replaceWords: { name: '민수' } }],
      messageFlow: [flowEntry],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000', res.body);
    const d = res.json().data.data.destinations[0] as DestResult;
    assert.ok(d);
    return d;
  }

  async function accepted(flowEntry: unknown, to = phone()): Promise<string> {
    const d = await one(flowEntry, to);
    assert.equal(d.code, 'A000', d.result);
    assert.match(d.msgKey, /\S/);
    return d.msgKey;
  }

  test('infomsg: accepted and delivered substituted', async () => {
    const to = phone();
    const key = await accepted(info({}), to);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => [m.msgKey, m.channel, m.text]),
      [[key, 'infomsg', '안내 민수']],
    );
  });

  test('infomsg A523: msgType other than AT or AI', async () => {
    await refused(info({ msgType: 'XX' }), 'A523', 'messageFlow[0].infomsg.msgType');
    // The template decides the type: TPL-001 is a text (AT) template; left out, it is the template's.
    await accepted(info({ msgType: undefined }));
    await refused(info({ msgType: 'AI' }), 'A523', 'template TPL-001 is AT');
  });

  test('infomsg A340: senderKey missing or not registered for the account', async () => {
    await refused(info({ senderKey: 'sk-nobody' }), 'A340', 'messageFlow[0].infomsg.senderKey sk-nobody');
    await refused(info({ senderKey: undefined }), 'A340', 'infomsg.senderKey');
    const other = await setupClient(t, 'other-profile');
    await refused(info({ senderKey: other.senderKey }), 'A340', `infomsg.senderKey ${other.senderKey}`);
  });

  test('infomsg A503: a button name cannot hold a #{variable}', async () => {
    const button = (name: string) => ({ type: 'WL', name, urlMobile: 'https://m.example.com' });
    await refused(
      info({ attachment: { button: [button('열기'), button('#{x} 보기')] } }),
      'A503',
      'infomsg.attachment.button[1].name',
    );
    // Buttons are the template's: a template with that button sends it.
    await approvedInfomsgTemplate(t, c, 'BTN-1', '#{body}', { buttons: [button('열기')] });
    await accepted(info({ templateCode: 'BTN-1', attachment: { button: [button('열기')] } }));
  });

  test('infomsg A501: responseMethod; A526: the polling timeout (10 to 86400, digit strings too)', async () => {
    await refused(info({ responseMethod: 'foo' }), 'A501', 'infomsg.responseMethod');
    await refused(info({ responseMethod: 'polling', timeout: 9 }), 'A526', 'infomsg.timeout');
    await refused(info({ responseMethod: 'polling', timeout: 86_401 }), 'A526', 'infomsg.timeout');
    await refused(info({ responseMethod: 'polling', timeout: '9' }), 'A526', 'infomsg.timeout');
    for (const timeout of ['180', 10, 86_400, undefined, null]) {
      await accepted(info({ responseMethod: 'polling', timeout }));
    }
    await accepted(info({ responseMethod: 'push' }));
  });

  test('infomsg A505: sendType template without text (no stored template); A303 without', async () => {
    await refused(info({ sendType: 'template', templateCode: 'TPL-1', text: undefined }), 'A505', 'TPL-1');
    await refused(info({ text: undefined }), 'A303', 'infomsg.text');
    await refused(info({ sendType: 'other' }), 'A571', 'infomsg.sendType');
  });

  test('rcs: accepted and delivered; A420 for a brandKey not registered or missing', async () => {
    const to = phone();
    const key = await accepted(rcs({ formatId: 'SL000000' }), to);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => [m.msgKey, m.channel, m.title, m.text]),
      [[key, 'rcs', 'T', 'rcs body']],
    );
    await refused(rcs({ brandKey: 'bk-nobody' }), 'A420', 'messageFlow[0].rcs.brandKey bk-nobody');
    await refused(rcs({ brandKey: undefined }), 'A420', 'rcs.brandKey');
  });

  test('rcs: a from, when given, must be a registered sender number', async () => {
    await refused(rcs({ from: '02-1234' }), 'A302', 'messageFlow[0].rcs.from');
    await refused(rcs({ from: '0299996666' }), 'A327', 'rcs.from 0299996666');
    await accepted(rcs({ from: c.sender }));
  });

  test('A328: infomsg text is at most 1000 characters, a brand message 1300', async () => {
    await accepted(info({ text: '가'.repeat(1000) }));
    const i = await one(info({ text: '가'.repeat(1001) }));
    assert.equal(i.code, 'A328', i.result);
    assert.ok(i.result.includes('messageFlow[0].infomsg text is over 1000 chars'), i.result);
    await accepted(brand({ content: '가'.repeat(1300) }));
    const b = await one(brand({ content: '가'.repeat(1301) }));
    assert.equal(b.code, 'A328', b.result);
    assert.ok(b.result.includes('messageFlow[0].brandmessage text is over 1300 chars'), b.result);
  });

  test('rcs A339: formatId outside the seeded set; SS, SL and ST formats accepted', async () => {
    await refused(rcs({ formatId: 'SX000000' }), 'A339', 'messageFlow[0].rcs.formatId SX000000');
    for (const formatId of ['SS000000', 'SL000000', 'ST000000']) await accepted(rcs({ formatId }));
  });

  test('rcs A328: an SS000000 description is at most 100 characters (SL000000 takes more)', async () => {
    await accepted(rcs({}, '가'.repeat(100)));
    const d = await one(rcs({}, '가'.repeat(101)));
    assert.equal(d.code, 'A328', d.result);
    assert.equal(d.msgKey, '');
    assert.ok(d.result.includes('messageFlow[0].rcs text is over 100 chars'), d.result);
    // Substitution counts: #{name} becomes 민수 (2 characters) for this recipient.
    const e = await one(rcs({}, `${'a'.repeat(98)}#{name}!`));
    assert.equal(e.code, 'A328', e.result);
    await accepted(rcs({ formatId: 'SL000000' }, '가'.repeat(101)));
  });

  test('brandmessage A571, A523, A570: sendType, msgType, targeting', async () => {
    await refused(brand({ sendType: 'x' }), 'A571', 'messageFlow[0].brandmessage.sendType');
    await refused(brand({ msgType: 'NOPE' }), 'A523', 'brandmessage.msgType NOPE');
    await refused(brand({ targeting: 'Z' }), 'A570', 'brandmessage.targeting');
    await refused(brand({ senderKey: 'sk-nobody' }), 'A340', 'brandmessage.senderKey sk-nobody');
    await accepted(brand({ targeting: 'I' }));
  });

  test('brandmessage A303: a free send needs content; text is a synonym of content', async () => {
    await refused(brand({ content: undefined }), 'A303', 'brandmessage.content');
    await refused(brand({ content: '  ' }), 'A303', 'brandmessage.content');
    const to = phone();
    const key = await accepted(brand({ content: undefined, text: '텍스트 #{name}' }), to);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => [m.msgKey, m.channel, m.text]),
      [[key, 'brandmessage', '텍스트 민수']],
    );
  });

  test('brandmessage A325 (HTTP 403): targeting M, N, O need the channel’s send permission', async () => {
    for (const targeting of ['M', 'N', 'O']) {
      await refused(brand({ targeting }), 'A325', 'messageFlow[0].brandmessage', 403);
    }
    await grantSendPermission(t.gw.ctx.store, `ch-${c.accountId}`, t.gw.ctx.clock.now());
    for (const targeting of ['M', 'N', 'O']) await accepted(brand({ targeting }));
  });

  test('brandmessage A337: discountRate and discount_rate are 1 to 100 or null', async () => {
    assert.ok(
      t.gw.ctx.clock.now() >= Date.parse('2026-08-04T00:00:00+09:00'),
      'the clock is past 2026-08-04',
    );
    for (const rate of [0, 101, -1]) {
      await refused(brand({ discountRate: rate }), 'A337', 'brandmessage.discountRate');
      await refused(brand({ discount_rate: rate }), 'A337', 'brandmessage.discount_rate');
    }
    // Not an integer: the schema's type rule, naming the field in either spelling.
    await refused(brand({ discountRate: 1.5 }), 'A300', 'brandmessage.discountRate');
    await refused(brand({ discount_rate: 'abc' }), 'A300', 'brandmessage.discount_rate');
    for (const rate of [null, 1, 100, '50']) {
      await accepted(brand({ discountRate: rate }));
      await accepted(brand({ discount_rate: rate }));
    }
  });

  // Last: it moves the suite's clock back to the day the rule starts.
  test('brandmessage: discount rate 0 is refused from 2026-08-04 00:00 KST, accepted the second before', async () => {
    const setClock = async (set: string) => {
      const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set } });
      assert.equal(res.statusCode, 200, res.body);
    };
    await setClock('2026-08-03 23:59:59');
    await accepted(brand({ discountRate: 0 }));
    await setClock('2026-08-04 00:00:00');
    await refused(brand({ discountRate: 0 }), 'A337', 'brandmessage.discountRate');
  });
});
