import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Operator names are one line of text that reads as it is stored: no NUL or other control, no
 * bidirectional override, no unpaired surrogate (docs/security.md#hostile-input).
 */
describeEachDb('names the operator gives', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  const create = (name: string) =>
    t.request({ method: 'POST', url: '/admin/v1/accounts', admin: true, body: { name } });

  test('NUL, controls, bidirectional overrides and lone surrogates are A300 naming the field', async () => {
    for (const [name, why] of [
      ['nul\u0000here', /U\+0000 at 3/],
      ['two\nlines', /U\+000A at 3/],
      ['c1\u0085', /U\+0085/],
      ['acme\u202Egnp.exe', /U\+202E at 4/],
      ['\u2066isolate\u2069', /U\+2066 at 0/],
      ['lone\ud800', /unpaired surrogate/],
      ['\udc00lone', /unpaired surrogate/],
    ] as const) {
      const res = await create(name);
      assert.equal(res.statusCode, 400, `${JSON.stringify(name)}: ${res.body}`);
      const body = res.json<{ code: string; result: string }>();
      assert.equal(body.code, 'A300');
      assert.match(body.result, /^Invalid request: name /);
      assert.match(body.result, why);
    }
    const accounts = await t.request({ method: 'GET', url: '/admin/v1/accounts', admin: true });
    assert.doesNotMatch(accounts.body, /nul|acme|isolate|lone/, 'none was created');
  });

  test('any language, emoji (a surrogate pair) and right-to-left letters themselves are names', async () => {
    for (const name of ['주식회사 에이크미', 'café 🚀', 'שלום', 'Acme, Inc. (Seoul)']) {
      const res = await create(name);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
    }
  });
});
