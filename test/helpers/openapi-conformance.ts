import { Ajv, type ValidateFunction } from 'ajv';
import type { TestGateway } from './gateway.ts';

/*
 * Checks a real response against what the OpenAPI document says of it: the schema of its status,
 * with no field the document does not name (every object schema that lists its properties is
 * closed here unless it says otherwise), so a schema that drifts from the code fails a test.
 */

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!isRecord(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' ? v : closed(v);
  if (isRecord(node.properties) && node.additionalProperties === undefined && !node.allOf && !node.anyOf) {
    out.additionalProperties = false;
  }
  return out;
}

/** The result code of a refusal, in any of the shapes the APIs answer. */
function codeOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (isRecord(body.data) && typeof body.data.code === 'string') return body.data.code;
  if (isRecord(body.common) && typeof body.common.authCode === 'string') return body.common.authCode;
  if (typeof body.code === 'string') return body.code;
  if (typeof body.errCode === 'string') return body.errCode;
  return undefined;
}

export interface Conformance {
  /** Problems of one response (empty when it fits); `path` as the document writes it. */
  check(method: string, path: string, status: number, body: unknown): string[];
}

export async function loadConformance(t: TestGateway): Promise<Conformance> {
  const doc: Json = (await t.request({ method: 'GET', url: '/docs/json' })).json();
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const components = closed(doc.components);
  const cache = new Map<string, ValidateFunction>();
  return {
    check(method, path, status, body) {
      const paths = isRecord(doc.paths) ? doc.paths : {};
      const item = paths[path];
      const op = isRecord(item) ? item[method.toLowerCase()] : undefined;
      if (!isRecord(op)) return [`${method} ${path}: not in the document`];
      const responses = isRecord(op.responses) ? op.responses : {};
      const response = responses[String(status)];
      if (!isRecord(response)) return [`${method} ${path}: status ${status} is not documented`];
      const json = isRecord(response.content) ? response.content['application/json'] : undefined;
      if (!isRecord(json) || !isRecord(json.schema)) return [];
      const key = `${method} ${path} ${status}`;
      // A refusal's code must be one the document lists for that status (an example per code).
      const code = status >= 400 ? codeOf(body) : undefined;
      if (code !== undefined && !(isRecord(json.examples) && code in json.examples)) {
        return [`${key}: code ${code} is not documented for this status`];
      }
      let validate = cache.get(key);
      if (!validate) {
        const schema = closed(json.schema);
        if (!isRecord(schema)) return [];
        validate = ajv.compile({ ...schema, components });
        cache.set(key, validate);
      }
      return validate(body) ? [] : [`${key}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`];
    },
  };
}
