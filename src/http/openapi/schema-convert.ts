/* JSON Schema (as TypeBox writes it) to an OpenAPI 3.0 Schema Object. */

export type OpenApiSchema = { [key: string]: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A deep copy in OpenAPI 3.0's dialect: `const` becomes a one-value `enum`, a `{type: 'null'}`
 * branch becomes `nullable`, `examples` becomes `example`, and `$id`/`$schema` go (3.0 has
 * none of them). TypeBox's symbol keys are not copied.
 */
export function toOpenApi(schema: unknown): OpenApiSchema {
  const out = convert(schema);
  return isRecord(out) ? out : {};
}

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (!isRecord(node)) return node;
  const out: OpenApiSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === 'const') {
      out.enum = [value];
      if (node.type === undefined) out.type = typeof value === 'number' ? 'number' : typeof value;
      continue;
    }
    if (key === 'examples' && Array.isArray(value)) {
      if (value.length > 0) out.example = value[0];
      continue;
    }
    // Type.Record: 3.0 has no patternProperties; any key maps to the value's schema.
    if (key === 'patternProperties' && isRecord(value) && Object.keys(value).length === 1) {
      out.additionalProperties = convert(Object.values(value)[0]);
      continue;
    }
    if (key === 'properties' && isRecord(value)) {
      const props: OpenApiSchema = {};
      for (const [name, prop] of Object.entries(value)) props[name] = convert(prop);
      out.properties = props;
      continue;
    }
    out[key] = convert(value);
  }
  // Type.Null() alone (3.0 has no null type): a value that can only be null.
  if (out.type === 'null') {
    out.type = 'string';
    out.nullable = true;
    out.enum = [null];
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = out[union];
    if (!Array.isArray(branches)) continue;
    const rest = branches.filter((b) => !isNullOnly(b));
    if (rest.length === branches.length) continue;
    out.nullable = true;
    if (rest.length === 1 && isRecord(rest[0])) {
      delete out[union];
      Object.assign(out, rest[0]);
    } else out[union] = rest;
  }
  return out;
}

/** A branch that admits only null, before or after its conversion. */
function isNullOnly(node: unknown): boolean {
  if (!isRecord(node)) return false;
  if (node.type === 'null') return true;
  return (
    node.nullable === true && Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null
  );
}

/** The same JSON whatever the order of an object's keys: how two schemas are compared. */
export function canonical(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (!isRecord(node)) return JSON.stringify(node) ?? 'null';
  const keys = Object.keys(node)
    .filter((k) => node[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(node[k])}`).join(',')}}`;
}
