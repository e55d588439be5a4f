import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError } from '../errors.ts';

/**
 * Refuses a boolean where the body's schema has a string or a number. The app validates with
 * Ajv's type coercion on, so that digit strings are taken where the spec has numbers (timeout,
 * tpsLimit); the same coercion stored `serviceName: true` as "true" and `timeout: true` as 1.
 * Objects and arrays are never coerced to scalars: Ajv refuses those itself.
 *
 * A route's body schema is turned once into a check that visits only the paths holding such
 * fields (WeakMap by schema object), so a 200-recipient send costs a loop over its destinations.
 */
type Check = (data: unknown, path: string) => Misfit | undefined;
interface Misfit {
  field: string;
  expected: string;
}

interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  const?: unknown;
}

const checks = new WeakMap<object, Check | null>();

/** `string`, `number` or `integer` when every value the node takes is of that kind, else null. */
function scalarKind(node: SchemaNode): string | null {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('boolean')) return null;
  const kind = types.find((t) => t === 'string' || t === 'number' || t === 'integer');
  if (typeof kind === 'string') return kind;
  if (typeof node.const === 'string') return 'string';
  // A union of literals or scalars (Type.Union): a scalar only when every branch is one kind.
  if (Array.isArray(node.anyOf) && node.anyOf.length > 0) {
    const kinds = new Set(node.anyOf.map(scalarKind));
    const [only] = [...kinds];
    return kinds.size === 1 && typeof only === 'string' ? only : null;
  }
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function compile(node: SchemaNode): Check | null {
  const known = checks.get(node);
  if (known !== undefined) return known;
  // Set first: a schema that refers to itself must not compile forever.
  checks.set(node, null);
  let check: Check | null = null;
  if (isRecord(node.properties)) {
    const scalars: Array<[string, string]> = [];
    const nested: Array<[string, Check]> = [];
    for (const [key, child] of Object.entries(node.properties)) {
      const kind = scalarKind(child);
      if (kind) scalars.push([key, kind]);
      else {
        const c = compile(child);
        if (c) nested.push([key, c]);
      }
    }
    if (scalars.length > 0 || nested.length > 0) {
      check = (data, path) => {
        if (!isRecord(data)) return undefined;
        for (const [key, kind] of scalars) {
          if (typeof data[key] === 'boolean')
            return { field: path === '' ? key : `${path}.${key}`, expected: kind };
        }
        for (const [key, c] of nested) {
          const misfit = c(data[key], path === '' ? key : `${path}.${key}`);
          if (misfit) return misfit;
        }
        return undefined;
      };
    }
  } else if (node.items && typeof node.items === 'object') {
    const kind = scalarKind(node.items);
    const item = kind ? null : compile(node.items);
    if (kind) {
      check = (data, path) => {
        if (!Array.isArray(data)) return undefined;
        const i = data.findIndex((v) => typeof v === 'boolean');
        return i < 0 ? undefined : { field: `${path}[${i}]`, expected: kind };
      };
    } else if (item) {
      check = (data, path) => {
        if (!Array.isArray(data)) return undefined;
        for (let i = 0; i < data.length; i++) {
          const misfit = item(data[i], `${path}[${i}]`);
          if (misfit) return misfit;
        }
        return undefined;
      };
    }
  }
  checks.set(node, check);
  return check;
}

/** The first boolean given for a string or number field of `schema`, with its field name. */
export function booleanMisfit(schema: object, body: unknown): Misfit | undefined {
  return compile(schema)?.(body, '');
}

/** preValidation: a boolean for a string or numeric field is A300 naming the field. */
export async function refuseBooleanScalars(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const schema = req.routeOptions.schema?.body;
  if (!schema || typeof schema !== 'object' || req.body === undefined) return;
  const misfit = booleanMisfit(schema, req.body);
  if (misfit) {
    const a = misfit.expected === 'integer' ? 'an integer' : `a ${misfit.expected}`;
    throw new GatewayError('A300', `${misfit.field} must be ${a}, not true or false`);
  }
}
