import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, type Code, GatewayError, resultText } from '../errors.ts';
import { failure } from './envelope.ts';

/** Client API paths answer in the spec's envelope; operator and sandbox paths in plain JSON. */
export function isClientPath(url: string): boolean {
  return url.startsWith('/api/');
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

export function describeValidation(error: FastifyError): string {
  const issue = error.validation?.[0] as ValidationIssue | undefined;
  if (!issue) return error.message;
  const field = fieldName(error.validationContext, issue);
  let message = issue.keyword === 'required' ? 'is required' : (issue.message ?? 'is invalid');
  const allowed = issue.params.allowedValues;
  if (Array.isArray(allowed)) message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  else if (issue.keyword === 'const') message = `must be ${JSON.stringify(issue.params.allowedValue)}`;
  return `${field} ${message}`;
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
  if (error.validation) return sendCoded(req, reply, 'A300', describeValidation(error));
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
  // One line, carrying the request's trId (Fastify's reqId), and nothing of the client's data.
  req.log.error({ err: error, trId: req.id }, 'unexpected error');
  return sendCoded(req, reply, 'A910', `trId ${req.id}`);
}
