import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { type Conformance, loadConformance } from '../helpers/openapi-conformance.ts';

/*
 * The sandbox control API (/sandbox/v1) and the system routes answer what the OpenAPI document
 * says: every JSON operation is called, with success and with refusals, and each real answer is
 * checked against the document's schema for its status (objects closed: no undocumented field).
 */

const PUBLIC_URL = 'https://gw.example.test';
const PHONE = '01012345678';

describeEachDb('OpenAPI conformance: sandbox control API and system routes', (db) => {
  let t: TestGateway;
  let c: Client;
  let conformance: Conformance;
  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_PUBLIC_URL: `${PUBLIC_URL}/` } });
    c = await setupClient(t, 'acme');
    conformance = await loadConformance(t);
  });
  after(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

  /** Calls `url` (the operation `path` of the document) and checks the answer against it. */
  async function call(
    method: Method,
    path: string,
    url: string,
    opts: { body?: unknown; admin?: boolean; status?: number; code?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const res = await t.request({
      method,
      url,
      admin: opts.admin ?? true,
      ...(opts.body === undefined ? {} : { body: opts.body }),
    });
    assert.equal(res.statusCode, opts.status ?? 200, `${method} ${url}: ${res.body}`);
    const body = res.json();
    if (opts.code) assert.equal(body.code ?? body.data?.code, opts.code, res.body);
    assert.deepEqual(conformance.check(method, path, res.statusCode, body), []);
    return res;
  }

  test('health and readiness, and readiness refused (503) as documented', async () => {
    await call('GET', '/healthz', '/healthz', { admin: false });
    await call('GET', '/readyz', '/readyz', { admin: false });
    const store = t.gw.ctx.store;
    const ready = store.ready;
    store.ready = async () => false;
    try {
      const r = await call('GET', '/readyz', '/readyz', { admin: false, status: 503 });
      assert.deepEqual(r.json(), { status: 'not ready' });
    } finally {
      store.ready = ready;
    }
  });

  test('metrics are Prometheus text', async () => {
    const res = await t.request({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.match(res.body, /^# HELP omnigate_/m);
    assert.deepEqual(conformance.check('GET', '/metrics', 200, res.body), []);
  });

  test('the clock: read, advanced, set; refused without exactly one move, or without the token', async () => {
    const clock = '/sandbox/v1/clock';
    const before = (await call('GET', clock, clock)).json();
    assert.equal(before.kind, 'manual');
    const moved = (await call('POST', clock, clock, { body: { advanceSeconds: 60 } })).json();
    assert.equal(moved.epochMs, before.epochMs + 60_000);
    const set = (await call('POST', clock, clock, { body: { set: '2026-11-22T09:45:00+09:00' } })).json();
    assert.equal(set.now, '2026-11-22T09:45:00.000+09:00');
    await call('POST', clock, clock, { body: {}, status: 400, code: 'A300' });
    await call('POST', clock, clock, { body: { advanceSeconds: 1, set: 'x' }, status: 400, code: 'A300' });
    await call('GET', clock, clock, { admin: false, status: 401, code: 'A401' });
  });

  test('a handset: set, read, reset; a malformed number and an unknown field refused', async () => {
    const path = '/sandbox/v1/handsets/{phone}';
    const url = `/sandbox/v1/handsets/${PHONE}`;
    const body = {
      carrier: 'KT',
      appUser: { connected: true, lastActiveAt: '2026-11-20T12:00:00+09:00' },
      friendOf: [c.senderKey],
      fail: { rcs: '30100' },
      receiptDelaySeconds: 30,
    };
    const put = (await call('PUT', path, url, { body })).json();
    assert.deepEqual(put.fail, { rcs: '30100' });
    await call('PUT', path, url, { body: { appUser: null, rcs: false, reachable: true } });
    const got = (await call('GET', path, url)).json();
    assert.equal(got.appUser, null);
    assert.equal(got.rcs, false);
    const reset = (await call('DELETE', path, url)).json();
    assert.equal(reset.configured, false);
    await call('GET', path, '/sandbox/v1/handsets/0107', { status: 400, code: 'A306' });
    await call('PUT', path, url, { body: { recievable: true }, status: 400, code: 'A300' });
  });

  test('inbox, handsets list, read mark, timeline and its stream, after a failover send', async () => {
    await call('PUT', '/sandbox/v1/handsets/{phone}', `/sandbox/v1/handsets/${PHONE}`, {
      body: { appUser: null },
    });
    const text = '#{name}님, 주문이 발송되었습니다.';
    const sent = await send(t, c, {
      destinations: [{ to: PHONE, replaceWords: { name: '홍길동' } }],
      messageFlow: [
        { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text } },
        { sms: { from: c.sender, text } },
      ],
    });
    assert.equal(sent.statusCode, 200, sent.body);
    await settle(t);

    const inboxPath = '/sandbox/v1/handsets/{phone}/inbox';
    const inbox = (await call('GET', inboxPath, `/sandbox/v1/handsets/${PHONE}/inbox`)).json();
    assert.equal(inbox.messages.length, 1);
    assert.equal(inbox.messages[0].step, 1);
    await call('GET', inboxPath, `/sandbox/v1/handsets/${PHONE}/inbox?since=${inbox.lastId}&limit=1`);
    await call('GET', inboxPath, `/sandbox/v1/handsets/${PHONE}/inbox?limit=0`, {
      status: 400,
      code: 'A300',
    });

    const list = (await call('GET', '/sandbox/v1/handsets', '/sandbox/v1/handsets?search=5678')).json();
    assert.equal(list.handsets[0].phone, PHONE);
    await call('GET', '/sandbox/v1/handsets', '/sandbox/v1/handsets?search=abc', {
      status: 400,
      code: 'A300',
    });

    const readPath = '/sandbox/v1/handsets/{phone}/read';
    await call('POST', readPath, `/sandbox/v1/handsets/${PHONE}/read`, { body: { upTo: 1 } });
    const read = (await call('POST', readPath, `/sandbox/v1/handsets/${PHONE}/read`, { body: {} })).json();
    assert.equal(read.unread, 0);
    await call('POST', readPath, '/sandbox/v1/handsets/12/read', { body: {}, status: 400, code: 'A306' });

    const timelinePath = '/sandbox/v1/handsets/{phone}/timeline';
    const timeline = (await call('GET', timelinePath, `/sandbox/v1/handsets/${PHONE}/timeline`)).json();
    assert.deepEqual(
      timeline.items.map((i: { kind: string }) => i.kind),
      ['failure', 'message'],
    );
    await call('GET', timelinePath, `/sandbox/v1/handsets/${PHONE}/timeline?limit=1&before=2`);
    await call('GET', timelinePath, '/sandbox/v1/handsets/x/timeline', { status: 400, code: 'A306' });

    const streamPath = '/sandbox/v1/handsets/{phone}/timeline/stream';
    await call('GET', streamPath, '/sandbox/v1/handsets/x/timeline/stream', { status: 400, code: 'A306' });
    await t.gw.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.gw.app.server.address() as AddressInfo).port;
    const abort = new AbortController();
    try {
      const res = await fetch(
        `http://127.0.0.1:${port}/sandbox/v1/handsets/${PHONE}/timeline/stream?since=0`,
        {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          signal: abort.signal,
        },
      );
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.deepEqual(conformance.check('GET', streamPath, 200, null), []);
    } finally {
      abort.abort();
    }

    const cleared = (
      await call('DELETE', '/sandbox/v1/handsets/{phone}/inbox', `/sandbox/v1/handsets/${PHONE}/inbox`)
    ).json();
    assert.equal(cleared.deleted, 1);
  });

  test('reviews: listed, decided; a template not under review or unknown refused', async () => {
    const base = '/api/comm/v1/center/infomsg/template';
    const infomsg = {
      senderKey: c.senderKey,
      templateCode: 'ORDER-001',
      templateName: '주문 완료 안내',
      text: '#{name}님, 주문 #{order}이 완료되었습니다.',
      categoryCode: '002001',
      variables: [
        { key: 'name', example: '홍길동' },
        { key: 'order', example: 'A-1001' },
      ],
      buttons: [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }],
    };
    const client = (url: string, body: unknown) => t.request({ method: 'POST', url, apiKey: c.apiKey, body });
    assert.equal((await client(base, { infomsg })).statusCode, 200);
    const request = { senderKey: c.senderKey, templateCode: 'ORDER-001', comment: '검수 부탁드립니다' };
    assert.equal((await client(`${base}/request`, { infomsg: request })).statusCode, 200);

    const reviews = '/sandbox/v1/reviews';
    const waiting = (await call('GET', reviews, reviews)).json();
    assert.equal(waiting.reviews[0].templateCode, 'ORDER-001');
    await call('GET', reviews, `${reviews}?status=APR&limit=10`);
    await call('GET', reviews, `${reviews}?status=XYZ`, { status: 400, code: 'A300' });

    const decision = {
      senderKey: c.senderKey,
      templateCode: 'ORDER-001',
      decision: 'approve',
      comment: '승인',
    };
    const decided = (await call('POST', reviews, reviews, { body: decision })).json();
    assert.equal(decided.inspectionStatus, 'APR');
    await call('POST', reviews, reviews, { body: decision, status: 409, code: 'A824' });
    await call('POST', reviews, reviews, {
      body: { ...decision, templateCode: 'NOPE' },
      status: 404,
      code: 'A820',
    });
  });

  test('friend groups completed now; an unknown one refused', async () => {
    const phoneNumbers = Array.from({ length: 12 }, (_, i) => `0101000${String(i).padStart(4, '0')}`);
    const reg = await t.request({
      method: 'POST',
      url: '/api/comm/v1/center/brandmessage/friendGroup',
      apiKey: c.apiKey,
      body: { friendGroup: { senderKey: c.senderKey, friendGroupKey: 'vip', phoneNumbers } },
    });
    assert.equal(reg.statusCode, 200, reg.body);
    const path = '/sandbox/v1/friend-groups/complete';
    const done = (await call('POST', path, path)).json();
    assert.equal(done.friendGroups[0].status, 'COMPLETED');
    const again = (
      await call('POST', path, path, { body: { senderKey: c.senderKey, friendGroupKey: 'vip' } })
    ).json();
    assert.equal(again.friendGroups.length, 1);
    await call('POST', path, path, {
      body: { senderKey: c.senderKey, friendGroupKey: 'nope' },
      status: 404,
      code: 'A552',
    });
  });

  test('a video moved to a state; its thumbnail served; an unknown video or file refused', async () => {
    const reg = await t.request({
      method: 'POST',
      url: '/api/comm/v1/center/brandmessage/video/upload/register',
      apiKey: c.apiKey,
      body: { senderKey: c.senderKey, fileName: 'spring-sale.mp4', fileSize: 2048 },
    });
    assert.equal(reg.statusCode, 200, reg.body);
    const vid: string = reg.json().data.data.brandmessage.video.vid;
    const path = '/sandbox/v1/videos/{vid}/state';
    const moved = (
      await call('POST', path, `/sandbox/v1/videos/${vid}/state`, { body: { status: 'PUBLIC' } })
    ).json();
    assert.equal(moved.video.status, 'PUBLIC');
    await call('POST', path, '/sandbox/v1/videos/vnope/state', {
      body: { status: 'PUBLIC' },
      status: 404,
      code: 'A770',
    });
    await call('POST', path, `/sandbox/v1/videos/${vid}/state`, {
      body: { status: 'GONE' },
      status: 400,
      code: 'A300',
    });

    const files = '/files/{kind}/{name}';
    const url = String(moved.video.thumbnailUrl).slice(PUBLIC_URL.length);
    const file = await t.request({ method: 'GET', url });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /^image\//);
    assert.deepEqual(conformance.check('GET', files, 200, file.rawPayload), []);
    await call('GET', files, '/files/images/nope.jpg', { admin: false, status: 404, code: 'A820' });
  });

  test('an MO injected, repeated, and refused for an unknown number or a malformed field', async () => {
    const path = '/sandbox/v1/mo';
    const body = { to: c.sender, from: PHONE, content: '수신거부', networkId: 'net-1' };
    const first = (await call('POST', path, path, { body })).json();
    assert.equal(first.created, true);
    const repeat = (await call('POST', path, path, { body })).json();
    assert.deepEqual(repeat, { ...first, created: false });
    await call('POST', path, path, { body: { ...body, to: '0299999999' }, status: 404, code: 'A730' });
    await call('POST', path, path, { body: { ...body, from: 'x' }, status: 400, code: 'A731' });
  });
});
