import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError } from '../errors.ts';

/**
 * Refuses a query or path parameter declared as a number that is not written as one. Ajv's
 * coercion (on, for the digit strings clients send where the spec has numbers) turns any string
 * JavaScript reads as a number into one: `Infinity` and `1e309` became Infinity, which passed an
 * integer check and reached SQL as a 500; `0x10` was 16 and ` 5` was 5. Before validation, such a
 * parameter must be decimal digits (an optional minus; a fraction where the schema has `number`),
 * within 2^53 (past it the digits are not the number they spell), and the schema's own range
 * applies after: every `limit`, `offset`, `page` and `count` of every route, once, here.
 */
const INTEGER = /^-?\d{1,20}$/;
const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

interface ParamSchema {
  properties?: Record<string, { type?: unknown; maximum?: unknown }>;
}

interface NumericField {
  name: string;
  pattern: RegExp;
  what: string;
  /** Whether the schema bounds it within 2^53 (then its own range check says what is wrong). */
  bounded: boolean;
}

/** Each parameter schema's numeric fields and their pattern, worked out once per schema. */
const numericFields = new WeakMap<object, readonly NumericField[]>();

function fieldsOf(schema: ParamSchema & object): readonly NumericField[] {
  let fields = numericFields.get(schema);
  if (!fields) {
    fields = Object.entries(schema.properties ?? {}).flatMap(([name, s]): NumericField[] => {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      const bounded = typeof s.maximum === 'number' && s.maximum <= Number.MAX_SAFE_INTEGER;
      if (types.includes('integer')) return [{ name, pattern: INTEGER, what: 'an integer', bounded }];
      if (types.includes('number')) return [{ name, pattern: DECIMAL, what: 'a number', bounded }];
      return [];
    });
    numericFields.set(schema, fields);
  }
  return fields;
}

function check(schema: unknown, values: unknown, where: string): void {
  if (!schema || typeof schema !== 'object' || !values || typeof values !== 'object') return;
  for (const { name, pattern, what, bounded } of fieldsOf(schema)) {
    const raw: unknown = Reflect.get(values, name);
    const text = Array.isArray(raw) ? raw[0] : raw;
    if (typeof text !== 'string') continue;
    // Digits past 2^53 are not the number they spell once read (nor within any column's range):
    // refused here unless the schema's own maximum refuses them next, naming its range.
    if (pattern.test(text) && (bounded || Math.abs(Number(text)) <= Number.MAX_SAFE_INTEGER)) continue;
    const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
    throw new GatewayError(
      'A300',
      `${where} ${name} must be ${what} in decimal digits, at most ${Number.MAX_SAFE_INTEGER}, got ${JSON.stringify(shown)}`,
    );
  }
}

/** preValidation: numeric query and path parameters written as anything but digits are A300. */
export async function refuseLooseNumbers(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const schema = req.routeOptions.schema;
  if (!schema) return;
  check(schema.querystring, req.query, 'querystring');
  check(schema.params, req.params, 'params');
}
