import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hashApiKey } from '../../src/rules/api-key.ts';
import { findKeyByHash } from '../../src/store/accounts/accounts.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describeEachDb('operator API', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  /** An admin call; answers the status and the parsed body. */
  async function call(method: Method, url: string, body?: unknown) {
    const res = await t.request({ method, url: `/admin/v1${url}`, admin: true, body });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  function assertCoded(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.code, code);
    assert.equal(typeof res.body.result, 'string');
  }

  test('refuses a missing or wrong admin token with 401', async () => {
    const missing = await t.request({ method: 'GET', url: '/admin/v1/accounts' });
    assert.equal(missing.statusCode, 401);
    assert.equal(missing.json<{ code: string }>().code, 'A401');
    const wrong = await t.request({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}x` },
      body: { name: 'nope' },
    });
    assert.equal(wrong.statusCode, 401);
    // The API key of a client is no admin token either.
    const { apiKey } = await t.createAccount('client');
    const asClient = await t.request({ method: 'GET', url: '/admin/v1/accounts', apiKey });
    assert.equal(asClient.statusCode, 401);
  });

  test('creates an account whose key authenticates and is stored only as a hash', async () => {
    const res = await call('POST', '/accounts', { name: 'acme' });
    assert.equal(res.status, 200);
    const { accountId, apiKey, keyId } = res.body;
    assert.match(String(accountId), /^acc_/);
    assert.match(String(keyId), /^key_/);
    assert.equal(typeof apiKey, 'string');
    const principal = await findKeyByHash(t.gw.ctx.store, hashApiKey(String(apiKey)));
    assert.equal(principal?.account.id, accountId);
    assert.equal(principal?.keyId, keyId);
    assert.equal(principal?.revoked, false);
    assert.equal(principal?.dlr, false);

    const rows = await t.gw.ctx.store.db.selectFrom('api_keys').selectAll().execute();
    assert.ok(rows.length > 0);
    for (const row of rows) {
      for (const value of Object.values(row)) {
        assert.ok(!String(value).includes(String(apiKey)), 'no column holds the plaintext key');
      }
    }

    const list = await call('GET', '/accounts');
    const accounts = list.body.accounts as Array<{ accountId: string; name: string; reportMode: string }>;
    const listed = accounts.find((a) => a.accountId === accountId);
    assert.equal(listed?.name, 'acme');
    assert.equal(listed?.reportMode, 'polling');

    const shown = await call('GET', `/accounts/${accountId}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.name, 'acme');
    assert.deepEqual(shown.body.webhook, { url: null, secretSet: false });
    assert.deepEqual(shown.body.limits, { sendPerSecond: null, requestsPerSecond: null });
    const keys = shown.body.keys as Array<Record<string, unknown>>;
    assert.equal(keys.length, 1);
    assert.equal(keys[0]?.keyId, keyId);
    assert.equal(keys[0]?.revokedAt, null);
    assert.ok(String(apiKey).startsWith(String(keys[0]?.prefix)));
    assert.ok(!JSON.stringify(shown.body).includes(String(apiKey)), 'the key is shown only once');
    assert.deepEqual(shown.body.senders, []);
    assert.deepEqual(shown.body.senderProfiles, []);
    assert.deepEqual(shown.body.rcsBrands, []);
  });

  test('a second key, DLR toggle and revocation', async () => {
    const acc = await t.createAccount('keys');
    const second = await call('POST', `/accounts/${acc.accountId}/keys`);
    assert.equal(second.status, 200);
    assert.notEqual(second.body.apiKey, acc.apiKey);
    assert.notEqual(second.body.keyId, acc.keyId);
    const p2 = await findKeyByHash(t.gw.ctx.store, hashApiKey(String(second.body.apiKey)));
    assert.equal(p2?.account.id, acc.accountId);

    const listed = await call('GET', `/accounts/${acc.accountId}/keys`);
    const ids = (listed.body.keys as Array<{ keyId: string }>).map((k) => k.keyId);
    assert.deepEqual(ids, [acc.keyId, second.body.keyId]);

    const on = await call('PATCH', `/keys/${acc.keyId}`, { dlr: true });
    assert.deepEqual(on.body, { keyId: acc.keyId, dlr: true });
    assert.equal((await findKeyByHash(t.gw.ctx.store, hashApiKey(acc.apiKey)))?.dlr, true);
    const off = await call('PATCH', `/keys/${acc.keyId}`, { dlr: false });
    assert.deepEqual(off.body, { keyId: acc.keyId, dlr: false });

    const revoked = await call('DELETE', `/keys/${acc.keyId}`);
    assert.deepEqual(revoked, { status: 200, body: { keyId: acc.keyId, revoked: true } });
    assert.equal((await findKeyByHash(t.gw.ctx.store, hashApiKey(acc.apiKey)))?.revoked, true);
    // The other key still works; revoking again answers the same.
    assert.equal(
      (await findKeyByHash(t.gw.ctx.store, hashApiKey(String(second.body.apiKey))))?.revoked,
      false,
    );
    assert.equal((await call('DELETE', `/keys/${acc.keyId}`)).status, 200);
    const after = await call('GET', `/accounts/${acc.accountId}/keys`);
    const first = (after.body.keys as Array<{ keyId: string; revokedAt: string | null }>)[0];
    assert.match(String(first?.revokedAt), /\+09:00$/);

    assertCoded(await call('PATCH', `/keys/${acc.keyId}`, { dlr: true }), 409, 'A824');
    assertCoded(await call('DELETE', '/keys/key_nope'), 404, 'A820');
    assertCoded(await call('PATCH', '/keys/key_nope', { dlr: true }), 404, 'A820');
  });

  test('webhook: http(s) only, a generated secret shown once, a given one never echoed, GET neither', async () => {
    const { accountId } = await t.createAccount('hooks');
    const generated = await call('PUT', `/accounts/${accountId}/webhook`, {
      url: 'https://example.com/hook',
    });
    assert.equal(generated.status, 200);
    assert.equal(generated.body.url, 'https://example.com/hook');
    assert.match(String(generated.body.secret), /^[0-9a-f]{64}$/);
    assert.equal(generated.body.secretSet, true);

    const given = await call('PUT', `/accounts/${accountId}/webhook`, {
      url: 'http://127.0.0.1:9000/in',
      secret: 'my-own-secret-123',
    });
    // Write-only: a secret the operator gave is never echoed.
    assert.deepEqual(given.body, { accountId, url: 'http://127.0.0.1:9000/in', secretSet: true });
    assert.doesNotMatch(JSON.stringify(given.body), /my-own-secret/);

    for (const url of ['ftp://example.com/x', 'not a url', 'javascript:alert(1)']) {
      const bad = await call('PUT', `/accounts/${accountId}/webhook`, { url });
      assertCoded(bad, 400, 'A300');
      assert.match(String(bad.body.result), /url/);
    }
    assertCoded(
      await call('PUT', `/accounts/${accountId}/webhook`, { url: 'https://x.test', secret: 'short' }),
      400,
      'A300',
    );

    const shown = await call('GET', `/accounts/${accountId}`);
    assert.deepEqual(shown.body.webhook, { url: 'http://127.0.0.1:9000/in', secretSet: true });
    assert.ok(!JSON.stringify(shown.body).includes('my-own-secret-123'));
  });

  test('report mode webhook needs a webhook; the webhook stays while reports go to it', async () => {
    const { accountId } = await t.createAccount('reports');
    const refused = await call('PUT', `/accounts/${accountId}/report-mode`, { mode: 'webhook' });
    assertCoded(refused, 409, 'A824');
    assert.match(String(refused.body.result), /webhook URL/);

    await call('PUT', `/accounts/${accountId}/webhook`, { url: 'https://example.com/r' });
    const ok = await call('PUT', `/accounts/${accountId}/report-mode`, { mode: 'webhook' });
    assert.deepEqual(ok, { status: 200, body: { accountId, reportMode: 'webhook' } });
    assertCoded(await call('DELETE', `/accounts/${accountId}/webhook`), 409, 'A824');

    await call('PUT', `/accounts/${accountId}/report-mode`, { mode: 'polling' });
    const cleared = await call('DELETE', `/accounts/${accountId}/webhook`);
    assert.deepEqual(cleared, { status: 200, body: { accountId, url: null } });
    const shown = await call('GET', `/accounts/${accountId}`);
    assert.equal(shown.body.reportMode, 'polling');
    assert.deepEqual(shown.body.webhook, { url: null, secretSet: false });

    const bad = await call('PUT', `/accounts/${accountId}/report-mode`, { mode: 'email' });
    assertCoded(bad, 400, 'A300');
    assert.match(String(bad.body.result), /mode/);
  });

  test('sender numbers: digits only (A302), idempotent, listed and removed', async () => {
    const { accountId } = await t.createAccount('senders');
    for (const number of ['0212345678', '01012345678', '15881234']) {
      const res = await call('POST', `/accounts/${accountId}/senders`, { number });
      assert.equal(res.status, 200);
      assert.equal(res.body.number, number);
      assert.equal(res.body.accountId, accountId);
    }
    const again = await call('POST', `/accounts/${accountId}/senders`, { number: '15881234' });
    assert.equal(again.status, 200);
    for (const number of ['010-1234-5678', '+821012345678', '1234567', '1234567890123456', 'abcdefgh', '']) {
      assertCoded(await call('POST', `/accounts/${accountId}/senders`, { number }), 400, 'A302');
    }
    const list = await call('GET', `/accounts/${accountId}/senders`);
    const numbers = (list.body.senders as Array<{ number: string }>).map((s) => s.number);
    assert.deepEqual(numbers.sort(), ['01012345678', '0212345678', '15881234']);

    const removed = await call('DELETE', `/accounts/${accountId}/senders/15881234`);
    assert.deepEqual(removed.body, { accountId, number: '15881234', deleted: true });
    assertCoded(await call('DELETE', `/accounts/${accountId}/senders/15881234`), 404, 'A820');
    const shown = await call('GET', `/accounts/${accountId}`);
    assert.equal((shown.body.senders as unknown[]).length, 2);
  });

  test('sender profiles: defaults, upsert, patch, and another account cannot take the key', async () => {
    const a = await t.createAccount('profiles-a');
    const b = await t.createAccount('profiles-b');
    const created = await call('POST', `/accounts/${a.accountId}/sender-profiles`, {
      senderKey: 'sk-profile-1',
      friendCount: 60000,
      businessVerified: true,
    });
    assert.equal(created.status, 200);
    const { createdAt, ...rest } = created.body;
    assert.match(String(createdAt), /\+09:00$/);
    assert.deepEqual(rest, {
      accountId: a.accountId,
      senderKey: 'sk-profile-1',
      senderKeyType: 'S',
      channelId: 'sk-profile-1',
      name: 'sk-profile-1',
      friendCount: 60000,
      businessVerified: true,
      channelPhoneNumber: null,
      consentEvidence: false,
      status: 'A',
    });

    // Re-POST by the same account updates the given fields and keeps the others.
    const updated = await call('POST', `/accounts/${a.accountId}/sender-profiles`, {
      senderKey: 'sk-profile-1',
      channelPhoneNumber: '0212345678',
      consentEvidence: true,
      channelId: 'ch_1',
    });
    assert.equal(updated.body.friendCount, 60000);
    assert.equal(updated.body.businessVerified, true);
    assert.equal(updated.body.channelPhoneNumber, '0212345678');
    assert.equal(updated.body.consentEvidence, true);
    assert.equal(updated.body.channelId, 'ch_1');
    assert.equal(updated.body.createdAt, createdAt);

    const taken = await call('POST', `/accounts/${b.accountId}/sender-profiles`, {
      senderKey: 'sk-profile-1',
    });
    assertCoded(taken, 409, 'A824');
    assert.match(String(taken.body.result), /senderKey already belongs to another account/);
    assertCoded(
      await call('PATCH', `/accounts/${b.accountId}/sender-profiles/sk-profile-1`, { friendCount: 1 }),
      404,
      'A820',
    );

    const patched = await call('PATCH', `/accounts/${a.accountId}/sender-profiles/sk-profile-1`, {
      friendCount: 10,
      channelPhoneNumber: null,
      status: 'C',
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.friendCount, 10);
    assert.equal(patched.body.channelPhoneNumber, null);
    assert.equal(patched.body.status, 'C');
    assert.equal(patched.body.consentEvidence, true);

    const badCount = await call('PATCH', `/accounts/${a.accountId}/sender-profiles/sk-profile-1`, {
      friendCount: -1,
    });
    assertCoded(badCount, 400, 'A300');
    assert.match(String(badCount.body.result), /friendCount/);
    assertCoded(
      await call('POST', `/accounts/${a.accountId}/sender-profiles`, { senderKey: 'x'.repeat(41) }),
      400,
      'A300',
    );
    assertCoded(
      await call('POST', `/accounts/${a.accountId}/sender-profiles`, { senderKey: 'k', senderKeyType: 'X' }),
      400,
      'A300',
    );

    await call('POST', `/accounts/${a.accountId}/sender-profiles`, {
      senderKey: 'sk-profile-2',
      senderKeyType: 'G',
    });
    const list = await call('GET', `/accounts/${a.accountId}/sender-profiles`);
    const keys = (list.body.senderProfiles as Array<{ senderKey: string }>).map((p) => p.senderKey);
    assert.deepEqual(keys, ['sk-profile-1', 'sk-profile-2']);
    assert.deepEqual((await call('GET', `/accounts/${b.accountId}/sender-profiles`)).body.senderProfiles, []);

    const one = await call('GET', `/accounts/${a.accountId}/sender-profiles/sk-profile-2`);
    assert.equal(one.body.senderKeyType, 'G');
    assertCoded(await call('GET', `/accounts/${b.accountId}/sender-profiles/sk-profile-2`), 404, 'A820');
    const removed = await call('DELETE', `/accounts/${a.accountId}/sender-profiles/sk-profile-1`);
    assert.deepEqual(removed.body, { accountId: a.accountId, senderKey: 'sk-profile-1', deleted: true });
    // Once released, another account may register the channel.
    const moved = await call('POST', `/accounts/${b.accountId}/sender-profiles`, {
      senderKey: 'sk-profile-1',
    });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.accountId, b.accountId);
  });

  test('RCS brands: registered, updated, guarded against other accounts, removed', async () => {
    const a = await t.createAccount('brands-a');
    const b = await t.createAccount('brands-b');
    const created = await call('POST', `/accounts/${a.accountId}/rcs-brands`, {
      brandId: 'BR.1',
      brandKey: 'BK-1',
      name: 'Brand One',
    });
    assert.equal(created.status, 200);
    assert.equal(created.body.status, 'ready');
    assert.equal(created.body.brandKey, 'BK-1');

    const renamed = await call('POST', `/accounts/${a.accountId}/rcs-brands`, {
      brandId: 'BR.1',
      brandKey: 'BK-1',
      name: 'Brand 1',
    });
    assert.equal(renamed.body.name, 'Brand 1');
    assert.equal(renamed.body.status, 'ready');

    const idTaken = await call('POST', `/accounts/${b.accountId}/rcs-brands`, {
      brandId: 'BR.1',
      brandKey: 'BK-other',
      name: 'x',
    });
    assertCoded(idTaken, 409, 'A824');
    assert.match(String(idTaken.body.result), /brandId/);
    const keyTaken = await call('POST', `/accounts/${b.accountId}/rcs-brands`, {
      brandId: 'BR.2',
      brandKey: 'BK-1',
      name: 'x',
    });
    assertCoded(keyTaken, 409, 'A824');
    assert.match(String(keyTaken.body.result), /brandKey/);

    const one = await call('GET', `/accounts/${a.accountId}/rcs-brands/BR.1`);
    assert.equal(one.body.name, 'Brand 1');
    assertCoded(await call('GET', `/accounts/${b.accountId}/rcs-brands/BR.1`), 404, 'A820');
    const list = await call('GET', `/accounts/${a.accountId}/rcs-brands`);
    assert.equal((list.body.rcsBrands as unknown[]).length, 1);
    assert.deepEqual((await call('GET', `/accounts/${b.accountId}/rcs-brands`)).body.rcsBrands, []);
    assertCoded(await call('DELETE', `/accounts/${b.accountId}/rcs-brands/BR.1`), 404, 'A820');
    const removed = await call('DELETE', `/accounts/${a.accountId}/rcs-brands/BR.1`);
    assert.deepEqual(removed.body, { accountId: a.accountId, brandId: 'BR.1', deleted: true });
  });

  test('two accounts racing for one senderKey or brandKey: exactly one wins', async () => {
    const a = await t.createAccount('race-a');
    const b = await t.createAccount('race-b');
    for (let round = 0; round < 5; round++) {
      const profiles = await Promise.all(
        [a, b].map((acc) =>
          call('POST', `/accounts/${acc.accountId}/sender-profiles`, { senderKey: `sk-race-${round}` }),
        ),
      );
      assert.deepEqual(profiles.map((r) => r.status).sort(), [200, 409], JSON.stringify(profiles));
      const brands = await Promise.all(
        [a, b].map((acc, i) =>
          call('POST', `/accounts/${acc.accountId}/rcs-brands`, {
            brandId: `BR.race-${round}-${i}`,
            brandKey: `BK.race-${round}`,
            name: 'race',
          }),
        ),
      );
      assert.deepEqual(brands.map((r) => r.status).sort(), [200, 409], JSON.stringify(brands));
    }
  });

  test('limits: set, kept when absent, lifted with null, applied to the key at once', async () => {
    const acc = await t.createAccount('limits');
    const url = `/accounts/${acc.accountId}/limits`;
    assert.deepEqual((await call('PUT', url, { sendPerSecond: 50, requestsPerSecond: 10 })).body, {
      accountId: acc.accountId,
      sendPerSecond: 50,
      requestsPerSecond: 10,
    });
    assert.deepEqual((await call('PUT', url, { requestsPerSecond: 20 })).body, {
      accountId: acc.accountId,
      sendPerSecond: 50,
      requestsPerSecond: 20,
    });
    assert.deepEqual((await call('PUT', url, { sendPerSecond: null })).body, {
      accountId: acc.accountId,
      sendPerSecond: null,
      requestsPerSecond: 20,
    });
    assert.deepEqual((await call('PUT', url, {})).body.requestsPerSecond, 20);
    const principal = await findKeyByHash(t.gw.ctx.store, hashApiKey(acc.apiKey));
    assert.equal(principal?.account.requestsPerSecond, 20);

    for (const body of [{ sendPerSecond: 0 }, { requestsPerSecond: 1.5 }, { sendPerSecond: 'fast' }]) {
      const bad = await call('PUT', url, body);
      assertCoded(bad, 400, 'A300');
      assert.match(String(bad.body.result), new RegExp(Object.keys(body)[0] ?? ''));
    }
    // A misspelt field is refused, not ignored.
    const typo = await call('PUT', url, { sendPerSecnd: 5 });
    assertCoded(typo, 400, 'A300');
    assert.match(String(typo.body.result), /sendPerSecnd/);
    assert.deepEqual((await call('GET', `/accounts/${acc.accountId}`)).body.limits, {
      sendPerSecond: null,
      requestsPerSecond: 20,
    });
  });

  test('an unknown account is 404 A820 on every account route', async () => {
    const id = 'acc_missing';
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', `/accounts/${id}`],
      ['POST', `/accounts/${id}/keys`],
      ['GET', `/accounts/${id}/keys`],
      ['PUT', `/accounts/${id}/webhook`, { url: 'https://example.com' }],
      ['DELETE', `/accounts/${id}/webhook`],
      ['PUT', `/accounts/${id}/report-mode`, { mode: 'polling' }],
      ['PUT', `/accounts/${id}/limits`, { sendPerSecond: 1 }],
      ['POST', `/accounts/${id}/senders`, { number: '0212345678' }],
      ['GET', `/accounts/${id}/senders`],
      ['POST', `/accounts/${id}/sender-profiles`, { senderKey: 'k' }],
      ['GET', `/accounts/${id}/sender-profiles`],
      ['POST', `/accounts/${id}/rcs-brands`, { brandId: 'b', brandKey: 'k', name: 'n' }],
      ['GET', `/accounts/${id}/rcs-brands`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, body);
      assertCoded(res, 404, 'A820');
      assert.match(String(res.body.result), /acc_missing/, `${method} ${url}`);
    }
  });

  test('a schema violation is 400 A300 naming the field', async () => {
    const missing = await call('POST', '/accounts', {});
    assertCoded(missing, 400, 'A300');
    assert.match(String(missing.body.result), /name is required/);
    const empty = await call('POST', '/accounts', { name: '' });
    assertCoded(empty, 400, 'A300');
    assert.match(String(empty.body.result), /name/);
    const { accountId } = await t.createAccount('schema');
    const dlr = await call('PATCH', '/keys/key_x', { dlr: 'maybe' });
    assertCoded(dlr, 400, 'A300');
    assert.match(String(dlr.body.result), /dlr/);
    const brand = await call('POST', `/accounts/${accountId}/rcs-brands`, { brandId: 'b', name: 'n' });
    assertCoded(brand, 400, 'A300');
    assert.match(String(brand.body.result), /brandKey is required/);
  });

  test('every operator route is in the OpenAPI document, tagged admin', async () => {
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/admin/v1/'));
    for (const p of [
      '/admin/v1/accounts',
      '/admin/v1/accounts/{accountId}',
      '/admin/v1/accounts/{accountId}/keys',
      '/admin/v1/keys/{keyId}',
      '/admin/v1/accounts/{accountId}/webhook',
      '/admin/v1/accounts/{accountId}/report-mode',
      '/admin/v1/accounts/{accountId}/limits',
      '/admin/v1/accounts/{accountId}/senders',
      '/admin/v1/accounts/{accountId}/sender-profiles',
      '/admin/v1/accounts/{accountId}/rcs-brands',
    ]) {
      assert.ok(adminPaths.includes(p), p);
    }
    for (const p of adminPaths) {
      for (const op of Object.values(doc.paths[p] ?? {})) assert.deepEqual(op.tags, ['admin'], p);
    }
  });
});
