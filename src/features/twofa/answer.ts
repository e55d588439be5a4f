import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, type Code, GatewayError } from '../../errors.ts';
import type { Common, Envelope } from '../../http/envelope.ts';
import { errorHandler } from '../../http/error-handler.ts';

/*
 * The 2FA endpoints answer with their fields in `data` itself (spec: "Output (data)"), not in
 * data.data: {code, result, resultMsg, ...fields, userRef}. Refusals keep the same shape, with the
 * endpoint's fields blank, so a client reads one shape whatever the outcome. The app's error
 * handler still decides every refusal's code and text; this plugin only reshapes its envelope.
 */

export type Fields = Record<string, string | readonly unknown[]>;

export interface TwofaEnvelope {
  common: Common;
  data: { code: string; result: string; resultMsg: string } & Fields;
}

export function answer(trId: string, resultMsg: string, fields: Fields, userRef: string): TwofaEnvelope {
  return {
    common: { authCode: 'A000', authResult: CODES.A000.text, providerTrId: trId },
    data: { code: 'A000', result: CODES.A000.text, resultMsg, ...fields, userRef },
  };
}

/** A refusal that also tells which request it concerns (verification without requestId). */
export class TwofaError extends GatewayError {
  readonly fields: Fields;
  constructor(code: Code, detail: string | undefined, fields: Fields) {
    super(code, detail);
    this.name = 'TwofaError';
    this.fields = fields;
  }
}

/** The client's userRef when the body held one (also in a refused body, when it was a string). */
export function userRefOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('userRef' in body)) return '';
  return typeof body.userRef === 'string' ? body.userRef : '';
}

/** The app's refusal envelope, {common, data: {code, result}}, not yet in the 2FA shape. */
function isPlainRefusal(payload: unknown): payload is Envelope & { data: { code: string; result: string } } {
  if (typeof payload !== 'object' || payload === null || !('data' in payload)) return false;
  const data = payload.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    'code' in data &&
    data.code !== 'A000' &&
    'result' in data &&
    typeof data.result === 'string' &&
    !('resultMsg' in data)
  );
}

/**
 * The plugin's hooks: the error handler notes a TwofaError's fields and hands the error to the
 * app's handler; preSerialization turns the app's refusal into the 2FA shape, `blank(url, body)`
 * giving the endpoint's fields.
 */
export function twofaShape(blank: (url: string | undefined, body: unknown) => Fields) {
  const noted = new WeakMap<FastifyRequest, Fields>();
  return {
    errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
      if (error instanceof TwofaError) noted.set(req, error.fields);
      return errorHandler(error, req, reply);
    },
    async preSerialization(req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
      if (!isPlainRefusal(payload)) return payload;
      const { code, result } = payload.data;
      const fields = { ...blank(req.routeOptions.url, req.body), ...noted.get(req) };
      const shaped: TwofaEnvelope = {
        common: payload.common,
        data: { code, result, resultMsg: result, ...fields, userRef: userRefOf(req.body) },
      };
      return shaped;
    },
  };
}
