/*
 * Writes the table of docs/errors.md (between its `codes:start` and `codes:end` markers) from the
 * catalog (src/errors.ts) and the gateway's own OpenAPI document: each code, its HTTP status, where
 * a client reads it, its text, where it comes from and the operations that answer it.
 * `npm run docs:errors`; test/errors.test.ts fails when the file differs from what this makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODES, type Code, GATEWAY_CODES } from '../src/errors.ts';
import { openApiDocument } from './openapi-document.ts';

export const ERRORS_MD = join(import.meta.dirname, '..', 'docs', 'errors.md');
const START = '<!-- codes:start (npm run docs:errors writes this table) -->';
const END = '<!-- codes:end -->';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Operation {
  readonly key: string;
  readonly group: 'client' | 'operator' | 'plain';
  readonly takesBody: boolean;
  readonly takesInput: boolean;
  readonly codes: ReadonlySet<string>;
}

/** The codes an operation documents: the examples of its error responses are keyed by code. */
function codesOf(op: Json): Set<string> {
  const out = new Set<string>();
  const responses = isRecord(op.responses) ? op.responses : {};
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]\d\d$/.test(status) || !isRecord(response) || !isRecord(response.content)) continue;
    for (const media of Object.values(response.content)) {
      if (!isRecord(media) || !isRecord(media.examples)) continue;
      for (const code of Object.keys(media.examples)) out.add(code);
    }
  }
  return out;
}

export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(isRecord(doc.paths) ? doc.paths : {})) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const group = path.startsWith('/api/')
        ? 'client'
        : path.startsWith('/admin/') || path.startsWith('/sandbox/')
          ? 'operator'
          : 'plain';
      const params = Array.isArray(op.parameters) && op.parameters.length > 0;
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        group,
        takesBody: op.requestBody !== undefined,
        takesInput: op.requestBody !== undefined || params,
        codes: codesOf(op),
      });
    }
  }
  return out;
}

/** Codes no operation documents, because any call can meet them. */
const ANYWHERE: Partial<Record<Code, string>> = {
  A000: 'every call that succeeds',
  A301: "per recipient of `POST /api/comm/v1/send/omni` and `POST /api/comm/v1/reservation`: a repeated idempotencyKey within its TTL (HTTP 200, the first send's msgKey)",
  A404: 'any path (or method) the gateway does not serve',
  A911: 'any call that writes, while the database cannot (the disk is full)',
};

const GROUP_NAME = { client: 'client API', operator: 'operator and sandbox' } as const;

/** The operations that answer a code, summarised where it is every call of a kind. */
export function answeredBy(code: string, ops: readonly Operation[]): string {
  const answering = ops.filter((o) => o.codes.has(code));
  let rest = new Set(answering.map((o) => o.key));
  const parts: string[] = [];
  for (const group of ['client', 'operator'] as const) {
    const of = ops.filter((o) => o.group === group);
    const kinds: [string, Operation[]][] = [
      [`every ${GROUP_NAME[group]} call`, of],
      [`every ${GROUP_NAME[group]} call that takes a body or parameters`, of.filter((o) => o.takesInput)],
      [`every ${GROUP_NAME[group]} call that takes a body`, of.filter((o) => o.takesBody)],
    ];
    for (const [name, set] of kinds) {
      if (set.length < 10 || !set.every((o) => rest.has(o.key))) continue;
      parts.push(name);
      rest = new Set([...rest].filter((k) => !set.some((o) => o.key === k)));
      break;
    }
  }
  parts.push(...[...rest].sort().map((k) => `\`${k}\``));
  const anywhere = ANYWHERE[code as Code];
  if (anywhere) parts.push(anywhere);
  return parts.join(', ');
}

const FROM = { spec: 'spec', hosted: 'hosted table', omnigate: 'Omnigate' } as const;

export function codesTable(doc: Json): string {
  const ops = operationsOf(doc);
  const rows = ['| code | HTTP | read from | text | from | answered by |', '|---|---|---|---|---|---|'];
  for (const [code, v] of Object.entries(CODES)) {
    const where = GATEWAY_CODES.has(code as Code) ? '`common.authCode`' : '`data.code`';
    const by = answeredBy(code, ops) || '(no operation yet)';
    rows.push(
      `| ${code} | ${v.status} | ${where} | ${v.text.replaceAll('|', '\\|')} | ${FROM[v.from]} | ${by} |`,
    );
  }
  return rows.join('\n');
}

/** docs/errors.md with its table as the catalog and the document make it now. */
export function renderErrorsMd(current: string, doc: Json): string {
  const a = current.indexOf(START);
  const b = current.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/errors.md has no ${START} ... ${END} markers`);
  return `${current.slice(0, a + START.length)}\n\n${codesTable(doc)}\n\n${current.slice(b)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = await openApiDocument();
  if (!isRecord(doc)) throw new Error('the OpenAPI document is not an object');
  writeFileSync(ERRORS_MD, renderErrorsMd(readFileSync(ERRORS_MD, 'utf8'), doc));
  console.log(`wrote ${ERRORS_MD}`);
}
