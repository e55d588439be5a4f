import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, Time } from '../../http/schema-types.ts';
import { MsgKeyParams } from './message-schemas.ts';
import { opsAnswers, opsDoc } from './ops-doc.ts';

/*
 * The request a message came from, as the gateway stored it, and the answer its client got
 * (GET /admin/v1/messages/{msgKey}/request: the console's debugger). Free of server imports: the
 * console takes its types from here.
 */

const Loose = Type.Record(Type.String(), Type.Unknown());

export const StoredSendBody = named(
  'AdminStoredSendBody',
  Type.Object(
    {
      destinations: Type.Array(Loose, {
        description:
          "this message's destination only (destinationCount says how many the request had): `to` as " +
          'the client gave it, `ref`, `replaceWords` and the variable objects',
      }),
      messageFlow: Type.Array(Loose, {
        description:
          'each channel object as validated and stored: stored templates expanded, unknown fields dropped, ' +
          'a 2FA code masked as it is at rest',
      }),
      ref: Type.Optional(Type.String()),
      paymentCode: Type.Optional(Type.String()),
      groupKey: Type.Optional(Type.String()),
      idempotencyKey: Type.Optional(
        Type.String({ description: 'while the gateway still keeps it (until its idempotencyTtl ends)' }),
      ),
      resvSendTime: Type.Optional(Time('korea', "a reservation's send time (as it is now)")),
      resvName: Type.Optional(Type.String()),
    },
    { description: 'The validated body, rebuilt from what the gateway keeps' },
  ),
);

export const AnswerEntry = named(
  'AdminAnswerEntry',
  Type.Object({
    seq: Type.Integer({ description: "the recipient's place in the request's destinations (1, 2, ...)" }),
    to: Type.String({ description: 'the number as the client gave it' }),
    msgKey: Type.String({ description: '"" for a refused recipient' }),
    code: Type.String({ description: 'A000 accepted, else why this recipient was refused' }),
    result: Type.String(),
  }),
);

/** Not a named component: it is only ever nullable, which the document writes inline. */
export const RequestAnswer = Type.Object(
  {
    total: Type.Integer({ description: 'recipients of the request' }),
    accepted: Type.Integer(),
    refused: Type.Integer(),
    removed: Type.Integer({
      description:
        'accepted recipients removed since (a reservation destination deleted): left out of destinations',
    }),
    destinations: Type.Array(AnswerEntry, { description: 'in the order of the request' }),
  },
  { description: "The answer's destinations as the client got them (HTTP 200, data.code A000)" },
);

export const MessageRequest = named(
  'AdminMessageRequest',
  Type.Object({
    msgKey: Type.String(),
    requestId: Type.String({ description: 'the request the message is in now' }),
    accountId: Type.String(),
    acceptedAt: Time('iso', 'when the client’s request was accepted'),
    resvKey: Nullable(Type.String()),
    masked: Type.Boolean({
      description: 'a text of the messageFlow is stored masked (a 2FA code): the handset got the real one',
    }),
    destinationCount: Type.Integer({ description: 'recipients the request had' }),
    body: StoredSendBody,
    answer: Nullable(RequestAnswer),
    answerNote: Nullable(
      Type.String({ description: 'why there is no answer, or what it leaves out (a reservation update)' }),
    ),
  }),
);

export const showMessageRequestSchema = {
  operationId: 'adminGetMessageRequest',
  ...opsDoc('The request a message came from, as stored, and the per-recipient answer its client got'),
  params: MsgKeyParams,
  response: opsAnswers(MessageRequest),
};
