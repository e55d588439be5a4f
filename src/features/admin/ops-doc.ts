import { type TSchema, Type } from '@sinclair/typebox';
import { Nullable, Time } from '../../http/schema-types.ts';

/*
 * What the operator schemas of messages, campaigns and webhook deliveries share. Free of server
 * imports, like the schemas that use it: the console type-checks against them with the DOM library.
 */

/** The largest page an operator list answers. */
export const OPS_LIMIT_MAX = 200;

/**
 * Rows one call of an operator list may look at beyond what its index selects. A filter that no
 * index serves (a recipient without an account, a status) is checked on at most this many rows,
 * newest first; the answer then says how far it looked (`searchedUntil`) and where to go on (`next`).
 */
export const SCAN_WINDOW = 5000;

export const Limit = Type.Optional(
  Type.Integer({ minimum: 1, maximum: OPS_LIMIT_MAX, description: `1 to ${OPS_LIMIT_MAX}; default 50` }),
);

export const Cursor = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The `next` of the previous answer: go on where it stopped (with the same filters)',
  }),
);

/** Where a walk stopped: every list answer ends with these two fields. */
export const WalkFields = {
  next: Nullable(
    Type.String({ description: 'Ask again with cursor=<next> for older rows; null: nothing older' }),
  ),
  searchedUntil: Nullable(
    Time(
      'iso',
      `Set when the call stopped after looking at ${SCAN_WINDOW} rows without filling the page: ` +
        'rows older than this were not looked at yet (follow next)',
    ),
  ),
};

const ErrorBody = Type.Object({ code: Type.String(), result: Type.String() });

export function opsDoc(summary: string, description?: string) {
  return {
    tags: ['admin'],
    summary,
    ...(description ? { description } : {}),
    security: [{ adminToken: [] }],
  };
}

export function opsAnswers<T extends TSchema>(schema: T) {
  return { 200: schema, '4xx': ErrorBody };
}
