import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ConsoleSessions } from '../../src/features/console/session.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';

interface Session {
  csrfToken: string;
  expiresAt: string;
  sandbox: boolean;
  clock: string;
}

describeEachDb('console sessions', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  let client = 0;
  /** Each test signs in from an address of its own, so one test's wrong tries never slow another. */
  const address = () => `10.0.0.${++client}`;

  const signIn = (token: string, remoteAddress: string) =>
    t.gw.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { token },
      remoteAddress,
    });

  async function session(): Promise<{ cookie: string; csrf: string }> {
    const res = await signIn(ADMIN_TOKEN, address());
    assert.equal(res.statusCode, 200, res.body);
    const setCookie = String(res.headers['set-cookie']);
    const value = /omnigate_session=([^;]+)/.exec(setCookie)?.[1];
    assert.ok(value, setCookie);
    return { cookie: `omnigate_session=${value}`, csrf: res.json<Session>().csrfToken };
  }

  test('the admin token signs in: an httpOnly, SameSite=Strict cookie and a CSRF token', async () => {
    const res = await signIn(ADMIN_TOKEN, address());
    assert.equal(res.statusCode, 200);
    const body = res.json<Session>();
    assert.equal(body.sandbox, true);
    assert.equal(body.clock, 'manual');
    assert.ok(body.csrfToken.length >= 32);
    assert.match(body.expiresAt, /\+09:00$/);
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /^omnigate_session=[\w-]{40,};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\//);
    assert.equal(res.headers['cache-control'], 'no-store');
    // Only a digest of the session id is stored.
    const rows = await t.gw.ctx.store.db.selectFrom('console_sessions').select('id_hash').execute();
    const id = /omnigate_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.id_hash !== id && r.id_hash.length === 64));
  });

  test('a wrong token is A401 with a clear message; no cookie is set', async () => {
    const res = await signIn('not-the-token', address());
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { code: 'A401', result: 'Unauthorized: wrong admin token' });
    assert.equal(res.headers['set-cookie'], undefined);
    const missing = await t.gw.app.inject({ method: 'POST', url: '/admin/v1/session', payload: {} });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json<{ code: string }>().code, 'A300');
  });

  test('wrong tokens past the free ones are answered late, never locked: the right token signs in at once', async () => {
    const from = address();
    for (let i = 0; i < 3; i++) assert.equal((await signIn(`wrong-${i}`, from)).statusCode, 401);
    const held = await signIn('wrong-3', from);
    assert.equal(held.statusCode, 429);
    assert.equal(held.json<{ code: string }>().code, 'A020');
    assert.equal(held.headers['retry-after'], '1');
    assert.match(
      held.json<{ result: string }>().result,
      /this one 250 ms\); the right token always signs in at once/,
    );
    // The same address, right after: the right token is never held, nor refused.
    assert.equal((await signIn(ADMIN_TOKEN, from)).statusCode, 200);
    // And it cleared the address's count.
    assert.equal((await signIn('wrong-again', from)).statusCode, 401);
  });

  test('wrong answers are held longer and longer, at most 5 s, and never more than 256 at once', async () => {
    const holds: number[] = [];
    const sessions = new ConsoleSessions(t.gw.ctx, ADMIN_TOKEN, {
      hold: async (ms) => {
        holds.push(ms);
      },
    });
    for (let i = 0; i < 12; i++)
      assert.equal((await sessions.signIn(`w${i}`, '198.51.100.1')).kind, 'wrong-token');
    assert.deepEqual(holds, [250, 500, 1000, 2000, 4000, 5000, 5000, 5000, 5000]);
    const right = await sessions.signIn(ADMIN_TOKEN, '198.51.100.1');
    assert.equal(right.kind, 'signed-in');
    // A flood that fills the held answers: past 256 the wrong ones go at once; the right one too.
    const gates: Array<() => void> = [];
    const flooded = new ConsoleSessions(t.gw.ctx, ADMIN_TOKEN, {
      hold: () => new Promise<void>((resolve) => gates.push(resolve)),
    });
    const pending: Array<Promise<unknown>> = [];
    for (let i = 0; i < 400; i++) pending.push(flooded.signIn(`flood${i}`, `203.0.113.${i % 200}`));
    await new Promise((r) => setImmediate(r));
    assert.equal(gates.length, 256, 'at most 256 answers held');
    assert.equal((await flooded.signIn(ADMIN_TOKEN, '203.0.113.9')).kind, 'signed-in');
    for (const open of gates) open();
    await Promise.all(pending);
  });
  test('the cookie opens /admin/v1 and /sandbox/v1; changes need the X-CSRF-Token header', async () => {
    const { cookie, csrf } = await session();
    const list = await t.request({ method: 'GET', url: '/admin/v1/accounts', headers: { cookie } });
    assert.equal(list.statusCode, 200);
    const clock = await t.request({ method: 'GET', url: '/sandbox/v1/clock', headers: { cookie } });
    assert.equal(clock.statusCode, 200);

    const noCsrf = await t.request({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: { cookie },
      body: { name: 'forged' },
    });
    assert.equal(noCsrf.statusCode, 403);
    assert.equal(noCsrf.json<{ code: string }>().code, 'A403');
    const wrongCsrf = await t.request({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: { cookie, 'x-csrf-token': `${csrf}x` },
      body: { name: 'forged' },
    });
    assert.equal(wrongCsrf.statusCode, 403);
    const accounts = await t.request({ method: 'GET', url: '/admin/v1/accounts', admin: true });
    assert.ok(!accounts.body.includes('forged'), 'nothing was created without the CSRF token');

    const made = await t.request({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: { cookie, 'x-csrf-token': csrf },
      body: { name: 'by-console' },
    });
    assert.equal(made.statusCode, 200, made.body);
    const read = await t.request({ method: 'GET', url: '/admin/v1/session', headers: { cookie } });
    assert.equal(read.json<Session>().csrfToken, csrf);
  });

  test('signing out ends the session everywhere; a stale or unknown cookie is A401', async () => {
    const { cookie, csrf } = await session();
    const noCsrf = await t.request({ method: 'DELETE', url: '/admin/v1/session', headers: { cookie } });
    assert.equal(noCsrf.statusCode, 403);
    const out = await t.request({
      method: 'DELETE',
      url: '/admin/v1/session',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    assert.equal(out.statusCode, 200);
    assert.deepEqual(out.json(), { signedOut: true });
    assert.match(String(out.headers['set-cookie']), /omnigate_session=; .*Max-Age=0/);
    const after = await t.request({ method: 'GET', url: '/admin/v1/accounts', headers: { cookie } });
    assert.equal(after.statusCode, 401);
    assert.match(after.json<{ result: string }>().result, /sign in again/);
    const unknown = await t.request({
      method: 'GET',
      url: '/admin/v1/session',
      headers: { cookie: 'omnigate_session=made-up' },
    });
    assert.equal(unknown.statusCode, 401);
    const none = await t.request({ method: 'GET', url: '/admin/v1/session' });
    assert.equal(none.statusCode, 401);
  });

  test('a session past its expiry is refused (real time, not the gateway clock)', async () => {
    const { cookie } = await session();
    // Moving the sandbox clock a year ahead does not end it.
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: 366 * 86_400 },
    });
    assert.equal(
      (await t.request({ method: 'GET', url: '/admin/v1/accounts', headers: { cookie } })).statusCode,
      200,
    );
    await t.gw.ctx.store.db
      .updateTable('console_sessions')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    assert.equal(
      (await t.request({ method: 'GET', url: '/admin/v1/accounts', headers: { cookie } })).statusCode,
      401,
    );
  });

  test('a Bearer token still works beside sessions, and takes no CSRF token', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/admin/v1/accounts',
      admin: true,
      body: { name: 'bearer' },
    });
    assert.equal(res.statusCode, 200);
  });

  test('/console is served with a strict CSP; its assets are local', async () => {
    const page = await t.request({ method: 'GET', url: '/console' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(page.body, /https?:\/\//, 'nothing from another origin');
    const assets = [...page.body.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    assert.ok(assets.length >= 3);
    for (const a of assets) {
      const res = await t.request({ method: 'GET', url: a });
      assert.equal(res.statusCode, 200, a);
    }
    const deep = await t.request({ method: 'GET', url: '/console/sandbox/handsets/01012345678' });
    assert.equal(deep.statusCode, 200, 'a console address can be reloaded');
    const missing = await t.request({ method: 'GET', url: '/console/assets/app-000000000000.js' });
    assert.equal(missing.statusCode, 404);
  });
});

describeEachDb('console switched off and a new admin token', (db) => {
  let t: TestGateway;
  after(() => t?.close());

  test('OMNIGATE_CONSOLE=false: no /console and no sessions; the Bearer token works as before', async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_CONSOLE: 'false' } });
    assert.equal((await t.request({ method: 'GET', url: '/console' })).statusCode, 404);
    const signIn = await t.request({
      method: 'POST',
      url: '/admin/v1/session',
      body: { token: ADMIN_TOKEN },
    });
    assert.equal(signIn.statusCode, 404);
    assert.equal(
      (await t.request({ method: 'GET', url: '/admin/v1/accounts', admin: true })).statusCode,
      200,
    );
    await t.close();
  });

  test('sessions signed in with an earlier admin token end when the token changes', async () => {
    t = await startTestGateway(db);
    const res = await t.request({ method: 'POST', url: '/admin/v1/session', body: { token: ADMIN_TOKEN } });
    const cookie = `omnigate_session=${/omnigate_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1]}`;
    assert.equal(
      (await t.request({ method: 'GET', url: '/admin/v1/accounts', headers: { cookie } })).statusCode,
      200,
    );
    await t.close();
    t = await startTestGateway(db, { env: { OMNIGATE_ADMIN_TOKEN: 'a-new-admin-token-0123456789' } });
    assert.equal(
      (await t.request({ method: 'GET', url: '/admin/v1/accounts', headers: { cookie } })).statusCode,
      401,
    );
  });
});
