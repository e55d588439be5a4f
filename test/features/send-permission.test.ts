import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { advance, type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { approvedInfomsgTemplate } from '../helpers/templates.ts';

const PATH = '/api/comm/v1/center/brandmessage/sendPermission';
const DAY = 86_400;

const QUALIFIED = {
  businessVerified: true,
  channelPhoneNumber: '0212345678',
  friendCount: 50_000,
  consentEvidence: true,
};

describeEachDb('brand message send permission', (db) => {
  let t: TestGateway;
  let n = 0;

  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  const phone = () => `0107${String(++n).padStart(7, '0')}`;

  async function patchProfile(c: Client, senderKey: string, fields: Record<string, unknown>): Promise<void> {
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles/${senderKey}`,
      admin: true,
      body: fields,
    });
    assert.equal(res.statusCode, 200, res.body);
  }

  /** A client whose profile meets the four profile requirements, unless `fields` say otherwise. */
  async function client(name: string, fields: Record<string, unknown> = {}): Promise<Client> {
    const c = await setupClient(t, name);
    await patchProfile(c, c.senderKey, { ...QUALIFIED, ...fields });
    return c;
  }

  /** An informational send through the real send path, attempted by the workers. */
  async function infomsgSend(c: Client, senderKey = c.senderKey, flow?: unknown[]): Promise<void> {
    const res = await send(t, c, {
      destinations: [{ to: phone() }],
      messageFlow: flow ?? [
        { infomsg: { msgType: 'AT', senderKey, templateCode: 'TPL-001', text: '안내 드립니다' } },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.data.destinations[0].code, 'A000', res.body);
    await settle(t);
  }

  const check = (c: Client, senderKey = c.senderKey) =>
    t.request({ method: 'GET', url: `${PATH}?senderKey=${senderKey}`, apiKey: c.apiKey });
  const apply = (c: Client, senderKey = c.senderKey) =>
    t.request({ method: 'POST', url: PATH, apiKey: c.apiKey, body: { brandMessage: { senderKey } } });

  function ok(res: LightMyRequestResponse): void {
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.data.code, 'A000', res.body);
    assert.equal(body.data.data, undefined, 'only code and result');
  }

  function refused(res: LightMyRequestResponse, code: string, status: number, detail?: RegExp): void {
    assert.equal(res.statusCode, status, res.body);
    assert.equal(res.json().data.code, code, res.body);
    assert.equal(res.json().data.data, undefined);
    if (detail) assert.match(res.json().data.result, detail);
  }

  test('granted when all five requirements hold; then GET is A000 and applying again is A000', async () => {
    const c = await client('granted');
    refused(await check(c), 'A325', 403);
    await infomsgSend(c);
    ok(await apply(c));
    ok(await check(c));
    ok(await apply(c));
    // The lowercase spelling of the other brand message bodies is taken too.
    ok(
      await t.request({
        method: 'POST',
        url: PATH,
        apiKey: c.apiKey,
        body: { brandmessage: { senderKey: c.senderKey } },
      }),
    );
  });

  test('each requirement missing on its own is refused with its code; GET never says which', async () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['unverified', { businessVerified: false }, 'A581', /business-verified/],
      ['no-phone', { channelPhoneNumber: null }, 'A582', /channel phone number/],
      ['few-friends', { friendCount: 49_999 }, 'A583', /49999 friends, needs 50000/],
      ['no-consent', { consentEvidence: false }, 'A584', /consent evidence/],
    ];
    for (const [name, fields, code, detail] of cases) {
      const c = await client(name, fields);
      await infomsgSend(c);
      refused(await apply(c), code, 409, detail);
      const get = await check(c);
      refused(get, 'A325', 403);
      assert.doesNotMatch(get.json().data.result, detail, 'GET does not say which requirement fails');
    }
    const noSend = await client('no-send');
    refused(await apply(noSend), 'A585', 409, /in the last 90 days/);
    refused(await check(noSend), 'A325', 403);
  });

  test('a refusal names the first unmet requirement by its code and every unmet one in its detail', async () => {
    const c = await setupClient(t, 'nothing');
    const res = await apply(c);
    refused(res, 'A581', 409);
    const text = res.json().data.result;
    for (const part of [/business-verified/, /phone number/, /0 friends/, /consent/, /infomsg send/]) {
      assert.match(text, part);
    }
  });

  test('exactly 50,000 friends is enough', async () => {
    const c = await client('fifty-k', { friendCount: 50_000 });
    await infomsgSend(c);
    ok(await apply(c));
  });

  test('the informational send must be within the last 3 months of the gateway clock', async () => {
    const c = await client('window');
    await infomsgSend(c);
    await advance(t, 89 * DAY);
    const inside = await client('window-inside');
    await infomsgSend(inside);
    await advance(t, 2 * DAY);
    // c's send is now 91 days old; inside's is 2 days old.
    refused(await apply(c), 'A585', 409);
    ok(await apply(inside));
    await infomsgSend(c);
    ok(await apply(c));
  });

  test('only an attempted infomsg step of this senderKey counts', async () => {
    const c = await client('which-send');
    // Another profile of the same account, on another channel, with a template of its own.
    const second = `${c.senderKey}-2`;
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey: second, channelId: `ch2-${c.accountId}`, ...QUALIFIED },
    });
    assert.equal(res.statusCode, 200, res.body);
    await approvedInfomsgTemplate(t, { apiKey: c.apiKey, senderKey: second }, 'TPL-001', '#{body}');
    await infomsgSend(c, second);
    // A send of the other profile does not count.
    refused(await apply(c), 'A585', 409);

    // infomsg as a failover step that never ran: the SMS before it was delivered.
    await infomsgSend(c, c.senderKey, [
      { sms: { from: c.sender, text: 'hello' } },
      { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '안내' } },
    ]);
    refused(await apply(c), 'A585', 409);
    // An SMS alone is no informational send either.
    await infomsgSend(c, c.senderKey, [{ sms: { from: c.sender, text: 'hi' } }]);
    refused(await apply(c), 'A585', 409);

    ok(await apply(c, second));
    await infomsgSend(c);
    ok(await apply(c));
  });

  test('permission is per channel: it covers other profiles, of other accounts too, on that channel', async () => {
    const c = await client('channel-owner');
    await infomsgSend(c);
    const channelId = `ch-${c.accountId}`;
    const dealer = await setupClient(t, 'dealer');
    const dealerKey = `${dealer.senderKey}-same`;
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${dealer.accountId}/sender-profiles`,
      admin: true,
      body: { senderKey: dealerKey, channelId },
    });
    assert.equal(res.statusCode, 200, res.body);
    refused(await check(dealer, dealerKey), 'A325', 403);
    ok(await apply(c));
    ok(await check(dealer, dealerKey));
    // Applying for a covered profile is A000 though it meets none of the requirements itself.
    ok(await apply(dealer, dealerKey));
    // The dealer's own profile is on another channel.
    refused(await check(dealer), 'A325', 403);
  });

  test('request refusals: senderKey over 40, missing, not the account’s', async () => {
    const c = await setupClient(t, 'refusals');
    const other = await setupClient(t, 'refusals-other');
    refused(await check(c, 'k'.repeat(41)), 'A300', 400, /senderKey/);
    refused(await t.request({ method: 'GET', url: PATH, apiKey: c.apiKey }), 'A300', 400, /senderKey/);
    refused(await apply(c, 'k'.repeat(41)), 'A300', 400, /senderKey/);
    refused(
      await t.request({ method: 'POST', url: PATH, apiKey: c.apiKey, body: {} }),
      'A300',
      400,
      /brandMessage/,
    );
    refused(
      await t.request({ method: 'POST', url: PATH, apiKey: c.apiKey, body: { brandMessage: {} } }),
      'A300',
      400,
      /senderKey/,
    );
    refused(await check(c, other.senderKey), 'A340', 400);
    refused(await apply(c, other.senderKey), 'A340', 400);
    const noKey = await t.request({ method: 'GET', url: `${PATH}?senderKey=${c.senderKey}` });
    assert.equal(noKey.statusCode, 401);
  });
});
