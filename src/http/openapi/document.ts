import { type TSchema, Type } from '@sinclair/typebox';
import { CODES, type Code } from '../../errors.ts';
import { authFailure, failure, success } from '../envelope.ts';
import { isTimeFormat, TIME_FORMATS } from '../schema-types.ts';
import { namedComponents } from './components.ts';
import { type OperationDoc, PAGING, type RouteDocs } from './operation-doc.ts';
import { canonical, type OpenApiSchema, toOpenApi } from './schema-convert.ts';

/* Completes the document @fastify/swagger generates from the routes' request schemas. */

/** The tracking id shown in examples (a real one has the same shape). */
const EXAMPLE_TR_ID = 'mhx3q2k1000f3a9c1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Api = 'client' | 'operator' | 'plain';

function apiOf(path: string): Api {
  if (path.startsWith('/api/')) return 'client';
  if (path.startsWith('/admin/') || path.startsWith('/sandbox/')) return 'operator';
  return 'plain';
}

/** Who may call: the client API key, the operator's token, or anyone (health, served files). */
const SECURITY: Record<Api, unknown[]> = {
  client: [{ apiKey: [] }],
  // Either credential: the Bearer token, or the console's session cookie (with its CSRF header).
  operator: [{ adminToken: [] }, { consoleSession: [] }],
  plain: [],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The codes every operation of an API can answer, by what the operation takes. */
function commonCodes(api: Api, method: string, operation: Record<string, unknown>): Code[] {
  if (api === 'plain') return [];
  const codes: Code[] = ['A401', 'A910'];
  if (api === 'client') codes.push('A020');
  // A403: a console session's change without its CSRF header (not where no session is taken).
  const security = Array.isArray(operation.security) ? operation.security : SECURITY[api];
  const bySession = security.some((s) => isRecord(s) && 'consoleSession' in s);
  if (api === 'operator' && method !== 'get' && bySession) codes.push('A403');
  if (operation.requestBody) codes.push('A010', 'A300', 'A413', 'A415');
  else if (Array.isArray(operation.parameters) && operation.parameters.length > 0) codes.push('A300');
  return codes;
}

/**
 * How a refusal reads: the client envelope, the operator's `{code, result}`, or, on the plain
 * routes, what each answers: served files the client envelope (their URLs are what the client
 * API's uploads handed out), the direct video upload `{errCode, message}`; health, readiness and
 * metrics answer no result code (what they do answer is in their otherResponses).
 */
type ErrorStyle = 'client' | 'twofa' | 'operator' | 'upload' | 'none';

function errorStyleOf(path: string): ErrorStyle {
  // 2FA refusals keep the endpoint's own data shape (src/features/twofa/answer.ts).
  if (path.startsWith('/api/verify/')) return 'twofa';
  const api = apiOf(path);
  if (api !== 'plain') return api;
  if (path.startsWith('/files/')) return 'client';
  if (path.startsWith('/video-upload/')) return 'upload';
  return 'none';
}

/** The direct video upload's refusal (not the envelope: the spec's upload answers this). */
const UPLOAD_ERROR = {
  type: 'object',
  required: ['errCode', 'message'],
  properties: {
    errCode: { type: 'string', description: 'The result code (docs/errors.md)' },
    message: { type: 'string', description: "The code's text, with what was wrong" },
  },
  description: 'A refused direct video upload',
};

function errorExample(style: ErrorStyle, code: Code): unknown {
  if (style === 'client') {
    return code === 'A401'
      ? authFailure(EXAMPLE_TR_ID, 'the API key is missing or unknown')
      : failure(EXAMPLE_TR_ID, code);
  }
  if (style === 'upload') return { errCode: code, message: CODES[code].text };
  if (style === 'twofa') {
    if (code === 'A401') return authFailure(EXAMPLE_TR_ID, 'the API key is missing or unknown');
    const { common, data } = failure(EXAMPLE_TR_ID, code);
    // The gateway stage's refusals (GATEWAY_CODES) have no data section, here as everywhere.
    if (!data) return { common };
    return { common, data: { ...data, resultMsg: data.result, userRef: '' } };
  }
  return { code, result: CODES[code].text };
}

function errorSchema(style: ErrorStyle): unknown {
  if (style === 'client') return { $ref: '#/components/schemas/ErrorEnvelope' };
  if (style === 'upload') return UPLOAD_ERROR;
  if (style === 'twofa') return { $ref: '#/components/schemas/TwoFactorErrorEnvelope' };
  return { $ref: '#/components/schemas/OperatorError' };
}

/** A020's header: the rate limits answer when the same request would pass. */
const RETRY_AFTER = {
  description: 'With A020: whole seconds until the same request would pass the account limit',
  schema: { type: 'integer', minimum: 1 },
};

function errorResponses(key: string, style: ErrorStyle, codes: readonly Code[]): Record<string, unknown> {
  if (style === 'none' && codes.length > 0) {
    throw new Error(`${key} answers no result code: document its refusals in otherResponses`);
  }
  const byStatus = new Map<number, Code[]>();
  for (const code of new Set(codes)) {
    const status = CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const examples: Record<string, unknown> = {};
    for (const code of list) {
      examples[code] = { summary: `${code} ${CODES[code].text}`, value: errorExample(style, code) };
    }
    const schema = errorSchema(style);
    const response: Record<string, unknown> = {
      description: list.map((c) => `${c} ${CODES[c].text}`).join('; '),
      content: { 'application/json': { schema, examples } },
    };
    if (list.includes('A020')) response.headers = { 'Retry-After': RETRY_AFTER };
    out[String(status)] = response;
  }
  return out;
}

/** The responses without a result code an operation declares (written as they are). */
function otherResponses(
  key: string,
  doc: OperationDoc,
  taken: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, other] of Object.entries(doc.otherResponses ?? {})) {
    if (taken[status] !== undefined) throw new Error(`${key}: status ${status} is documented twice`);
    const media: Record<string, unknown> = {};
    if (other.schema) media.schema = toOpenApi(other.schema);
    if (other.example !== undefined) media.example = other.example;
    out[status] =
      Object.keys(media).length > 0
        ? { description: other.description, content: { 'application/json': media } }
        : { description: other.description };
  }
  return out;
}

function clientEnvelope(doc: OperationDoc): OpenApiSchema {
  const dataProps: Record<string, TSchema> = {
    code: Type.String({ description: 'A000 on success' }),
    result: Type.String(),
  };
  if (doc.response) dataProps.data = doc.response;
  for (const [name, schema] of Object.entries(doc.dataFields ?? {})) dataProps[name] = schema;
  return toOpenApi(
    Type.Object({ common: namedComponents().get('Common') ?? Type.Any(), data: Type.Object(dataProps) }),
  );
}

function successResponse(api: Api, doc: OperationDoc, existing: unknown): Record<string, unknown> {
  if (doc.media) {
    const schema = doc.media.type.startsWith('text/')
      ? { type: 'string' }
      : { type: 'string', format: 'binary' };
    return { description: doc.media.description, content: { [doc.media.type]: { schema } } };
  }
  if (api === 'client') {
    const example = success(EXAMPLE_TR_ID, doc.example);
    if (example.data) Object.assign(example.data, doc.exampleFields);
    return {
      description: 'Success (A000)',
      content: { 'application/json': { schema: clientEnvelope(doc), example } },
    };
  }
  const fallback =
    isRecord(existing) && isRecord(existing.content) ? existing.content['application/json'] : undefined;
  const schema = doc.response ? toOpenApi(doc.response) : isRecord(fallback) ? fallback.schema : undefined;
  const media: Record<string, unknown> = {};
  if (schema !== undefined) media.schema = schema;
  if (doc.example !== undefined) media.example = doc.example;
  return { description: 'Success', content: { 'application/json': media } };
}

/** The route's documentation, by the operationId its schema names (in its feature's docs.ts). */
function docOf(options: DocumentOptions, operation: Record<string, unknown>): OperationDoc | undefined {
  const id = operation.operationId;
  if (typeof id !== 'string') return undefined;
  const own = options.routeDocs[id];
  return own ? { ...own, operationId: id } : undefined;
}

function complete(
  options: DocumentOptions,
  path: string,
  method: string,
  operation: Record<string, unknown>,
): void {
  const key = `${method.toUpperCase()} ${path}`;
  const doc = docOf(options, operation);
  if (!doc) return; // test/http/openapi.test.ts names every route without a documentation entry
  const api = apiOf(path);
  operation.operationId = doc.operationId;
  // The operator routes say "the admin token"; every one takes the console's session as well.
  const tokenOnly = JSON.stringify(operation.security) === JSON.stringify([{ adminToken: [] }]);
  if (operation.security === undefined || (api === 'operator' && tokenOnly))
    operation.security = SECURITY[api];
  if (typeof operation.summary !== 'string' && doc.summary) operation.summary = doc.summary;
  operation.description = doc.description;
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const status = String(doc.status ?? 200);
  const existing = responses[status] ?? responses['200'];
  const documented = {
    [status]: successResponse(api, doc, existing),
    ...errorResponses(key, errorStyleOf(path), [...commonCodes(api, method, operation), ...doc.errors]),
  };
  operation.responses = { ...documented, ...otherResponses(key, doc, documented) };
  if (doc.paging) operation['x-paging'] = { style: doc.paging, ...PAGING[doc.paging] };
  const body = operation.requestBody;
  if (doc.requestExample !== undefined && isRecord(body) && isRecord(body.content)) {
    const json = body.content['application/json'];
    if (isRecord(json)) json.example = doc.requestExample;
  }
}

/** Replaces every copy of a named component by a $ref to it (not the component's own root). */
function refComponents(node: unknown, names: ReadonlyMap<string, string>, isRoot = false): unknown {
  if (Array.isArray(node)) return node.map((n) => refComponents(n, names));
  if (!isRecord(node)) return node;
  if (!isRoot) {
    const name = names.get(canonical(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Examples are data, not schemas: an example equal to a schema's JSON stays as it is.
    out[key] = key === 'example' || key === 'examples' ? value : refComponents(value, names);
  }
  return out;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  send: 'One send operation for SMS, LMS, MMS, infomsg, RCS and brand messages, with ordered failover',
  reservations: 'Sends at a set time, and their management',
  reports: 'Delivery reports (polling with acknowledgement) and inquiries',
  files: 'Uploads: images and files that messages and templates name by fileKey',
  infomsg: 'Informational template messages: templates, categories, review',
  rcs: 'RCS brands, message bases and images',
  'brand message templates': 'Brand message templates (free-form bodies need none)',
  'brand message group tags': 'Group tags that label brand message templates',
  'brand message friend groups': 'Lists of phone numbers a brand message broadcast targets',
  'brand message broadcasts': 'Brand message broadcasts to friend groups, with pacing and quiet hours',
  'brand message videos': 'Videos for brand messages: upload, registration, review',
  'brand message send permission': "A channel's permission to send brand messages",
  mo: 'Inbound (MO) messages',
  optout: "The account's opt-out list",
  'two-factor authentication': 'Verification codes by SMS',
  admin: "The operator API (the admin token, or the console's session)",
  sandbox:
    "The sandbox world: simulated handsets, the clock, reviews (the admin token, or the console's session)",
  system: 'Health, readiness and metrics',
};

export interface DocumentOptions {
  readonly publicUrl: string;
  /** The features' documentation by operationId: catalog.ts gathers it when /docs is first asked for. */
  readonly routeDocs: RouteDocs;
}

/**
 * Schemas mark their timestamps with `x-time` (src/http/schema-types.ts), which Ajv knows as a
 * keyword that checks nothing: the time rules of each field stay in its use case, with its own
 * result code. The document says the format in OpenAPI's words instead.
 */
function declareTimes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(declareTimes);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-time' && typeof value === 'string' && isTimeFormat(value)) {
      Object.assign(out, TIME_FORMATS[value].openapi);
      continue;
    }
    out[key] = key === 'example' || key === 'examples' ? value : declareTimes(value);
  }
  return out;
}

/** @fastify/swagger's transformObject: operation ids, responses, errors, examples, components. */
export function completeDocument(generated: object, options: DocumentOptions): Record<string, unknown> {
  const openapi: Record<string, unknown> = Object.fromEntries(Object.entries(generated));
  const paths = isRecord(openapi.paths) ? openapi.paths : {};
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      complete(options, path, method, operation);
      if (Array.isArray(operation.tags))
        for (const t of operation.tags) if (typeof t === 'string') tags.add(t);
    }
  }
  const schemas: Record<string, unknown> = {};
  const names = new Map<string, string>();
  for (const [name, schema] of namedComponents()) {
    const converted = toOpenApi(schema);
    schemas[name] = converted;
    const text = canonical(converted);
    // Two names for one shape: every copy would become a $ref to whichever came last.
    const twin = names.get(text);
    if (twin) throw new Error(`OpenAPI components ${twin} and ${name} are the same schema: name it once`);
    names.set(text, name);
  }
  const components = isRecord(openapi.components) ? openapi.components : {};
  const namedSchemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas))
    namedSchemas[name] = refComponents(schema, names, true);
  return {
    ...openapi,
    servers: [{ url: options.publicUrl, description: 'This gateway (OMNIGATE_PUBLIC_URL)' }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths: declareTimes(refComponents(paths, names)),
    components: {
      ...components,
      schemas: declareTimes({ ...(isRecord(components.schemas) ? components.schemas : {}), ...namedSchemas }),
    },
  };
}
