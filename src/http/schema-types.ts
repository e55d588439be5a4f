import { type TSchema, Type } from '@sinclair/typebox';
import type { Envelope } from './envelope.ts';

/* Schema shapes that every feature needs, written once for Ajv and OpenAPI alike. */

/**
 * `T | null` as OpenAPI 3.0's `nullable`. Not Type.Union([T, Type.Null()]): with Ajv's type
 * coercion (on for the whole app) a union coerces the value to the first branch's type, so a
 * limit of 0 silently became null (unlimited) and null became "".
 */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<T['static'] | null>({ ...schema, nullable: true });
}

/**
 * A closed set of strings as a JSON-schema enum. A union of literals would fail on its first
 * branch and report "must be equal to constant"; an enum reports that the value is not allowed.
 */
export function StringEnum<const T extends readonly string[]>(values: T, description?: string) {
  return Type.Unsafe<T[number]>({
    type: 'string',
    enum: [...values],
    ...(description ? { description } : {}),
  });
}

/** The spec's envelope around a client route's payload, typed as the Envelope that success() builds. */
export function ClientEnvelope<T extends TSchema>(payload: T) {
  return Type.Unsafe<Envelope>(
    Type.Object({
      common: Type.Object({
        authCode: Type.String(),
        authResult: Type.String(),
        providerTrId: Type.String(),
      }),
      data: Type.Object({ code: Type.String(), result: Type.String(), data: payload }),
    }),
  );
}
