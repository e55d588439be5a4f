import { type StringOptions, type TSchema, Type } from '@sinclair/typebox';
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

/**
 * The time formats of the API (docs/api.md#conventions). `iso` is the convention for every
 * timestamp the spec leaves open; the others are the spec's own, kept where it fixes them.
 */
export const TIME_FORMATS = {
  iso: { text: 'ISO 8601 with its offset (+09:00)', openapi: { format: 'date-time' } },
  korea: {
    text: 'yyyy-MM-dd HH:mm:ss, Korea time',
    openapi: { pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' },
  },
  day: { text: 'yyyyMMdd, Korea time', openapi: { pattern: '^\\d{8}$' } },
  local: {
    text: "yyyy-MM-ddTHH:mm:ss, Korea time (the spec's form of this field)",
    openapi: { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$' },
  },
  since: {
    text: 'ISO 8601 (with its offset, or Korea time without), yyyy-MM-dd HH:mm:ss, yyyy-MM-dd or yyyyMMdd (Korea time)',
    openapi: {
      pattern:
        '^(\\d{8}|\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?)$',
    },
  },
  dayOrKorea: {
    text: 'yyyyMMdd (that Korea-time day) or yyyy-MM-dd HH:mm:ss (the day of that Korea time)',
    openapi: { pattern: '^(\\d{8}|\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})$' },
  },
  /** What clock.ts's parseClientTime takes: an instant with its offset, or a Korea time. */
  isoOrKorea: {
    text: 'ISO 8601 with an offset, or yyyy-MM-dd HH:mm:ss (Korea time)',
    openapi: {
      pattern:
        '^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})|\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2})$',
    },
  },
  /** A `korea` time that is "" while there is none (the spec's fields that are never null). */
  koreaOrEmpty: {
    text: 'yyyy-MM-dd HH:mm:ss, Korea time',
    openapi: { pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$' },
  },
} as const;
export type TimeFormat = keyof typeof TIME_FORMATS;

export function isTimeFormat(value: string): value is TimeFormat {
  return Object.hasOwn(TIME_FORMATS, value);
}

/**
 * A timestamp string in one of the API's formats. The format goes to the OpenAPI document (as
 * `format` or `pattern`) but not to Ajv: each field's rule stays in its use case, which answers
 * the field's own result code rather than a generic A300.
 */
export function Time(format: TimeFormat, description?: string, options: StringOptions = {}) {
  const text = TIME_FORMATS[format].text;
  return Type.String({
    ...options,
    'x-time': format,
    description: description ? `${description}; ${text}` : text,
  });
}
