import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, type Code, GatewayError, resultText } from '../errors.ts';
import { isStorageFull } from '../store/db/write-health.ts';
import { failure } from './envelope.ts';

/**
 * Client API paths answer in the spec's envelope; operator and sandbox paths in plain JSON. The
 * bare `/api` (a client whose base address lost its path) is the client API's too: its 404 must
 * parse as the envelope like any other.
 */
export function isClientPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

export function sendCoded(
  req: FastifyRequest,
  reply: FastifyReply,
  code: Code,
  detail?: string,
  status: number = CODES[code].status,
): FastifyReply {
  if (isClientPath(req.url)) return reply.code(status).send(failure(req.id, code, detail));
  return reply.code(status).send({ code, result: resultText(code, detail) });
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** `body/destinations/0/to` → `destinations[0].to`: the field as a client writes it. */
function fieldName(context: string | undefined, issue: ValidationIssue): string {
  const parts = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    parts.push(issue.params.missingProperty);
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    parts.push(issue.params.additionalProperty);
  }
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out === '' ? p : `.${p}`;
  if (out === '') return context ?? 'body';
  return context && context !== 'body' ? `${context} ${out}` : out;
}

/** `R`, `"a b"`: a value as a refusal lists it (plain when it reads unambiguously). */
function shown(value: unknown): string {
  return typeof value === 'string' && /^[\w.:+-]+$/.test(value) ? value : JSON.stringify(value);
}

function allowedMessage(values: readonly unknown[]): string {
  return values.length === 1
    ? `must be ${shown(values[0])}`
    : `must be one of ${values.map(shown).join(', ')}`;
}

/**
 * A union of literals (Type.Union of Type.Literal) fails once per branch, each error naming one
 * literal, then once for the anyOf: the refusal lists every literal, not the first branch's.
 */
function unionLiterals(issues: readonly ValidationIssue[], first: ValidationIssue): unknown[] | undefined {
  if (first.keyword !== 'const') return undefined;
  const values = issues
    .filter((i) => i.keyword === 'const' && i.instancePath === first.instancePath)
    .map((i) => i.params.allowedValue);
  const union = issues.some((i) => i.keyword === 'anyOf' && i.instancePath === first.instancePath);
  return union ? values : undefined;
}

export function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const issue = issues[0];
  if (!issue) return error.message;
  const field = fieldName(error.validationContext, issue);
  let message = issue.keyword === 'required' ? 'is required' : (issue.message ?? 'is invalid');
  const allowed = issue.params.allowedValues;
  const literals = unionLiterals(issues, issue);
  if (Array.isArray(allowed)) message = allowedMessage(allowed);
  else if (literals) message = allowedMessage(literals);
  else if (issue.keyword === 'const') message = allowedMessage([issue.params.allowedValue]);
  else if (issue.keyword === 'additionalProperties') message = 'is not a known field';
  return `${field} ${message}`;
}

/** The media type of a request without its parameters, lower-case; '' when none was sent. */
function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * A body the route does not take as sent: a form or text sent where JSON is expected reaches the
 * schema as no object at all, and "body must be object" would hide what is wrong.
 */
function unsupportedBody(error: FastifyError, req: FastifyRequest): string | undefined {
  if (error.validationContext !== 'body') return undefined;
  const type = mediaType(req);
  if (type === '' || type === 'application/json' || type.endsWith('+json')) return undefined;
  const consumes = req.routeOptions.schema?.consumes ?? ['application/json'];
  if (consumes.includes(type)) return undefined;
  return `got ${type}; expected ${consumes.join(' or ')}`;
}

const FASTIFY_CODES: Record<string, Code> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'A010',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'A010',
  FST_ERR_CTP_BODY_TOO_LARGE: 'A413',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'A415',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'A300',
};

/** Maps every error to a coded response. A client's mistake is never a 500. */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof GatewayError) return sendCoded(req, reply, error.code, error.detail);
  if (error.validation) {
    const unsupported = unsupportedBody(error, req);
    if (unsupported) return sendCoded(req, reply, 'A415', unsupported);
    return sendCoded(req, reply, 'A300', describeValidation(error));
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) {
    const detail = mapped === 'A413' ? `at most ${req.routeOptions.bodyLimit ?? ''} bytes`.trim() : undefined;
    return sendCoded(req, reply, mapped, mapped === 'A010' ? undefined : detail);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Any other request-level refusal of Fastify (a malformed header, say) is the client's.
    return sendCoded(req, reply, status === 404 ? 'A404' : 'A300', error.message, status);
  }
  if (isStorageFull(error)) {
    // The database's or the disk's own words: the operator frees space, nothing else helps.
    req.log.error({ err: error, trId: req.id }, 'storage full: a write was refused for want of space');
    return sendCoded(req, reply, 'A911', `trId ${req.id}`);
  }
  // One line, carrying the request's trId (Fastify's reqId), and nothing of the client's data.
  req.log.error({ err: error, trId: req.id }, 'unexpected error');
  return sendCoded(req, reply, 'A910', `trId ${req.id}`);
}

/**
 * Errors Fastify raises before a route is found (Fastify's `frameworkErrors`): a path that does
 * not decode (`%ZZ`), a path parameter over the router's limit. Answered like every other
 * refusal, in the envelope on client paths, never as Fastify's own JSON.
 */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const path = req.url.split('?')[0] ?? '';
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendCoded(
      req,
      reply,
      'A300',
      `the path ${JSON.stringify(path.slice(0, 200))} is not valid URL encoding`,
    );
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendCoded(req, reply, 'A300', 'a path parameter is longer than 1000 characters', 414);
  } else {
    void errorHandler(error, req, reply);
  }
}
