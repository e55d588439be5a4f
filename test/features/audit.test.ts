import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Issue 15, item 5: every operator action (of /admin/v1 and /sandbox/v1 that may change
 * something, refused ones included) is recorded with who, what, on what and when;
 * GET /admin/v1/audit pages through them newest first.
 */
interface Entry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: Record<string, string>;
  status: number;
  trId: string;
}

const PRINT = createHash('sha256').update(ADMIN_TOKEN).digest('hex').slice(0, 16);

describeEachDb('audit log of operator actions', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  const audit = async (query = ''): Promise<{ entries: Entry[]; next: string | null }> => {
    const res = await t.request({ method: 'GET', url: `/admin/v1/audit${query}`, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const admin = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
    t.request({ method, url, admin: true, ...(body === undefined ? {} : { body }) });

  test('changes are recorded with the token, the route, its parameters and the answer; reads are not', async () => {
    const startedAt = Date.now();
    const created = await admin('POST', '/admin/v1/accounts', { name: 'audited' });
    assert.equal(created.statusCode, 200, created.body);
    const { accountId } = created.json<{ accountId: string }>();
    const key = await admin('POST', `/admin/v1/accounts/${accountId}/keys`);
    assert.equal(key.statusCode, 200, key.body);
    // Refused, still an operator action: recorded with its answer.
    const bad = await admin('POST', `/admin/v1/accounts/${accountId}/senders`, { number: 'abc' });
    assert.equal(bad.statusCode, 400, bad.body);
    // The sandbox clock is an operator action too.
    const clock = await admin('POST', '/sandbox/v1/clock', { advanceSeconds: 60 });
    assert.equal(clock.statusCode, 200, clock.body);
    // Reads and unauthenticated calls are not actions of anyone known.
    await admin('GET', '/admin/v1/accounts');
    const anon = await t.request({ method: 'POST', url: '/admin/v1/accounts', body: { name: 'x' } });
    assert.equal(anon.statusCode, 401);

    const { entries } = await audit('?limit=4');
    assert.deepEqual(
      entries.map((e) => [e.action, e.target, e.status]),
      [
        ['POST /sandbox/v1/clock', {}, 200],
        ['POST /admin/v1/accounts/:accountId/senders', { accountId }, 400],
        ['POST /admin/v1/accounts/:accountId/keys', { accountId }, 200],
        ['POST /admin/v1/accounts', {}, 200],
      ],
    );
    for (const e of entries) {
      assert.equal(e.actor, `token ${PRINT}`);
      assert.match(e.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+09:00$/);
      // Real time, whatever the sandbox clock says.
      assert.ok(Date.parse(e.at) >= startedAt - 1000 && Date.parse(e.at) <= Date.now() + 1000, e.at);
      assert.ok(e.trId.length > 0);
    }
  });

  test('pages newest first with cursor; a console session is named as the actor', async () => {
    for (const name of ['p1', 'p2', 'p3']) {
      assert.equal((await admin('POST', '/admin/v1/accounts', { name })).statusCode, 200);
    }
    const first = await audit('?limit=2');
    assert.equal(first.entries.length, 2);
    assert.ok(first.next);
    const second = await audit(`?limit=2&cursor=${first.next}`);
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    assert.equal(new Set(ids).size, 4);
    const badCursor = await t.request({ method: 'GET', url: '/admin/v1/audit?cursor=abc', admin: true });
    assert.equal(badCursor.statusCode, 400, badCursor.body);
    assert.equal(badCursor.json().code, 'A300');

    const signIn = await t.gw.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { token: ADMIN_TOKEN },
      remoteAddress: '10.9.9.9',
    });
    assert.equal(signIn.statusCode, 200, signIn.body);
    const cookie = /omnigate_session=([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1];
    const csrf = signIn.json<{ csrfToken: string }>().csrfToken;
    const res = await t.gw.app.inject({
      method: 'POST',
      url: '/admin/v1/accounts',
      payload: { name: 'by-console' },
      headers: { cookie: `omnigate_session=${cookie}`, 'x-csrf-token': csrf },
    });
    assert.equal(res.statusCode, 200, res.body);
    const wrong = await t.gw.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { token: 'not-the-token' },
      remoteAddress: '10.9.9.8',
    });
    assert.equal(wrong.statusCode, 401, wrong.body);
    const out = await t.gw.app.inject({
      method: 'DELETE',
      url: '/admin/v1/session',
      headers: { cookie: `omnigate_session=${cookie}`, 'x-csrf-token': csrf },
    });
    assert.equal(out.statusCode, 200, out.body);
    const consoleActor = new RegExp(`^console [0-9a-f]{12} \\(token ${PRINT}\\)$`);
    const recent = (await audit('?limit=4')).entries.reverse();
    assert.deepEqual(
      recent.map((e) => [e.action, e.status]),
      [
        ['POST /admin/v1/session', 200],
        ['POST /admin/v1/accounts', 200],
        ['POST /admin/v1/session', 401],
        ['DELETE /admin/v1/session', 200],
      ],
    );
    // Signed in, acted and signed out as one session; the wrong token as its address.
    assert.match(recent[0]?.actor ?? '', consoleActor);
    assert.equal(recent[1]?.actor, recent[0]?.actor);
    assert.equal(recent[2]?.actor, 'anonymous 10.9.9.8');
    assert.equal(recent[3]?.actor, recent[0]?.actor);
  });
});
