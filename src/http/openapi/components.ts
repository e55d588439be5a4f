import { type TSchema, Type } from '@sinclair/typebox';

/*
 * Named records of the OpenAPI document. A schema registered here is written once under
 * components.schemas and every identical copy in the document becomes a $ref to it, so the
 * routes keep their plain TypeBox schemas (Ajv validates them as before).
 */

const registry = new Map<string, TSchema>();

/** Registers `schema` as the component `name` and returns it unchanged. */
export function named<T extends TSchema>(name: string, schema: T): T {
  const known = registry.get(name);
  if (known && known !== schema) throw new Error(`OpenAPI component ${name} is named twice`);
  registry.set(name, schema);
  return schema;
}

export function namedComponents(): ReadonlyMap<string, TSchema> {
  return registry;
}

export const Common = named(
  'Common',
  Type.Object(
    {
      authCode: Type.String({
        description:
          'A000 when the gateway stage accepted the call; else its refusal, with no data section: A401 (the API key), A404 (no such path), A413 (body too large), A415 (content type)',
      }),
      authResult: Type.String(),
      providerTrId: Type.String({ description: "The gateway's tracking id of this call (also in its logs)" }),
    },
    { description: 'The common section of every client API response' },
  ),
);

export const ErrorEnvelope = named(
  'ErrorEnvelope',
  Type.Object(
    {
      common: Common,
      data: Type.Optional(
        Type.Object({
          code: Type.String({ description: 'The result code (docs/errors.md)' }),
          result: Type.String({ description: "The code's text, with what was wrong" }),
          ref: Type.Optional(Type.String()),
        }),
      ),
    },
    {
      description:
        'A refused client API call: `data.code` says why, or `common.authCode` when the gateway stage refused it (no `data` then)',
    },
  ),
);

export const OperatorError = named(
  'OperatorError',
  Type.Object(
    {
      code: Type.String({ description: 'The result code (docs/errors.md)' }),
      result: Type.String({ description: "The code's text, with what was wrong" }),
    },
    { description: 'A refused operator or sandbox API call' },
  ),
);

export const TwoFactorErrorEnvelope = named(
  'TwoFactorErrorEnvelope',
  Type.Object(
    {
      common: Common,
      data: Type.Optional(
        Type.Object(
          {
            code: Type.String({ description: 'The result code (docs/errors.md)' }),
            result: Type.String({ description: "The code's text, with what was wrong" }),
            resultMsg: Type.String({ description: 'The same text' }),
            userRef: Type.String({ description: "The request's userRef, or empty" }),
          },
          // The endpoint's own fields come too, blank (or the request's id when it is known).
          { additionalProperties: Type.Union([Type.String(), Type.Array(Type.Unknown())]) },
        ),
      ),
    },
    { description: "A refused 2FA call: the endpoint's own shape, with `data.code` saying why" },
  ),
);
