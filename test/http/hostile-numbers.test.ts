import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Every numeric query and path parameter of every GET operation the OpenAPI document lists, asked
 * with values that are numbers only to JavaScript's eye: each answer is a 4xx naming the
 * parameter (or a page, for a path that then finds nothing), never a 5xx.
 */

const HOSTILE = [
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  'NaN',
  '0x10',
  '12345678901234567890',
  '1e3',
  ' 5',
  '1.5',
];

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; minimum?: number };
}
interface Operation {
  parameters?: Parameter[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** A value a parameter takes (so that only the one under test is hostile). */
function plain(p: Parameter): string {
  if (p.schema?.enum?.length) return String(p.schema.enum[0]);
  if (p.schema?.type === 'integer' || p.schema?.type === 'number')
    return String(Math.max(1, p.schema.minimum ?? 1));
  return 'x1';
}

describeEachDb('hostile numbers in queries and paths', (db) => {
  let t: TestGateway;
  let c: Client;
  let doc: OpenApi;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t, 'hostile');
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    assert.equal(res.statusCode, 200);
    doc = res.json<OpenApi>();
  });
  after(() => t.close());

  test('every numeric parameter of every list and lookup: a 4xx naming it, never a 5xx', async () => {
    let asked = 0;
    const fives: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op) continue;
      const params = op.parameters ?? [];
      for (const target of params.filter((p) => ['integer', 'number'].includes(p.schema?.type ?? ''))) {
        if (target.in !== 'query' && target.in !== 'path') continue;
        for (const bad of HOSTILE) {
          let url = path;
          const query = new URLSearchParams();
          for (const p of params) {
            const value = p === target ? bad : plain(p);
            if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
            else if (p.in === 'query' && (p.required || p === target)) query.set(p.name, value);
          }
          const full = query.size > 0 ? `${url}?${query}` : url;
          const client = path.startsWith('/api/');
          const res = await t.request({
            method: 'GET',
            url: full,
            ...(client ? { apiKey: c.apiKey } : { admin: true }),
          });
          asked += 1;
          if (res.statusCode >= 500 || res.body.includes('"A910"'))
            fives.push(`${full}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          // -1 is a number: refused by the schema's range where it has one, or by the route's own
          // checks; the others are not decimal numbers at all, refused before anything else.
          else if (target.in === 'query' && bad !== '-1') {
            assert.ok(
              res.statusCode >= 400 && res.statusCode < 500,
              `${full}: ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
            assert.ok(
              res.body.includes(target.name),
              `${full}: the refusal names ${target.name}: ${res.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    assert.deepEqual(fives, []);
    assert.ok(
      asked >= 100,
      `only ${asked} requests: the document lists fewer numeric parameters than it should`,
    );
  });

  test('digits in range are still taken, and the refusal says what was given', async () => {
    const ok = await t.request({ method: 'GET', url: '/admin/v1/messages?limit=20', admin: true });
    assert.equal(ok.statusCode, 200, ok.body);
    const bad = await t.request({ method: 'GET', url: '/admin/v1/messages?limit=0x10', admin: true });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), {
      code: 'A300',
      result:
        'Invalid request: querystring limit must be an integer in decimal digits, at most 9007199254740991, got "0x10"',
    });
    const client = await t.request({
      method: 'GET',
      url: '/api/comm/v1/reservation/list?limit=Infinity',
      apiKey: c.apiKey,
    });
    assert.equal(client.statusCode, 400);
    assert.equal(client.json<{ data: { code: string } }>().data.code, 'A300');
  });
});
