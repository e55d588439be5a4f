import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import pino from 'pino';
import type { FeaturePlugin } from '../../src/features/types.ts';
import { success } from '../../src/http/envelope.ts';
import { StringEnum } from '../../src/http/schema-types.ts';
import { generateApiKey, hashApiKey, keyPrefix } from '../../src/rules/api-key.ts';
import { insertAccount, insertKey, revokeKey, updateAccount } from '../../src/store/accounts/accounts.ts';
import { newId } from '../../src/store/db/ids.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/** A client route with a schema and a failure mode, to drive the shared plumbing. */
const probe: FeaturePlugin = async (app) => {
  app.post(
    '/api/test/probe',
    {
      schema: {
        body: Type.Object({
          name: Type.String({ minLength: 1 }),
          items: Type.Optional(Type.Array(Type.Object({ to: Type.String({ pattern: '^[0-9]+$' }) }))),
          explode: Type.Optional(Type.Boolean()),
          // A union of literals, as older schemas write a closed set.
          mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('slow'), Type.Literal('auto')])),
          level: Type.Optional(StringEnum(['low', 'high'] as const)),
        }),
      },
    },
    async (req) => {
      if (req.body.explode) throw new Error('boom: the secret text 01099998888');
      return success(req.id, { name: req.body.name, account: req.principal?.account.id });
    },
  );
};

interface LogLine {
  level: number;
  msg: string;
  trId?: string;
}

describeEachDb('client API plumbing', (db) => {
  let t: TestGateway;
  let key: string;
  let accountId: string;
  const logs: LogLine[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        cb();
      },
    });
    t = await startTestGateway(db, {
      clientPlugins: [probe],
      env: { OMNIGATE_BODY_LIMIT: '4096' },
      logger: pino({ level: 'info' }, sink),
    });
    accountId = newId('acc_');
    key = generateApiKey();
    await insertAccount(
      t.gw.ctx.store,
      { id: accountId, name: 'plumbing' },
      { id: newId('key_'), hash: hashApiKey(key), prefix: keyPrefix(key) },
      t.gw.ctx.clock.now(),
    );
  });
  after(() => t.close());

  /** `apiKey` null sends no Authorization header at all. */
  const probeCall = (body: unknown, apiKey: string | null = key, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/test/probe', body, ...(apiKey ? { apiKey } : {}), headers });

  test('a valid key passes and every response has the envelope with a unique providerTrId', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await probeCall({ name: 'x' });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.common.authCode, 'A000');
      assert.equal(body.data.code, 'A000');
      assert.equal(body.data.data.account, accountId);
      ids.add(body.common.providerTrId);
    }
    assert.equal(ids.size, 30);
  });

  test('missing, unknown and revoked keys get HTTP 401, authCode A401 and no data', async () => {
    const revoked = generateApiKey();
    const revokedId = newId('key_');
    await insertKey(t.gw.ctx.store, accountId, { id: revokedId, hash: hashApiKey(revoked), prefix: 'x' }, 0);
    await revokeKey(t.gw.ctx.store, revokedId, 1);
    for (const [apiKey, why] of [
      [null, 'missing'],
      ['og_not-a-key', 'unknown'],
      [revoked, 'revoked'],
    ] as const) {
      const res = await probeCall({ name: 'x' }, apiKey);
      assert.equal(res.statusCode, 401, why);
      const body = res.json();
      assert.equal(body.common.authCode, 'A401', why);
      assert.match(body.common.authResult, new RegExp(why, 'i'));
      assert.ok(body.common.providerTrId);
      assert.equal(body.data, undefined, why);
    }
  });

  test('an unknown path is 404 with a gateway code, in the envelope under /api', async () => {
    const res = await t.request({ method: 'GET', url: '/api/comm/v1/nothing-here', apiKey: key });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().common.authCode, 'A404');
    assert.ok(res.json().common.providerTrId);
    const admin = await t.request({ method: 'GET', url: '/admin/v1/nothing-here', admin: true });
    assert.equal(admin.statusCode, 404);
    assert.equal(admin.json().code, 'A404');
  });

  test('unparsable JSON is 400 A010', async () => {
    for (const payload of ['{"name":', '{"__proto__": {"x": 1}}']) {
      const res = await probeCall(payload, key, { 'content-type': 'application/json' });
      assert.equal(res.statusCode, 400, payload);
      assert.equal(res.json().data.code, 'A010', payload);
    }
  });

  test('an empty JSON body is no body: A300 where one is required, fine where none is', async () => {
    const res = await probeCall('', key, { 'content-type': 'application/json' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().data.code, 'A300');
    assert.match(res.json().data.result, /body/);
    // A bodiless DELETE with the header many clients always send.
    const del = await t.request({
      method: 'DELETE',
      url: '/api/comm/v1/report/polling/none',
      apiKey: key,
      headers: { 'content-type': 'application/json' },
    });
    assert.notEqual(del.json().data.code, 'A010', del.body);
  });

  test('a schema violation is 400 A300 and the result names the field', async () => {
    const missing = await probeCall({});
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().data.code, 'A300');
    assert.match(missing.json().data.result, /\bname\b.*required/);
    const nested = await probeCall({ name: 'x', items: [{ to: '010' }, { to: '01x' }] });
    assert.equal(nested.statusCode, 400);
    assert.match(nested.json().data.result, /items\[1\]\.to/);
  });

  test('a closed set is refused listing every allowed value, as an enum or a union of literals', async () => {
    const union = await probeCall({ name: 'x', mode: 'turbo' });
    assert.equal(union.statusCode, 400);
    assert.equal(union.json().data.result, 'Invalid request: mode must be one of fast, slow, auto');
    const enumed = await probeCall({ name: 'x', level: 'mid' });
    assert.equal(enumed.json().data.result, 'Invalid request: level must be one of low, high');
    assert.equal((await probeCall({ name: 'x', mode: 'slow', level: 'high' })).statusCode, 200);
  });

  test('a form or text body sent to a JSON endpoint is 415 A415 naming application/json', async () => {
    const cases: Array<[string, string]> = [
      ['name=x', 'text/plain'],
      ['name=x', 'text/plain; charset=utf-8'],
      [
        '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      ],
    ];
    for (const [payload, type] of cases) {
      const res = await probeCall(payload, key, { 'content-type': type });
      assert.equal(res.statusCode, 415, `${type}: ${res.body}`);
      assert.equal(res.json().common.authCode, 'A415', type);
      assert.match(res.json().common.authResult, /expected application\/json/, type);
    }
    // JSON with a charset, or a +json type, is still JSON: a bad field stays A300.
    const json = await probeCall('{}', key, { 'content-type': 'application/json; charset=utf-8' });
    assert.equal(json.json().data.code, 'A300');
  });

  test('a path that does not decode (%ZZ) is A300: in the envelope under /api, plain JSON elsewhere', async () => {
    const client = await t.request({ method: 'GET', url: '/api/comm/v1/x/%ZZ', apiKey: key });
    assert.equal(client.statusCode, 400, client.body);
    assert.equal(client.json().data.code, 'A300');
    assert.ok(client.json().common.providerTrId);
    const admin = await t.request({ method: 'DELETE', url: '/admin/v1/keys/%ZZ', admin: true });
    assert.equal(admin.statusCode, 400, admin.body);
    assert.equal(admin.json().code, 'A300');
    assert.match(admin.json().result, /not valid URL encoding/);
  });

  test('the admin token check says what it expected when an API key is sent instead', async () => {
    for (const [headers, got] of [
      [{ authorization: key }, /without Bearer/],
      [{}, /no Authorization header/],
    ] as const) {
      const res = await t.request({ method: 'GET', url: '/sandbox/v1/clock', headers });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'A401');
      assert.match(res.json().result, /expected Authorization: Bearer <admin token>/);
      assert.match(res.json().result, got);
    }
    const wrong = await t.request({
      method: 'GET',
      url: '/sandbox/v1/clock',
      headers: { authorization: 'Bearer nope' },
    });
    assert.match(wrong.json().result, /wrong admin token/);
  });

  test('a body over the size limit is 413 A413; an unsupported content type is 415 A415', async () => {
    const big = await probeCall({ name: 'x'.repeat(5000) });
    assert.equal(big.statusCode, 413);
    assert.equal(big.json().common.authCode, 'A413');
    const xml = await probeCall('<a/>', key, { 'content-type': 'application/xml' });
    assert.equal(xml.statusCode, 415);
    assert.equal(xml.json().common.authCode, 'A415');
  });

  test('an unexpected error is 500 A910 with one log line carrying the trId and no client data', async () => {
    const before = logs.length;
    const res = await probeCall({ name: 'x', explode: true });
    assert.equal(res.statusCode, 500);
    const body = res.json();
    assert.equal(body.data.code, 'A910');
    const trId = body.common.providerTrId;
    const lines = logs.slice(before).filter((l) => l.level >= 50);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.trId, trId);
    assert.doesNotMatch(body.data.result, /01099998888/);
  });

  test("the account's requestsPerSecond limit answers 429 A020 past the limit", async () => {
    const other = generateApiKey();
    const otherId = newId('acc_');
    await insertAccount(
      t.gw.ctx.store,
      { id: otherId, name: 'limited' },
      { id: newId('key_'), hash: hashApiKey(other), prefix: 'x' },
      0,
    );
    await updateAccount(t.gw.ctx.store, otherId, { requests_per_second: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await probeCall({ name: 'x' }, other)).statusCode);
    assert.deepEqual(codes.slice(0, 3), [200, 200, 200]);
    assert.equal(codes[3], 429);
    const res = await probeCall({ name: 'x' }, other);
    assert.equal(res.json().data.code, 'A020');
    assert.equal(res.headers['retry-after'], '1', 'when a token is back, in whole seconds');
    // The first account has no limit and is not affected.
    assert.equal((await probeCall({ name: 'x' })).statusCode, 200);
  });
});
