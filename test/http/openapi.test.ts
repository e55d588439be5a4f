import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Ajv } from 'ajv';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { loadConformance } from '../helpers/openapi-conformance.ts';

/*
 * The OpenAPI document a generator can trust: every operation named, described, with its success
 * and error responses, examples that fit their schemas, named components and servers.
 * (npm run lint:openapi runs Redocly CLI's rules on the same document.)
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function operations(doc: Json): { key: string; path: string; op: Json }[] {
  const out: { key: string; path: string; op: Json }[] = [];
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const m of METHODS) {
      const op = item[m];
      if (isRecord(op)) out.push({ key: `${m.toUpperCase()} ${path}`, path, op });
    }
  }
  return out;
}

/** The records a client generator needs by name. */
const REQUIRED_COMPONENTS = [
  'Common',
  'ErrorEnvelope',
  'TwoFactorErrorEnvelope',
  'OperatorError',
  'Destination',
  'MessageFlowStep',
  'DestinationResult',
  'Report',
  'ReportBatch',
  'MessageInquiry',
  'Reservation',
  'MoMessage',
  'OptOutEntry',
  'Account',
  'Handset',
  'InboxMessage',
];

describeEachDb('OpenAPI document', (db) => {
  let t: TestGateway;
  let doc: Json;
  before(async () => {
    t = await startTestGateway(db, { start: false });
    doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
  });
  after(() => t.close());

  test('servers, tags with descriptions and the named components are there', () => {
    assert.equal(doc.openapi, '3.0.3');
    assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0, 'servers');
    const components =
      isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
    for (const name of REQUIRED_COMPONENTS) assert.ok(components[name], `components.schemas.${name}`);
  });

  test('every operation has an operationId, a summary, a description, a success and its errors', () => {
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { key, path, op } of operations(doc)) {
      const id = op.operationId;
      if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${key}: operationId`);
      else if (ids.has(id)) problems.push(`${key}: operationId ${id} is also ${ids.get(id)}`);
      else ids.set(id, key);
      if (typeof op.summary !== 'string' || op.summary === '') problems.push(`${key}: summary`);
      if (typeof op.description !== 'string' || op.description === '') problems.push(`${key}: description`);
      const responses = isRecord(op.responses) ? op.responses : {};
      const success = Object.entries(responses).find(([status]) => /^[23]/.test(status));
      const content =
        success && isRecord(success[1]) && isRecord(success[1].content) ? success[1].content : undefined;
      if (!content) problems.push(`${key}: success response content`);
      const json = content?.['application/json'];
      if (isRecord(json)) {
        if (!isRecord(json.schema)) problems.push(`${key}: success schema`);
        if (json.example === undefined) problems.push(`${key}: success example`);
      }
      const apiPath = path.startsWith('/api/') || path.startsWith('/admin/') || path.startsWith('/sandbox/');
      const errors = Object.keys(responses).filter((s) => /^[45]/.test(s));
      if (apiPath && errors.length === 0) problems.push(`${key}: error responses`);
    }
    assert.deepEqual(problems, [], `${problems.length} problems:\n${problems.join('\n')}`);
  });

  test('client API success schemas are the envelope; errors are the error envelope with examples per code', () => {
    const problems: string[] = [];
    for (const { key, path, op } of operations(doc)) {
      if (!path.startsWith('/api/')) continue;
      const responses = isRecord(op.responses) ? op.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const json =
          isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined;
        if (!isRecord(json) || !isRecord(json.schema)) continue;
        if (/^[45]/.test(status)) {
          const envelope = path.startsWith('/api/verify/') ? 'TwoFactorErrorEnvelope' : 'ErrorEnvelope';
          if (json.schema.$ref !== `#/components/schemas/${envelope}`)
            problems.push(`${key} ${status}: schema`);
          if (!isRecord(json.examples) || Object.keys(json.examples).length === 0)
            problems.push(`${key} ${status}: examples`);
        } else if (!isRecord(json.schema.properties) || !json.schema.properties.common) {
          problems.push(`${key} ${status}: not the envelope`);
        }
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  test('every example fits the schema beside it', () => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const problems: string[] = [];
    for (const { key, op } of operations(doc)) {
      const responses = isRecord(op.responses) ? op.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const json =
          isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined;
        if (!isRecord(json) || !isRecord(json.schema)) continue;
        const examples = [
          ...(json.example === undefined ? [] : [json.example]),
          ...(isRecord(json.examples)
            ? Object.values(json.examples).map((e) => (isRecord(e) ? e.value : e))
            : []),
        ];
        if (examples.length === 0) continue;
        const validate = ajv.compile({ ...json.schema, components: doc.components });
        for (const example of examples) {
          if (!validate(example)) problems.push(`${key} ${status}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  test('the conformance check refuses an undocumented field and an undocumented code', async () => {
    const check = await loadConformance(t);
    const common = { authCode: 'A000', authResult: 'SUCCESS', providerTrId: 'x' };
    const refusal = (code: string) => ({ common, data: { code, result: 'r' } });
    const poll = '/api/comm/v1/report/polling';
    assert.deepEqual(check.check('GET', poll, 401, { common: { ...common, authCode: 'A401' } }), []);
    assert.equal(check.check('GET', poll, 429, refusal('A020')).length, 0);
    assert.match(check.check('GET', poll, 400, refusal('A999')).join(), /status 400 is not documented|A999/);
    assert.match(check.check('GET', poll, 429, refusal('A704')).join(), /code A704 is not documented/);
    const ok = { common, data: { code: 'A000', result: 'SUCCESS', data: { reportId: '', report: null } } };
    assert.deepEqual(check.check('GET', poll, 200, ok), []);
    const extra = { common, data: { ...ok.data, data: { ...ok.data.data, surprise: 1 } } };
    assert.equal(check.check('GET', poll, 200, extra).length, 1);
  });
});
