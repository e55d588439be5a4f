import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { Cursor, Limit, opsAnswers, opsDoc, SCAN_WINDOW, WalkFields } from '../admin/ops-doc.ts';

/*
 * Schemas of the refused client requests (GET /admin/v1/refused-requests...): why a client's call
 * was refused, kept hours. Free of server imports: the console takes its types from here.
 */

export const RefusedQuery = Type.Object(
  {
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "the key's account" })),
    code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description:
          'the result code answered (A306, A401, ...; a send whose recipients were all refused: their most frequent code)',
      }),
    ),
    status: Type.Optional(
      Type.Integer({
        minimum: 200,
        maximum: 499,
        description: 'the HTTP status answered (200: a send whose every recipient was refused)',
      }),
    ),
    from: Type.Optional(Time('isoOrKorea', 'answered at or after (gateway clock)')),
    until: Type.Optional(Time('isoOrKorea', 'answered before')),
    cursor: Cursor,
    limit: Limit,
  },
  { additionalProperties: false },
);

const fields = {
  id: Type.Integer({ description: 'what GET /admin/v1/refused-requests/{id} takes' }),
  at: Time('iso', 'when it was answered (gateway clock)'),
  method: Type.String(),
  route: Nullable(
    Type.String({
      description: 'the route it reached, as its pattern (/api/comm/v1/send/omni); null: none (A404)',
    }),
  ),
  path: Type.String({ description: 'the path and query as sent (at most 1000 characters)' }),
  status: Type.Integer({
    description: 'the HTTP status answered (200: every recipient of a send was refused)',
  }),
  code: Type.String({
    description:
      "the result code answered: common.authCode for the gateway stage's refusals (A401, A404, A413, A415), else data.code; for a send whose every recipient was refused, their most frequent code",
  }),
  result: Type.String({ description: 'the text answered with it' }),
  accountId: Nullable(Type.String({ description: "the key's account; null when the key was not known" })),
  keyId: Nullable(Type.String({ description: 'the key used, by its id' })),
  keyPrefix: Nullable(
    Type.String({
      description: 'the first 10 characters of the key given (never the key); null without one',
    }),
  ),
  clientAddress: Type.String({
    description: 'the client, as the trusted proxies give it (OMNIGATE_TRUST_PROXY)',
  }),
  trId: Type.String({ description: 'the providerTrId answered (also in the logs)' }),
  bodySize: Nullable(
    Type.Integer({ description: 'bytes of the body as sent (its Content-Length); null: none named' }),
  ),
};

export const RefusedRow = named('RefusedRequest', Type.Object(fields));

export const RefusedPage = named(
  'RefusedRequestPage',
  Type.Object({
    requests: Type.Array(RefusedRow),
    ...WalkFields,
    keptHours: Type.Integer({
      description: 'how long a refused request is kept (OMNIGATE_RETENTION_REFUSED_HOURS; 0: for good)',
    }),
  }),
);

export const RefusedDetail = named(
  'RefusedRequestDetail',
  Type.Object({
    ...fields,
    userAgent: Nullable(Type.String({ description: 'at most 200 characters' })),
    contentType: Nullable(Type.String()),
    body: Nullable(
      Type.String({
        description:
          'the body as the gateway parsed it, as JSON text, with 2FA codes and credentials masked (******); a body that was not JSON as its text; at most 16 KB; null when none was kept',
      }),
    ),
    bodyFormat: Nullable(
      StringEnum(['json', 'text'] as const, 'json: the parsed body; text: a body that was not JSON'),
    ),
    bodyTruncated: Type.Boolean({ description: 'body holds only the beginning' }),
    bodyNote: Nullable(
      Type.String({
        description: 'why no body was kept (the key was not known, too large to read, an upload, ...)',
      }),
    ),
    answer: Type.String({ description: 'the answer as sent to the client, as JSON text (at most 16 KB)' }),
    answerTruncated: Type.Boolean(),
  }),
);

export const RefusedIdParams = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'the id of the list' }),
});

export const listRefusedSchema = {
  operationId: 'listRefusedRequests',
  ...opsDoc(
    'Refused client requests, newest first: code, route, account, time',
    'Client API calls answered 4xx, and sends answered 200 whose every recipient was refused, kept ' +
      `hours (OMNIGATE_RETENTION_REFUSED_HOURS). By account and code; status and time are checked on at most ${SCAN_WINDOW} rows a call (follow \`next\`).`,
  ),
  querystring: RefusedQuery,
  response: opsAnswers(RefusedPage),
};

export const showRefusedSchema = {
  operationId: 'getRefusedRequest',
  ...opsDoc('One refused client request whole: its body (masked) and its answer'),
  params: RefusedIdParams,
  response: opsAnswers(RefusedDetail),
};
