import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { countMessages } from '../../src/store/messages/messages.ts';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * The request-level and per-recipient rules of POST /api/comm/v1/send/omni: recipients,
 * messageFlow, the sms channel object, ref, unknown fields and substitution. Channel rules of mms,
 * infomsg, rcs and brandmessage are in send-mms and send-channels; the recipient rate limit in
 * send-rate; idempotency in send-idempotency.
 */

interface DestResult {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

describeEachDb('send rules: recipients, messageFlow, sms', (db) => {
  let t: TestGateway;
  let c: Client;
  let n = 0;
  /** A recipient no other test of this suite uses, so its inbox holds only this test's messages. */
  const phone = () => `0105${String(++n).padStart(7, '0')}`;
  const sms = (text: string, extra: Record<string, unknown> = {}) => ({
    sms: { from: c.sender, text, ...extra },
  });

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t);
  });
  after(() => t.close());

  const totalMessages = async () =>
    Object.values(await countMessages(t.gw.ctx.store)).reduce((a, b) => a + b, 0);

  /** The whole request is refused with `code`, its result names `field`, and nothing is stored. */
  async function refused(body: unknown, code: string, field: string, status = 400, who: Client = c) {
    const before = await totalMessages();
    const res = await send(t, who, body);
    assert.equal(res.statusCode, status, res.body);
    const json = res.json();
    assert.equal(json.common.authCode, 'A000');
    assert.equal(json.data.code, code, res.body);
    assert.ok(String(json.data.result).includes(field), `result should name ${field}: ${json.data.result}`);
    assert.equal(json.data.data, undefined);
    assert.equal(await totalMessages(), before, 'a refused request stores no message');
    return json;
  }

  /** The request is accepted (HTTP 200, A000); returns one result per recipient. */
  async function accepted(body: unknown, who: Client = c): Promise<DestResult[]> {
    const res = await send(t, who, body);
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    assert.equal(json.common.authCode, 'A000');
    assert.equal(json.data.code, 'A000', res.body);
    return json.data.data.destinations;
  }

  function ok(d: DestResult | undefined): string {
    assert.ok(d);
    assert.equal(d.code, 'A000', d.result);
    assert.equal(d.result, 'SUCCESS');
    assert.match(d.msgKey, /\S/);
    return d.msgKey;
  }

  function bad(d: DestResult | undefined, code: string, field: string): void {
    assert.ok(d);
    assert.equal(d.code, code, d.result);
    assert.equal(d.msgKey, '');
    assert.ok(d.result.includes(field), `result should name ${field}: ${d.result}`);
  }

  test('A307: no destination', async () => {
    await refused({ destinations: [], messageFlow: [sms('hi')] }, 'A307', 'destinations');
  });

  test('A318: 201 destinations are refused; 200 are accepted, one result each', async () => {
    const many = (k: number) =>
      Array.from({ length: k }, (_, i) => ({ to: `0106${String(i).padStart(7, '0')}` }));
    await refused({ destinations: many(201), messageFlow: [sms('hi')] }, 'A318', 'destinations');
    const out = await accepted({ destinations: many(200), messageFlow: [sms('hi')] });
    assert.equal(out.length, 200);
    const keys = out.map(ok);
    assert.equal(new Set(keys).size, 200, 'every recipient has its own msgKey');
    assert.deepEqual(
      out.map((d) => d.to),
      many(200).map((d) => d.to),
    );
  });

  test('A300: destinations or messageFlow of the wrong type name the field', async () => {
    await refused({ destinations: 'x', messageFlow: [sms('hi')] }, 'A300', 'destinations');
    await refused({ destinations: [{ to: phone() }] }, 'A300', 'messageFlow');
  });

  test('A306 on each malformed recipient only; the others are accepted and delivered', async () => {
    const good = [phone(), phone()];
    const out = await accepted({
      destinations: [
        { to: good[0] },
        { to: '010abcd5678' },
        { to: '+821012345678' },
        { to: '0101234' },
        { replaceWords: { a: 'b' } },
        { to: '' },
        { to: good[1] },
      ],
      messageFlow: [sms('hello')],
    });
    assert.equal(out.length, 7);
    const k0 = ok(out[0]);
    bad(out[1], 'A306', '010abcd5678');
    bad(out[2], 'A306', '+821012345678');
    bad(out[3], 'A306', '0101234');
    bad(out[4], 'A306', 'to is required');
    bad(out[5], 'A306', 'to is required');
    const k6 = ok(out[6]);
    for (const d of out.slice(1, 6)) assert.match(d.result, /\(to\)/);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, good[0] as string)).map((m) => m.msgKey),
      [k0],
    );
    assert.deepEqual(
      (await inbox(t, good[1] as string)).map((m) => m.msgKey),
      [k6],
    );
  });

  test('every recipient malformed: HTTP 200 with A306 on each, nothing stored', async () => {
    const before = await totalMessages();
    const out = await accepted({ destinations: [{ to: 'abc' }, { to: '123' }], messageFlow: [sms('hi')] });
    bad(out[0], 'A306', 'abc');
    bad(out[1], 'A306', '123');
    assert.equal(await totalMessages(), before);
  });

  test('an international E.164 number is accepted and delivered as given', async () => {
    const out = await accepted({ destinations: [{ to: '14155550123' }], messageFlow: [sms('intl')] });
    const key = ok(out[0]);
    assert.equal(out[0]?.to, '14155550123');
    await settle(t);
    const got = await inbox(t, '14155550123');
    assert.deepEqual(
      got.map((m) => [m.msgKey, m.text]),
      [[key, 'intl']],
    );
  });

  test('a Korean E.164 number (8210...) is accepted and delivered to 010...', async () => {
    const out = await accepted({ destinations: [{ to: '821087654321' }], messageFlow: [sms('kr')] });
    const key = ok(out[0]);
    assert.equal(out[0]?.to, '821087654321', 'the answer echoes the number as sent');
    await settle(t);
    const got = await inbox(t, '01087654321');
    assert.deepEqual(
      got.map((m) => [m.msgKey, m.text]),
      [[key, 'kr']],
    );
    assert.equal((await inbox(t, '821087654321')).length, 0);
  });

  test('A336: empty messageFlow, two channels in one entry, an unknown channel only', async () => {
    const destinations = [{ to: phone() }];
    await refused({ destinations, messageFlow: [] }, 'A336', 'messageFlow');
    await refused(
      {
        destinations,
        messageFlow: [{ sms: { from: c.sender, text: 'a' }, mms: { from: c.sender, text: 'b' } }],
      },
      'A336',
      'messageFlow[0]',
    );
    await refused(
      { destinations, messageFlow: [{ fax: { to: 'x' } }] },
      'A336',
      'messageFlow[0] must hold exactly one',
    );
    await refused({ destinations, messageFlow: [{}] }, 'A336', 'messageFlow[0] must hold exactly one');
    // The second entry is checked as well, and named.
    await refused(
      { destinations, messageFlow: [sms('a'), { telegram: {} }] },
      'A336',
      'messageFlow[1] must hold',
    );
  });

  test('A302: sms.from missing or malformed', async () => {
    const destinations = [{ to: phone() }];
    await refused(
      { destinations, messageFlow: [{ sms: { text: 'hi' } }] },
      'A302',
      'messageFlow[0].sms.from',
    );
    for (const from of ['', '02-1234-5678', 'abcdefghij', '0212', '0212345678901234']) {
      await refused({ destinations, messageFlow: [{ sms: { from, text: 'hi' } }] }, 'A302', 'sms.from');
    }
  });

  test('A327: a well-formed sender number that is not registered for the account', async () => {
    await refused(
      { destinations: [{ to: phone() }], messageFlow: [{ sms: { from: '0299998888', text: 'hi' } }] },
      'A327',
      'messageFlow[0].sms.from 0299998888',
    );
    // A number registered by another account does not count for this one.
    const other = await t.createAccount('other-sender');
    const reg = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${other.accountId}/senders`,
      admin: true,
      body: { number: '0311112222' },
    });
    assert.equal(reg.statusCode, 200, reg.body);
    await refused(
      { destinations: [{ to: phone() }], messageFlow: [{ sms: { from: '0311112222', text: 'hi' } }] },
      'A327',
      'sms.from 0311112222',
    );
  });

  test('A303: sms.text missing or blank', async () => {
    const destinations = [{ to: phone() }];
    await refused(
      { destinations, messageFlow: [{ sms: { from: c.sender } }] },
      'A303',
      'messageFlow[0].sms.text',
    );
    await refused({ destinations, messageFlow: [sms('   ')] }, 'A303', 'sms.text');
  });

  test('A328: sms text is at most 90 bytes, ASCII 1 byte and Korean 2 bytes a character', async () => {
    const cases: Array<[string, boolean]> = [
      ['a'.repeat(90), true],
      ['a'.repeat(91), false],
      ['가'.repeat(45), true],
      ['가'.repeat(46), false],
      [`${'가'.repeat(44)}ab`, true],
      [`${'가'.repeat(44)}abc`, false],
    ];
    for (const [text, fits] of cases) {
      const to = phone();
      const [d] = await accepted({ destinations: [{ to }], messageFlow: [sms(text)] });
      if (fits) ok(d);
      else bad(d, 'A328', 'messageFlow[0].sms text is over 90 bytes');
    }
  });

  test('A328 after substitution hits only the recipient whose values make the text too long', async () => {
    const [short, long] = [phone(), phone()];
    const text = `${'x'.repeat(80)}#{n}`;
    const out = await accepted({
      destinations: [
        { to: short, replaceWords: { n: '1234567890' } },
        { to: long, replaceWords: { n: '12345678901' } },
      ],
      messageFlow: [sms(text)],
    });
    const key = ok(out[0]);
    bad(out[1], 'A328', 'after substitution');
    await settle(t);
    assert.deepEqual(
      (await inbox(t, short)).map((m) => [m.msgKey, m.text]),
      [[key, `${'x'.repeat(80)}1234567890`]],
    );
    assert.equal((await inbox(t, long)).length, 0);
  });

  test('A338: originCID must be exactly 9 characters', async () => {
    const destinations = [{ to: phone() }];
    await refused(
      { destinations, messageFlow: [sms('hi', { originCID: '12345678' })] },
      'A338',
      'sms.originCID',
    );
    await refused(
      { destinations, messageFlow: [sms('hi', { originCID: '1234567890' })] },
      'A338',
      'sms.originCID',
    );
    ok((await accepted({ destinations, messageFlow: [sms('hi', { originCID: '123456789' })] }))[0]);
  });

  test('A305: ref over 200 characters; data.ref echoes ref (200 characters pass)', async () => {
    await refused(
      { destinations: [{ to: phone() }], messageFlow: [sms('hi')], ref: 'r'.repeat(201) },
      'A305',
      'ref',
    );
    const ref = 'r'.repeat(200);
    const res = await send(t, c, { destinations: [{ to: phone() }], messageFlow: [sms('hi')], ref });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.ref, ref);
  });

  test('paymentCode (A310) and groupKey (A311) are at most 100 characters: the hosted codes', async () => {
    const destinations = [{ to: phone() }];
    await refused(
      { destinations, messageFlow: [sms('hi')], paymentCode: 'p'.repeat(101) },
      'A310',
      'paymentCode',
    );
    await refused({ destinations, messageFlow: [sms('hi')], groupKey: 'g'.repeat(101) }, 'A311', 'groupKey');
    const out = await accepted({
      destinations,
      messageFlow: [sms('hi')],
      paymentCode: 'p'.repeat(100),
      groupKey: 'g'.repeat(100),
    });
    ok(out[0]);
  });

  test('unknown fields at the top, in a recipient and in a channel object are ignored', async () => {
    const to = phone();
    const res = await send(t, c, {
      destinations: [{ to, nickname: 'x', extra: { a: 1 } }],
      messageFlow: [{ sms: { from: c.sender, text: 'extras', colour: 'blue', priority: 3 } }],
      campaign: { id: 7 },
      version: 2,
      ref: 'with-extras',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.ref, 'with-extras');
    const key = ok(res.json().data.data.destinations[0]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => [m.msgKey, m.text]),
      [[key, 'extras']],
    );
  });

  test('#{key} is substituted per recipient in sms text and mms title; a key without value stays', async () => {
    const [a, b] = [phone(), phone()];
    const out = await accepted({
      destinations: [
        { to: a, replaceWords: { name: '홍길동', code: '1234' } },
        { to: b, replaceWords: { name: 'Kim' } },
      ],
      messageFlow: [{ sms: { from: c.sender, text: '#{name}님 코드 #{code}' } }],
    });
    const [ka, kb] = [ok(out[0]), ok(out[1])];
    const lms = await accepted({
      destinations: [
        { to: a, replaceWords: { name: '홍길동' } },
        { to: b, replaceWords: { name: 'Kim' } },
      ],
      messageFlow: [{ mms: { from: c.sender, title: '#{name}님 안내', text: '본문 #{name} #{missing}' } }],
    });
    const [la, lb] = [ok(lms[0]), ok(lms[1])];
    await settle(t);
    // The two requests are dispatched by concurrent jobs: the handset's arrival order between them
    // is not the acceptance order, so the rows are compared by channel.
    const got = (p: string) =>
      inbox(t, p).then((ms) =>
        ms
          .map((m) => [m.msgKey, m.channel, m.title, m.text])
          .sort((x, y) => String(y[1]).localeCompare(String(x[1]))),
      );
    assert.deepEqual(await got(a), [
      [ka, 'sms', null, '홍길동님 코드 1234'],
      [la, 'mms', '홍길동님 안내', '본문 홍길동 #{missing}'],
    ]);
    assert.deepEqual(await got(b), [
      [kb, 'sms', null, 'Kim님 코드 #{code}'],
      [lb, 'mms', 'Kim님 안내', '본문 Kim #{missing}'],
    ]);
  });
});
