import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * The console's sign-in behind the TLS reverse proxy the docs recommend: every visitor reaches
 * the gateway from the proxy's address. Nobody's wrong tokens may keep the operator out, refused
 * sign-ins are counted in /metrics and aggregated in the audit log.
 */

interface AuditPage {
  entries: Array<{ actor: string; action: string; status: number; target: Record<string, string> }>;
}

describeEachDb('console sign-in behind a proxy', (db) => {
  let trusting: TestGateway;
  before(async () => {
    trusting = await startTestGateway(db, { env: { OMNIGATE_TRUST_PROXY: '127.0.0.1' } });
  });
  after(() => trusting.close());

  const signIn = (t: TestGateway, token: string, forwardedFor: string) =>
    t.gw.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { token },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  async function audit(t: TestGateway): Promise<AuditPage['entries']> {
    const res = await t.request({ method: 'GET', url: '/admin/v1/audit?limit=200', admin: true });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<AuditPage>().entries;
  }

  test('with the proxy trusted, a stranger’s wrong tokens count against the stranger alone', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await signIn(trusting, `guess-${i}`, '198.51.100.7')).statusCode, 401);
    // The operator, behind the same proxy: a typo answered at once, then in.
    assert.equal((await signIn(trusting, 'typo', '198.51.100.8')).statusCode, 401);
    assert.equal((await signIn(trusting, ADMIN_TOKEN, '198.51.100.8')).statusCode, 200);
    // The stranger's own address with the right token is not refused either.
    assert.equal((await signIn(trusting, ADMIN_TOKEN, '198.51.100.7')).statusCode, 200);

    const rows = await audit(trusting);
    const stranger = rows.filter((r) => r.actor === 'anonymous 198.51.100.7');
    assert.equal(stranger.length, 1, 'one row for the address, not one per wrong token');
    assert.equal(stranger[0]?.target.refused, '3');
    assert.equal(stranger[0]?.action, 'POST /admin/v1/session');
    const operator = rows.filter((r) => r.actor === 'anonymous 198.51.100.8');
    assert.equal(operator[0]?.target.refused, '1');
  });

  test('refused sign-ins grow a row, not the log; /metrics counts them by outcome', async () => {
    const before = (await audit(trusting)).length;
    for (let i = 0; i < 3; i++) await signIn(trusting, `many-${i}`, '198.51.100.20');
    // The fourth is held (250 ms) and answered A020: still the same row, now 4 and 429.
    const held = await signIn(trusting, 'many-3', '198.51.100.20');
    assert.equal(held.statusCode, 429);
    const rows = await audit(trusting);
    assert.equal(rows.length, before + 1);
    const row = rows.find((r) => r.actor === 'anonymous 198.51.100.20');
    assert.equal(row?.target.refused, '4');
    assert.equal(row?.status, 429);
    const metrics = (await trusting.request({ method: 'GET', url: '/metrics' })).body;
    const count = (outcome: string) =>
      Number(
        new RegExp(`omnigate_console_sign_ins_total\\{outcome="${outcome}"\\} (\\d+)`).exec(metrics)?.[1],
      );
    assert.ok(count('wrong-token') >= 7, metrics);
    assert.equal(count('held'), 1);
    assert.ok(count('signed-in') >= 2);
  });

  test('without a trusted proxy, everyone is the proxy’s address: slowed together, never locked out', async () => {
    const plain = await startTestGateway(db);
    try {
      for (let i = 0; i < 3; i++)
        assert.equal((await signIn(plain, `x-${i}`, `192.0.2.${i + 1}`)).statusCode, 401);
      // X-Forwarded-For is not believed: a fourth "address" is the same client, held.
      assert.equal((await signIn(plain, 'x-3', '192.0.2.9')).statusCode, 429);
      assert.equal(
        (await signIn(plain, ADMIN_TOKEN, '192.0.2.10')).statusCode,
        200,
        'the right token gets through',
      );
      // Every try is the proxy's: one row for it, none for the addresses the header claimed.
      const rows = (await audit(plain)).filter((r) => /^anonymous (127\.0\.0\.1|192\.0\.2\.)/.test(r.actor));
      assert.deepEqual(
        rows.map((r) => [r.actor, r.target.refused]),
        [['anonymous 127.0.0.1', '4']],
      );
    } finally {
      await plain.close();
    }
  });
});

describeEachDb('console cookies over https behind a proxy', (db) => {
  test('sign-in and sign-out both write the cookie Secure when the proxy says https', async () => {
    const t = await startTestGateway(db, { env: { OMNIGATE_TRUST_PROXY: '127.0.0.1' } });
    try {
      const https = { 'x-forwarded-for': '198.51.100.30', 'x-forwarded-proto': 'https' };
      const inRes = await t.gw.app.inject({
        method: 'POST',
        url: '/admin/v1/session',
        payload: { token: ADMIN_TOKEN },
        remoteAddress: '127.0.0.1',
        headers: https,
      });
      assert.equal(inRes.statusCode, 200, inRes.body);
      const setIn = String(inRes.headers['set-cookie']);
      assert.match(setIn, /; Secure/);
      const cookie = /omnigate_session=[^;]+/.exec(setIn)?.[0] ?? '';
      const out = await t.gw.app.inject({
        method: 'DELETE',
        url: '/admin/v1/session',
        remoteAddress: '127.0.0.1',
        headers: { ...https, cookie, 'x-csrf-token': inRes.json<{ csrfToken: string }>().csrfToken },
      });
      assert.equal(out.statusCode, 200, out.body);
      assert.match(String(out.headers['set-cookie']), /^omnigate_session=;.*Max-Age=0.*; Secure/);
    } finally {
      await t.close();
    }
  });
});

test('OMNIGATE_TRUST_PROXY: false, true, hops, or addresses and ranges; anything else stops the start', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ OMNIGATE_TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ OMNIGATE_TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ OMNIGATE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy, [
    '10.0.0.0/8',
    '127.0.0.1',
    '::1',
  ]);
  for (const bad of ['yes', '10.0.0.0/40', 'proxy.local', '1.2.3.4/8/8']) {
    assert.throws(
      () => loadConfig({ OMNIGATE_TRUST_PROXY: bad }),
      (err: unknown) => err instanceof ConfigError && err.message.includes('OMNIGATE_TRUST_PROXY'),
      bad,
    );
  }
});
