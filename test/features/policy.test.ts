import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatKst, kstDayStart } from '../../src/clock.ts';
import { grantSendPermission } from '../../src/store/accounts/permissions.ts';
import { advance, type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { Receiver, sendMo, setWebhook } from './mo-helpers.ts';

/*
 * Issue 15, item 1: anti-spam and opt-out policy, judged per recipient in the send path (one
 * result code each, the rest of the request goes on): the account's opt-out list (the
 * recipient's own opt-out message, the client API, the operator) refuses advertising with A324;
 * the operator's rules refuse texts (A322), sender numbers (A323) and recipient numbers (A324).
 */

interface Dest {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

const SECRET = 'policy-webhook-secret';
const RESV = '/api/comm/v1/reservation';

describeEachDb('anti-spam and opt-out policy', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let receiver: Receiver;
  const second = '0299998888';

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
    receiver = new Receiver(SECRET);
    await setWebhook(t, c.accountId, { url: await receiver.start(), secret: SECRET });
    const r = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/senders`,
      admin: true,
      body: { number: second },
    });
    assert.equal(r.statusCode, 200, r.body);
    await grantSendPermission(t.gw.ctx.store, `ch-${c.accountId}`, t.gw.ctx.clock.now());
  });
  after(async () => {
    await receiver.stop();
    await t.close();
  });

  const sms = (text: string, from = c.sender) => ({ sms: { from, text } });

  /** Sends and answers each destination's code, in order. */
  async function codes(client: Client, body: Record<string, unknown>): Promise<string[]> {
    const res = await send(t, client, body);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ data: { data: { destinations: Dest[] } } }>().data.data.destinations.map((d) => d.code);
  }
  async function destinations(client: Client, body: Record<string, unknown>): Promise<Dest[]> {
    const res = await send(t, client, body);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ data: { data: { destinations: Dest[] } } }>().data.data.destinations;
  }
  const client = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, who: Client = c) =>
    t.request({ method, url, apiKey: who.apiKey, ...(body === undefined ? {} : { body }) });
  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.request({ method, url, admin: true, ...(body === undefined ? {} : { body }) });

  test('an opt-out message keeps that number of the account from advertising to the sender; the MO still reaches the webhook; an opt-in lifts it', async () => {
    const phone = '01030000001';
    const mo = await sendMo(t, { to: c.sender, from: phone, content: ' 수신 거부 ' });
    await settle(t);
    assert.equal(receiver.of(mo.msgKey).acked, 1, 'the opt-out MO reaches the webhook like any MO');

    const ad = (text = '(광고) 봄맞이 할인') => ({
      destinations: [{ to: phone }, { to: '01030000002' }],
      messageFlow: [sms(text)],
    });
    const refused = await destinations(c, ad());
    assert.deepEqual(
      refused.map((d) => d.code),
      ['A324', 'A000'],
    );
    assert.equal(refused[0]?.msgKey, '');
    assert.match(refused[0]?.result ?? '', /^Blocked by spam filter: recipient number: .*opted out/);
    // Not advertising: an informational text still reaches the number.
    assert.deepEqual(
      await codes(c, { ...ad('주문하신 상품이 발송되었습니다'), destinations: [{ to: phone }] }),
      ['A000'],
    );
    // The opt-out is of the number it was sent to: advertising from another number of the
    // account goes; a flow that fails over to the opted-out number does not.
    assert.deepEqual(await codes(c, { ...ad(), messageFlow: [sms('(광고) 할인', second)] }), [
      'A000',
      'A000',
    ]);
    assert.deepEqual(
      await codes(c, { ...ad(), messageFlow: [sms('(광고) 할인', second), sms('(광고) 할인')] }),
      ['A324', 'A000'],
    );
    // Another account's advertising is not concerned.
    assert.deepEqual(await codes(other, { ...ad(), messageFlow: [sms('(광고) 할인', other.sender)] }), [
      'A000',
      'A000',
    ]);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, phone)).map((m) => m.text),
      ['주문하신 상품이 발송되었습니다', '(광고) 할인', '(광고) 할인'],
      'the refused advertising never reached the handset',
    );

    // An ordinary message with the keyword inside it is not an opt-out or an opt-in.
    await sendMo(t, { to: c.sender, from: phone, content: 'please START sending again' });
    assert.deepEqual(await codes(c, ad()), ['A324', 'A000']);
    const optIn = await sendMo(t, { to: c.sender, from: phone, content: 'START' });
    assert.deepEqual(await codes(c, ad()), ['A000', 'A000']);
    await settle(t);
    assert.equal(receiver.of(optIn.msgKey).acked, 1);
  });

  test('what counts as advertising: the (광고) label in text or title, brand messages targeting M/N/O, an Android RCS header, advertising: true', async () => {
    const phone = '01030000011';
    const add = await client('POST', '/api/comm/v1/optout', { phones: [phone] });
    assert.equal(add.statusCode, 200, add.body);
    const to = { destinations: [{ to: phone }] };
    const brand = (targeting: string) => ({
      brandmessage: {
        sendType: 'free',
        msgType: 'FT',
        senderKey: c.senderKey,
        content: '혜택 안내',
        targeting,
      },
    });
    const rcs = (o: Record<string, unknown>) => ({
      rcs: { brandKey: c.brandKey, body: { description: '새 소식' }, ...o },
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ['sms label', { messageFlow: [sms('  (광고)할인')] }, 'A324'],
      [
        'lms title label',
        { messageFlow: [{ mms: { from: c.sender, title: '(광고) 쿠폰', text: '쿠폰 안내' } }] },
        'A324',
      ],
      ['marked', { messageFlow: [sms('할인 안내')], advertising: true }, 'A324'],
      ['not marked', { messageFlow: [sms('할인 안내')], advertising: false }, 'A000'],
      ['brand M', { messageFlow: [brand('M')] }, 'A324'],
      ['brand N', { messageFlow: [brand('N')] }, 'A324'],
      ['brand I (friends)', { messageFlow: [brand('I')] }, 'A000'],
      ['rcs header 1', { messageFlow: [rcs({ header: '1' })] }, 'A324'],
      ['rcs no header', { messageFlow: [rcs({})] }, 'A000'],
      [
        'infomsg',
        {
          messageFlow: [
            {
              infomsg: {
                senderKey: c.senderKey,
                msgType: 'AT',
                templateCode: 'TPL-001',
                text: '(광고) 아님',
              },
            },
          ],
        },
        'A000',
      ],
    ];
    for (const [name, body, code] of cases) {
      assert.deepEqual(await codes(c, { ...to, ...body }), [code], name);
    }
    // A reservation judges its recipients as a send does, at creation and when some are added.
    const resv = await t.request({
      method: 'POST',
      url: RESV,
      apiKey: c.apiKey,
      body: {
        resvName: 'spring',
        resvSendTime: formatKst(kstDayStart(t.gw.ctx.clock.now()) + 2 * 86_400_000 + 10 * 3_600_000),
        destinations: [{ to: phone }, { to: '01030000012' }],
        messageFlow: [sms('(광고) 봄')],
      },
    });
    assert.equal(resv.statusCode, 200, resv.body);
    const made = resv.json<{ data: { resvKey: string; data: { destinations: Dest[] } } }>().data;
    assert.deepEqual(
      made.data.destinations.map((d) => d.code),
      ['A324', 'A000'],
    );
    const more = await t.request({
      method: 'POST',
      url: `${RESV}/resvKey/${made.resvKey}/destinations`,
      apiKey: c.apiKey,
      body: { destinations: [{ to: phone }, { to: '01030000013' }] },
    });
    assert.equal(more.statusCode, 200, more.body);
    assert.deepEqual(
      more.json<{ data: { data: { destinations: Dest[] } } }>().data.data.destinations.map((d) => d.code),
      ['A324', 'A000'],
    );
  });

  test('an advertising reservation judges its recipients again when it fires: one who opted out meanwhile ends failed with 30005, unsent', async () => {
    const [stays, leaves] = ['01030000021', '01030000022'];
    const resv = await t.request({
      method: 'POST',
      url: RESV,
      apiKey: c.apiKey,
      body: {
        resvName: 'later',
        resvSendTime: formatKst(kstDayStart(t.gw.ctx.clock.now()) + 86_400_000 + 11 * 3_600_000),
        destinations: [{ to: stays }, { to: leaves, ref: 'r-leaves' }],
        messageFlow: [sms('(광고) 내일 세일')],
      },
    });
    assert.equal(resv.statusCode, 200, resv.body);
    const keys = resv
      .json<{ data: { data: { destinations: Dest[] } } }>()
      .data.data.destinations.map((d) => d.msgKey);
    await sendMo(t, { to: c.sender, from: leaves, content: 'STOP' });
    await advance(t, 2 * 86_400);
    await settle(t);
    const report = async (msgKey: string) => {
      const res = await client('GET', `/api/comm/v1/report/inquiry/${msgKey}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { data: { report: Array<{ reportCode: string; ref: string }> } } }>().data.data
        .report;
    };
    assert.deepEqual(
      (await report(keys[0] ?? '')).map((r) => r.reportCode),
      ['10000'],
    );
    assert.deepEqual(
      (await report(keys[1] ?? '')).map((r) => [r.reportCode, r.ref]),
      [['30005', 'r-leaves']],
    );
    assert.deepEqual(await inbox(t, leaves), []);
    assert.equal((await inbox(t, stays)).length, 1);
  });

  test("the client's opt-out list: add, page, remove what it added; the recipient's own opt-out stands; accounts apart", async () => {
    const phones = ['01040000001', '01040000002', '01040000003'];
    const add = await client('POST', '/api/comm/v1/optout', {
      phones: [...phones, '01040000001'],
      from: second,
    });
    assert.equal(add.statusCode, 200, add.body);
    const added = add.json<{
      data: { data: { added: number; optOuts: { phone: string; from: string; source: string }[] } };
    }>().data.data;
    assert.equal(added.added, 3, 'a number given twice is one entry');
    assert.deepEqual(
      added.optOuts.map((o) => [o.phone, o.from, o.source]),
      phones.map((p) => [p, second, 'client']),
    );
    await sendMo(t, { to: c.sender, from: '01040000009', content: 'STOP' });

    const page = async (q: string, who: Client = c) => {
      const res = await client('GET', `/api/comm/v1/optout${q}`, undefined, who);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{
        data: { data: { optOuts: { phone: string; source: string }[]; next: string | null } };
      }>().data.data;
    };
    const seen: string[] = [];
    let q = '?limit=2';
    for (;;) {
      const p = await page(q);
      assert.ok(p.optOuts.length <= 2);
      seen.push(...p.optOuts.map((o) => o.phone));
      if (p.next === null) break;
      q = `?limit=2&cursor=${encodeURIComponent(p.next)}`;
    }
    for (const p of [...phones, '01040000009']) assert.ok(seen.includes(p), p);
    assert.equal(new Set(seen).size, seen.length, 'no entry twice across pages');
    assert.deepEqual(
      (await page('?phone=01040000009')).optOuts.map((o) => o.source),
      ['mo'],
    );
    assert.deepEqual((await page('', other)).optOuts, [], "another account's list is its own");

    // Advertising from `second` is refused for those numbers; from the first number it goes.
    assert.deepEqual(
      await codes(c, { destinations: [{ to: phones[0] }], messageFlow: [sms('(광고) x', second)] }),
      ['A324'],
    );
    assert.deepEqual(await codes(c, { destinations: [{ to: phones[0] }], messageFlow: [sms('(광고) x')] }), [
      'A000',
    ]);

    const removed = await client('DELETE', `/api/comm/v1/optout/${phones[0]}?from=${second}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(
      await codes(c, { destinations: [{ to: phones[0] }], messageFlow: [sms('(광고) x', second)] }),
      ['A000'],
    );
    const again = await client('DELETE', `/api/comm/v1/optout/${phones[0]}?from=${second}`);
    assert.equal(again.statusCode, 404);
    assert.equal(again.json<{ data: { code: string } }>().data.code, 'A820');
    const own = await client('DELETE', `/api/comm/v1/optout/01040000009?from=${c.sender}`);
    assert.equal(own.statusCode, 409, own.body);
    assert.match(own.json<{ data: { code: string; result: string } }>().data.result, /its opt-in message/);
    // Another account cannot see or lift this account's entries.
    const theirs = await client(
      'DELETE',
      `/api/comm/v1/optout/${phones[1]}?from=${second}`,
      undefined,
      other,
    );
    assert.equal(theirs.statusCode, 404);

    for (const [body, code, field] of [
      [{ phones: [] }, 'A300', 'phones'],
      [{ phones: ['12'] }, 'A306', 'phones[0]'],
      [{ phones: ['01040000001'], from: '0311112222' }, 'A327', 'from'],
      [
        { phones: Array.from({ length: 1001 }, (_, i) => `0105${String(i).padStart(7, '0')}`) },
        'A300',
        'phones',
      ],
    ] as const) {
      const res = await client('POST', '/api/comm/v1/optout', body);
      assert.equal(res.json<{ data: { code: string } }>().data.code, code, res.body);
      assert.match(
        res.json<{ data: { result: string } }>().data.result,
        new RegExp(field.replace(/[[\]]/g, '\\$&')),
      );
    }
    const badCursor = await client('GET', '/api/comm/v1/optout?cursor=nonsense');
    assert.equal(badCursor.json<{ data: { code: string } }>().data.code, 'A300');
  });

  test('operator rules: text after substitution (per recipient, folded), sender numbers, recipient prefixes; global or per account; removal lifts them', async () => {
    const rule = async (body: Record<string, unknown>) => {
      const res = await admin('POST', '/admin/v1/policy/rules', body);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ ruleId: string; accountId: string | null; kind: string; match: string }>();
    };
    const loan = await rule({ kind: 'text', pattern: '무담보 대출', note: 'loan spam' });
    assert.equal(loan.accountId, null);
    assert.equal(loan.match, 'contains');
    const free = await rule({ kind: 'text', pattern: 'FREE', accountId: c.accountId });
    const blockedFrom = await rule({ kind: 'sender', pattern: second, accountId: c.accountId });
    const prefix = await rule({ kind: 'recipient', match: 'prefix', pattern: '0105555' });
    const exact = await rule({ kind: 'recipient', pattern: '01066667777' });

    // Per recipient after #{key} substitution; compared without case, spaces, full-width forms.
    const dests = await destinations(c, {
      destinations: [
        { to: '01050000001', replaceWords: { offer: '무담보대출' } },
        { to: '01050000002', replaceWords: { offer: '적금' } },
        { to: '01050000003', replaceWords: { offer: 'ｆｒｅｅ gift' } },
        { to: '01055550000', replaceWords: { offer: '적금' } },
        { to: '01066667777', replaceWords: { offer: '적금' } },
      ],
      messageFlow: [sms('#{offer} 안내')],
    });
    assert.deepEqual(
      dests.map((d) => d.code),
      ['A322', 'A000', 'A322', 'A324', 'A324'],
    );
    assert.match(
      dests[0]?.result ?? '',
      new RegExp(
        `^Blocked by spam filter: text: messageFlow\\[0\\]\\.sms matches spam-filter rule ${loan.ruleId}$`,
      ),
    );
    assert.match(dests[2]?.result ?? '', new RegExp(free.ruleId));
    assert.match(dests[3]?.result ?? '', new RegExp(prefix.ruleId));
    assert.match(dests[4]?.result ?? '', new RegExp(exact.ruleId));
    // A text every recipient shares, in the title too.
    assert.deepEqual(
      await codes(c, {
        destinations: [{ to: '01050000004' }, { to: '01050000005' }],
        messageFlow: [{ mms: { from: c.sender, title: '무담보  대출', text: '안내' } }],
      }),
      ['A322', 'A322'],
    );
    // The sender rule refuses every recipient of a flow that names the number.
    assert.deepEqual(
      await codes(c, {
        destinations: [{ to: '01050000006' }, { to: '01050000007' }],
        messageFlow: [sms('안녕', second)],
      }),
      ['A323', 'A323'],
    );
    // The account's own rules stay its own; the global ones apply to every account.
    assert.deepEqual(
      await codes(other, {
        destinations: [{ to: '01050000008' }, { to: '01050000009' }],
        messageFlow: [sms('free 무료', other.sender)],
      }),
      ['A000', 'A000'],
    );
    assert.deepEqual(
      await codes(other, {
        destinations: [{ to: '01050000010' }],
        messageFlow: [sms('무담보 대출', other.sender)],
      }),
      ['A322'],
    );

    const list = await admin('GET', `/admin/v1/policy/rules?accountId=${c.accountId}`);
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json<{ rules: { ruleId: string }[] }>().rules.map((r) => r.ruleId),
      [free.ruleId, blockedFrom.ruleId],
    );
    const globals = await admin('GET', '/admin/v1/policy/rules?accountId=global&limit=1');
    const firstPage = globals.json<{ rules: { ruleId: string }[]; next: string | null }>();
    assert.deepEqual(
      firstPage.rules.map((r) => r.ruleId),
      [loan.ruleId],
    );
    assert.ok(firstPage.next);

    for (const r of [loan, free, blockedFrom, prefix, exact]) {
      const del = await admin('DELETE', `/admin/v1/policy/rules/${r.ruleId}`);
      assert.equal(del.statusCode, 200, del.body);
    }
    assert.equal((await admin('DELETE', `/admin/v1/policy/rules/${loan.ruleId}`)).statusCode, 404);
    assert.deepEqual(
      await codes(c, {
        destinations: [{ to: '01055550001', replaceWords: { offer: '무담보 대출 FREE' } }],
        messageFlow: [sms('#{offer}', second)],
      }),
      ['A000'],
    );
  });

  test('rules and opt-outs are refused with A300 naming the field when malformed, managed per account by the operator, and audited', async () => {
    for (const [body, field] of [
      [{ kind: 'body', pattern: 'x' }, 'kind'],
      [{ kind: 'text', pattern: '   ' }, 'pattern'],
      [{ kind: 'text', pattern: 'x', match: 'prefix' }, 'contains'],
      [{ kind: 'sender', pattern: '02-1234' }, 'pattern'],
      [{ kind: 'recipient', pattern: '010', match: 'contains' }, 'exact or prefix'],
      [{ kind: 'text', pattern: true }, 'pattern'],
    ] as const) {
      const res = await admin('POST', '/admin/v1/policy/rules', body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json<{ code: string }>().code, 'A300');
      assert.match(res.json<{ result: string }>().result, new RegExp(field));
    }
    const unknown = await admin('POST', '/admin/v1/policy/rules', {
      kind: 'text',
      pattern: 'x',
      accountId: 'nobody',
    });
    assert.equal(unknown.statusCode, 404);

    const url = `/admin/v1/accounts/${c.accountId}/opt-outs`;
    const add = await admin('POST', url, { phones: ['01060000001'] });
    assert.equal(add.statusCode, 200, add.body);
    assert.equal(add.json<{ optOuts: { source: string }[] }>().optOuts[0]?.source, 'operator');
    assert.deepEqual(
      await codes(c, { destinations: [{ to: '01060000001' }], messageFlow: [sms('(광고) y')] }),
      ['A324'],
    );
    // The client cannot lift what the operator set; the operator can lift anything.
    const byClient = await client('DELETE', '/api/comm/v1/optout/01060000001');
    assert.equal(byClient.statusCode, 409);
    await sendMo(t, { to: c.sender, from: '01060000002', content: '수신거부' });
    const listed = await admin('GET', `${url}?phone=01060000002`);
    assert.deepEqual(
      listed.json<{ optOuts: { source: string }[] }>().optOuts.map((o) => o.source),
      ['mo'],
    );
    const lift = await admin('DELETE', `${url}/01060000002?from=${c.sender}`);
    assert.equal(lift.statusCode, 200, lift.body);
    assert.equal((await admin('DELETE', `${url}/01060000001`)).statusCode, 200);
    assert.deepEqual(
      await codes(c, { destinations: [{ to: '01060000001' }], messageFlow: [sms('(광고) y')] }),
      ['A000'],
    );

    const audit = await admin('GET', '/admin/v1/audit?limit=10');
    assert.deepEqual(
      audit
        .json<{ entries: { action: string }[] }>()
        .entries.map((e) => e.action)
        .filter((a) => a.includes('opt-outs'))
        .slice(0, 3),
      [
        'DELETE /admin/v1/accounts/:accountId/opt-outs/:phone',
        'DELETE /admin/v1/accounts/:accountId/opt-outs/:phone',
        'POST /admin/v1/accounts/:accountId/opt-outs',
      ],
    );

    const doc = await t.request({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/comm/v1/optout',
      '/api/comm/v1/optout/{phone}',
      '/admin/v1/policy/rules',
      '/admin/v1/policy/rules/{ruleId}',
      '/admin/v1/accounts/{accountId}/opt-outs',
    ]) {
      assert.ok(paths.includes(p), p);
    }
  });
});
