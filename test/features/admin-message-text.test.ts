import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SCAN_WINDOW } from '../../src/features/admin/ops-doc.ts';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { fillMessages, setClock, smsStep } from './message-search-helpers.ts';
import { adminOk, adminRefused, type Messages } from './ops-helpers.ts';

/*
 * The operator's message search by text and by sender number (GET /admin/v1/messages?text=&sender=):
 * the text each recipient got, its #{key} values substituted, in any case, at any step of the
 * flow; the sender number of any step; the rows' sender and text; the bounded windows.
 */

const search = (t: TestGateway, query: string) => adminOk<Messages>(t, 'GET', `/admin/v1/messages${query}`);
const keys = (p: Messages) => p.messages.map((m) => m.msgKey);
const q = encodeURIComponent;

async function sent(t: TestGateway, c: Client, body: unknown): Promise<string[]> {
  const res = await send(t, c, body);
  assert.equal(res.json().data.code, 'A000', res.body);
  await settle(t);
  return res.json().data.data.destinations.map((d: { msgKey: string; code: string }) => {
    assert.equal(d.code, 'A000', res.body);
    return d.msgKey;
  });
}

describeEachDb('admin: message search by text and sender', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let kim: string;
  let lee: string;
  let mms: string;
  let rcs: string;
  let info: string;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-11-25 10:00:00');
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
    const number = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${other.accountId}/senders`,
      admin: true,
      body: { number: '0312345678' },
    });
    assert.equal(number.statusCode, 200, number.body);
    [kim = '', lee = ''] = await sent(t, c, {
      destinations: [
        { to: '01033000001', replaceWords: { name: 'Kim', order: 'A-100' } },
        { to: '01033000002', replaceWords: { name: 'Lee', order: 'B-200' } },
      ],
      messageFlow: [{ sms: { from: c.sender, text: 'Hello #{name}, order #{order} shipped' } }],
    });
    [mms = ''] = await sent(t, other, {
      destinations: [{ to: '01033000003' }],
      messageFlow: [{ mms: { from: '0312345678', title: 'Weekly NEWS', text: 'plain words' } }],
    });
    // Delivered by RCS (a brand, no number): its SMS fallback never went out.
    [rcs = ''] = await sent(t, c, {
      destinations: [{ to: '01033000004' }],
      messageFlow: [
        { rcs: { brandKey: c.brandKey, formatId: 'SS000000', body: { description: 'Rich card' } } },
        { sms: { from: c.sender, text: 'fallback only words' } },
      ],
    });
    [info = ''] = await sent(t, c, {
      destinations: [{ to: '01033000005' }],
      messageFlow: [
        {
          infomsg: {
            msgType: 'AT',
            senderKey: c.senderKey,
            templateCode: 'TPL-001',
            text: '배송 안내입니다',
          },
        },
      ],
    });
  });
  after(() => t.close());

  test('by text: what each recipient got, its values substituted, in any case', async () => {
    assert.deepEqual(keys(await search(t, '?text=kim')), [kim]);
    assert.deepEqual(keys(await search(t, '?text=HELLO')), [lee, kim]);
    assert.deepEqual(keys(await search(t, `?text=${q('order b-200 SHIPPED')}`)), [lee]);
    // The keywords themselves are not what anybody got.
    assert.deepEqual(keys(await search(t, `?text=${q('#{name}')}`)), []);
    // The title counts, and so does a step the message never reached (its fallback SMS).
    assert.deepEqual(keys(await search(t, `?text=${q('weekly news')}`)), [mms]);
    assert.deepEqual(keys(await search(t, `?text=${q('fallback only')}`)), [rcs]);
    assert.deepEqual(keys(await search(t, `?text=${q('안내')}`)), [info]);
    const none = await search(t, `?text=${q('no such words')}`);
    assert.deepEqual(none, { messages: [], next: null, searchedUntil: null });
  });

  test('by sender number: the from of any step, never a profile or brand', async () => {
    assert.deepEqual(keys(await search(t, '?sender=0312345678')), [mms]);
    // The RCS message names the number only in its fallback step; the informational one not at all.
    assert.deepEqual(keys(await search(t, '?sender=0212345678')), [rcs, lee, kim]);
    assert.deepEqual(keys(await search(t, '?sender=0299999999')), []);
    assert.deepEqual(keys(await search(t, `?sender=0212345678&text=${q('order')}&to=01033000002`)), [lee]);
    assert.deepEqual(keys(await search(t, `?sender=0212345678&accountId=${other.accountId}`)), []);
    assert.deepEqual(keys(await search(t, `?text=words&accountId=${other.accountId}`)), [mms]);
    assert.deepEqual(keys(await search(t, `?msgKey=${kim}&text=kim`)), [kim]);
    assert.deepEqual(keys(await search(t, `?msgKey=${kim}&text=lee`)), []);
    assert.deepEqual(keys(await search(t, `?msgKey=${kim}&sender=0312345678`)), []);
  });

  test('each row says its current step: sender, title and text as the recipient got it', async () => {
    const rows = new Map((await search(t, '')).messages.map((m) => [m.msgKey, m]));
    assert.equal(rows.size, 5);
    const pick = (k: string) => {
      const m = rows.get(k);
      return m && { sender: m.sender, title: m.title, text: m.text };
    };
    assert.deepEqual(pick(kim), {
      sender: '0212345678',
      title: null,
      text: 'Hello Kim, order A-100 shipped',
    });
    assert.deepEqual(pick(mms), { sender: '0312345678', title: 'Weekly NEWS', text: 'plain words' });
    assert.deepEqual(pick(rcs), { sender: null, title: null, text: 'Rich card' });
    assert.deepEqual(pick(info), { sender: null, title: null, text: '배송 안내입니다' });
    // Along an account's index and by msgKey too.
    const byAccount = await search(t, `?accountId=${other.accountId}`);
    assert.equal(byAccount.messages[0]?.sender, '0312345678');
    assert.equal((await search(t, `?msgKey=${lee}`)).messages[0]?.text, 'Hello Lee, order B-200 shipped');
  });

  test('bad text and sender filters are A300 naming the field', async () => {
    await adminRefused(t, 'GET', '/admin/v1/messages?sender=02-1234', 'A300', 'sender');
    await adminRefused(t, 'GET', '/admin/v1/messages?sender=acme-channel', 'A300', 'sender');
    await adminRefused(t, 'GET', '/admin/v1/messages?text=', 'A300', 'text');
    await adminRefused(t, 'GET', `/admin/v1/messages?text=${'x'.repeat(201)}`, 'A300', 'text');
  });
});

describeEachDb('admin: text and sender are looked for in bounded windows', (db) => {
  let t: TestGateway;
  let c: Client;
  let target: string;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-11-25 09:00:00');
    c = await setupClient(t, 'busy');
    [target = ''] = await sent(t, c, {
      destinations: [{ to: '01034000001', replaceWords: { code: 'NEEDLE-7' } }],
      messageFlow: [{ sms: { from: c.sender, text: 'your code is #{code}' } }],
    });
    // More newer messages than one call looks at, of one request from another number.
    await fillMessages(t, {
      accountId: c.accountId,
      requestId: 'req_filler_text',
      prefix: 'zz',
      count: SCAN_WINDOW + 10,
      flow: [smsStep('0299999999', 'filler #{n}')],
      words: (i) => ({ n: String(i) }),
      at: Date.parse('2026-11-25T01:00:00Z'),
    });
  });
  after(() => t.close());

  for (const [what, filter] of [
    ['text', `text=${q('needle-7')}`],
    ['sender', 'sender=0212345678'],
  ] as const) {
    test(`${what}: ${SCAN_WINDOW} messages a call, their request's flow read once; next goes on`, async () => {
      for (const scope of ['', `&accountId=${c.accountId}`]) {
        const before = t.gw.ctx.store.counts.statements.select;
        const first = await search(t, `?${filter}${scope}`);
        // The window, its requests' flows (one request), its edge and when that was: a few
        // statements, not one per message (the engine's polls add a few of their own).
        const selects = t.gw.ctx.store.counts.statements.select - before;
        assert.ok(selects < 12, `${selects} statements for one window`);
        assert.deepEqual(first.messages, [], scope);
        assert.ok(first.next, 'more to look at');
        assert.ok(first.searchedUntil?.startsWith('2026-11-25T10:'), `${first.searchedUntil}`);
        const second = await search(t, `?${filter}${scope}&cursor=${q(first.next)}`);
        assert.deepEqual(keys(second), [target]);
        assert.equal(second.next, null);
        assert.equal(second.messages[0]?.text, 'your code is NEEDLE-7');
      }
    });
  }

  test('a full page of matches stops at the page, not at the window', async () => {
    const page = await search(t, `?text=${q('FILLER 1')}&limit=3`);
    // filler 5009, 5008 ... hold no "filler 1"; the newest that do are 1999, 1998, 1997.
    assert.deepEqual(
      page.messages.map((m) => m.text),
      ['filler 1999', 'filler 1998', 'filler 1997'],
    );
    assert.equal(page.searchedUntil, null);
    assert.equal(page.next, `k.${page.messages[2]?.msgKey}`);
    const on = await search(t, `?text=${q('FILLER 1')}&limit=3&cursor=${q(page.next ?? '')}`);
    assert.deepEqual(
      on.messages.map((m) => m.text),
      ['filler 1996', 'filler 1995', 'filler 1994'],
    );
  });
});
