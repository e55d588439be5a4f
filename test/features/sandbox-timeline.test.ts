import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SandboxConnector } from '../../src/connectors/sandbox/connector.ts';
import { deliverToInboxes, type NewInboxMessage } from '../../src/store/sandbox/sandbox.ts';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { connectorOf, fill, step, T } from './sandbox-timeline-helpers.ts';

interface Item {
  id: number;
  kind: string;
  channel: string;
  msgType: string | null;
  msgKey: string;
  step: number;
  failover: boolean;
  text: string;
  failure: { code: string; text: string } | null;
  payload: Record<string, unknown>;
}
interface Listed {
  phone: string;
  count: number;
  countCapped: boolean;
  unread: number;
  unreadCapped: boolean;
  lastId: number;
  lastAt: string;
}

describeEachDb('sandbox timeline, handsets list, read marks and reviews list', (db) => {
  let t: TestGateway;
  let conn: SandboxConnector;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db);
    conn = connectorOf(t);
    c = await setupClient(t);
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-03-10 12:00:00' },
    });
  });
  after(() => t.close());

  const get = (url: string) => t.request({ method: 'GET', url, admin: true });
  const timeline = async (phone: string, query = '') => {
    const res = await get(`/sandbox/v1/handsets/${phone}/timeline${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ phone: string; items: Item[]; hasOlder: boolean; olderCursor: number | null }>();
  };
  const inboxKeys = async (phone: string) =>
    (await get(`/sandbox/v1/handsets/${phone}/inbox`))
      .json<{ messages: Array<{ msgKey: string }> }>()
      .messages.map((m) => m.msgKey);
  const list = async (query = '') => {
    const res = await get(`/sandbox/v1/handsets${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ handsets: Listed[]; hasMore: boolean; after: number | null }>();
  };
  const read = (phone: string, body?: unknown) =>
    t.request({ method: 'POST', url: `/sandbox/v1/handsets/${phone}/read`, admin: true, body: body ?? {} });

  test('a step that fails at the handset is a failure event in the timeline, never in the inbox', async () => {
    const phone = '01077000001';
    await t.request({
      method: 'PUT',
      url: `/sandbox/v1/handsets/${phone}`,
      admin: true,
      body: { fail: { sms: '23003' }, appUser: null },
    });
    const failed = step(phone);
    const info = step(phone, { channel: 'infomsg', msgType: 'AT', payload: { senderKey: 'SK1' } });
    const lms = step(phone, { channel: 'mms', msgType: 'LM', title: 'T', step: 1 });
    await conn.submit([failed, info, lms]);
    // A resubmission of the same steps writes nothing twice.
    await conn.submit([failed, info, lms]);

    const page = await timeline(phone);
    assert.deepEqual(
      page.items.map((i) => [i.msgKey, i.kind, i.channel, i.msgType, i.failure, i.failover]),
      [
        [
          failed.msgKey,
          'failure',
          'sms',
          'SM',
          { code: '23003', text: 'Failed by sandbox handset setting' },
          false,
        ],
        [info.msgKey, 'failure', 'infomsg', 'AT', { code: '30003', text: 'NoSendAvailableException' }, false],
        [lms.msgKey, 'message', 'mms', 'LM', null, true],
      ],
    );
    assert.equal(page.items[0]?.text, failed.text);
    assert.deepEqual(page.items[0]?.payload, failed.payload, 'the failed step keeps what was sent');
    assert.deepEqual(await inboxKeys(phone), [lms.msgKey], 'the inbox API shows delivered rows only');

    const cleared = await t.request({
      method: 'DELETE',
      url: `/sandbox/v1/handsets/${phone}/inbox`,
      admin: true,
    });
    assert.deepEqual(cleared.json(), { phone, deleted: 1 });
    assert.deepEqual((await timeline(phone)).items, [], 'DELETE empties both kinds');
  });

  test('an infomsg→sms failover sent through the client API: the failure, then the SMS as a failover step', async () => {
    const phone = '01077000002';
    await t.request({
      method: 'PUT',
      url: `/sandbox/v1/handsets/${phone}`,
      admin: true,
      body: { appUser: null },
    });
    const res = await send(t, c, {
      destinations: [{ to: phone }],
      messageFlow: [
        { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '주문 안내' } },
        { sms: { from: c.sender, text: '주문 안내 (문자)' } },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    const msgKey = res.json().data.data.destinations[0].msgKey as string;
    await settle(t);
    const items = (await timeline(phone)).items;
    assert.deepEqual(
      items.map((i) => [i.msgKey, i.step, i.kind, i.channel, i.failover, i.failure?.code ?? null]),
      [
        [msgKey, 0, 'failure', 'infomsg', false, '30003'],
        [msgKey, 1, 'message', 'sms', true, null],
      ],
    );
  });

  test('pages: the newest page oldest first, older pages by before, bounds refused with A300', async () => {
    const phone = '01077000003';
    const keys = await fill(conn, phone, 120);
    const first = await timeline(phone);
    assert.deepEqual(
      first.items.map((i) => i.msgKey),
      keys.slice(70),
    );
    assert.equal(first.hasOlder, true);
    assert.equal(first.olderCursor, first.items[0]?.id);
    const second = await timeline(phone, `?before=${first.olderCursor}&limit=60`);
    assert.deepEqual(
      second.items.map((i) => i.msgKey),
      keys.slice(10, 70),
    );
    const last = await timeline(phone, `?before=${second.olderCursor}&limit=200`);
    assert.deepEqual(
      last.items.map((i) => i.msgKey),
      keys.slice(0, 10),
    );
    assert.equal(last.hasOlder, false);
    assert.equal(last.olderCursor, null);

    for (const q of ['?limit=0', '?limit=201', '?before=0', '?limit=x']) {
      const r = await get(`/sandbox/v1/handsets/${phone}/timeline${q}`);
      assert.equal(r.statusCode, 400, q);
      assert.equal(r.json().code, 'A300', `${q} ${r.body}`);
    }
    assert.equal((await get('/sandbox/v1/handsets/0107/timeline')).json().code, 'A306');
    assert.equal((await get('/sandbox/v1/handsets/01077000099/timeline')).json().items.length, 0);
  });

  test('the handsets list: most recent activity first, counts and unread, search, paging', async () => {
    const a = '01078100001';
    const b = '01078200002';
    const d = '01078300003';
    await conn.submit([step(a), step(b), step(a)]);
    await conn.submit([step(d, { channel: 'rcs', msgType: 'RCS' })]);
    await t.request({
      method: 'PUT',
      url: `/sandbox/v1/handsets/${b}`,
      admin: true,
      body: { reachable: false },
    });
    await conn.submit([step(b)]); // a failure counts as activity too

    const all = await list('?search=0107810&limit=10');
    assert.deepEqual(
      all.handsets.map((h) => h.phone),
      [a],
    );
    const top = await list('?limit=3');
    assert.deepEqual(
      top.handsets.map((h) => [h.phone, h.count, h.unread]),
      [
        [b, 2, 2],
        [d, 1, 1],
        [a, 2, 2],
      ],
    );
    assert.equal(top.hasMore, true);
    assert.equal(top.handsets[0]?.lastAt, '2026-03-10T12:00:00+09:00');
    assert.equal(top.handsets[0]?.countCapped, false);

    // Paging goes on after the last one listed, without repeating it.
    const p1 = await list('?search=01078&limit=2');
    assert.deepEqual(
      p1.handsets.map((h) => h.phone),
      [b, d],
    );
    const p2 = await list(`?search=01078&limit=2&after=${p1.after}`);
    assert.deepEqual(
      p2.handsets.map((h) => h.phone),
      [a],
    );
    // Digits anywhere in the number.
    assert.deepEqual(
      (await list('?search=300003')).handsets.map((h) => h.phone),
      [d],
    );
    for (const q of ['?search=010-7', '?search=abc', '?search=1234567890123456', '?limit=0', '?after=0']) {
      const r = await get(`/sandbox/v1/handsets${q}`);
      assert.equal(r.statusCode, 400, q);
      assert.equal(r.json().code, 'A300', `${q} ${r.body}`);
    }

    // Read marks: up to a row, then to the newest; never back down.
    const aItems = (await timeline(a)).items;
    const firstRead = await read(a, { upTo: aItems[0]?.id });
    assert.equal(firstRead.statusCode, 200, firstRead.body);
    assert.deepEqual(firstRead.json(), { phone: a, readId: aItems[0]?.id, unread: 1, unreadCapped: false });
    assert.deepEqual((await read(a)).json(), {
      phone: a,
      readId: aItems[1]?.id,
      unread: 0,
      unreadCapped: false,
    });
    assert.equal((await read(a, { upTo: 1 })).json().readId, aItems[1]?.id, 'the mark only moves up');
    assert.equal(
      (await read(a, { upTo: 10 ** 12 })).json().readId,
      aItems[1]?.id,
      'never beyond the newest row',
    );
    await conn.submit([step(a)]);
    const again = (await list('?search=07810')).handsets[0];
    assert.deepEqual([again?.phone, again?.count, again?.unread], [a, 3, 1]);
    assert.equal((await read(a, { upTo: -1 })).json().code, 'A300');
    assert.equal((await read(a, { upto: 3 })).json().code, 'A300');
    assert.equal((await read('12ab')).json().code, 'A306');
  });

  test('the list reads a bounded part of the table: a very busy number makes short pages, never repeats', async () => {
    const quiet = ['01079000001', '01079000002', '01079000003'];
    await conn.submit(quiet.map((p) => step(p)));
    const busy = '01079999999';
    // 20,000 rows of one number, newer than the quiet ones: more than one request reads.
    const rows: NewInboxMessage[] = Array.from({ length: 20_000 }, (_, i) => ({
      phone: busy,
      msgKey: `BUSY${i}`,
      step: 0,
      channel: 'sms',
      msgType: 'SM',
      from: null,
      title: null,
      text: 'x',
      payload: '{}',
      receivedAt: T,
      failure: null,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await deliverToInboxes(t.gw.ctx.store, rows.slice(i, i + 1000));

    const seen: string[] = [];
    let after: number | null = null;
    let requests = 0;
    do {
      const page = await list(`?search=0107900000&limit=2${after === null ? '' : `&after=${after}`}`);
      requests += 1;
      seen.push(...page.handsets.map((h) => h.phone));
      after = page.hasMore ? page.after : null;
    } while (after !== null && requests < 20);
    assert.deepEqual(seen, [...quiet].reverse(), 'every quiet number once, most recent first');
    assert.ok(requests >= 2, 'the busy rows took more than one request');

    const top = (await list('?limit=1')).handsets[0];
    assert.deepEqual([top?.phone, top?.count, top?.countCapped], [busy, 99, true]);
  });

  test('the reviews list: requests waiting with the text and buttons; gone once approved', async () => {
    const tpl = {
      senderKey: c.senderKey,
      templateCode: 'REV-001',
      templateName: '배송 안내',
      text: '#{name}님, 배송이 시작되었습니다.',
      categoryCode: '002001',
      variables: [{ key: 'name', example: '홍길동' }],
      buttons: [{ type: 'WL', name: '배송 조회', urlMobile: 'https://shop.example/track' }],
    };
    const base = '/api/comm/v1/center/infomsg/template';
    const reg = await t.request({ method: 'POST', url: base, apiKey: c.apiKey, body: { infomsg: tpl } });
    assert.equal(reg.statusCode, 200, reg.body);
    const asked = await t.request({
      method: 'POST',
      url: `${base}/request`,
      apiKey: c.apiKey,
      body: { infomsg: { senderKey: c.senderKey, templateCode: 'REV-001', comment: '검수 부탁' } },
    });
    assert.equal(asked.statusCode, 200, asked.body);

    const waiting = await get('/sandbox/v1/reviews');
    assert.equal(waiting.statusCode, 200, waiting.body);
    const body = waiting.json();
    assert.equal(body.hasMore, false);
    assert.equal(body.reviews.length, 1);
    const r = body.reviews[0];
    assert.equal(r.accountId, c.accountId);
    assert.equal(r.accountName, 'acme');
    assert.equal(r.senderKey, c.senderKey);
    assert.equal(r.templateCode, 'REV-001');
    assert.equal(r.templateName, '배송 안내');
    assert.equal(r.inspectionStatus, 'REQ');
    assert.equal(r.requestedAt, '2026-03-10T12:00:00+09:00');
    assert.equal(r.requestComment, '검수 부탁');
    assert.equal(r.template.text, tpl.text);
    assert.deepEqual(r.template.buttons, tpl.buttons);

    const decided = await t.request({
      method: 'POST',
      url: '/sandbox/v1/reviews',
      admin: true,
      body: { senderKey: c.senderKey, templateCode: 'REV-001', decision: 'approve', comment: 'ok' },
    });
    assert.equal(decided.statusCode, 200, decided.body);
    assert.deepEqual((await get('/sandbox/v1/reviews')).json().reviews, []);
    const approved = (await get('/sandbox/v1/reviews?status=APR')).json().reviews;
    assert.ok(approved.some((x: { templateCode: string }) => x.templateCode === 'REV-001'));
    const bad = await get('/sandbox/v1/reviews?status=NOPE');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'A300');
  });

  test('OpenAPI documents the new routes under the sandbox tag', async () => {
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    assert.equal(res.statusCode, 200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    for (const [path, method] of [
      ['/sandbox/v1/handsets', 'get'],
      ['/sandbox/v1/handsets/{phone}/read', 'post'],
      ['/sandbox/v1/handsets/{phone}/timeline', 'get'],
      ['/sandbox/v1/handsets/{phone}/timeline/stream', 'get'],
      ['/sandbox/v1/reviews', 'get'],
    ] as const) {
      assert.deepEqual(paths[path]?.[method]?.tags, ['sandbox'], `${method} ${path}`);
    }
  });

  test('the new routes need the admin token', async () => {
    for (const url of [
      '/sandbox/v1/handsets',
      '/sandbox/v1/handsets/01077000001/timeline',
      '/sandbox/v1/handsets/01077000001/timeline/stream',
      '/sandbox/v1/reviews',
    ]) {
      assert.equal((await t.request({ method: 'GET', url })).statusCode, 401, url);
    }
    const res = await t.request({ method: 'POST', url: '/sandbox/v1/handsets/01077000001/read', body: {} });
    assert.equal(res.statusCode, 401);
  });
});
