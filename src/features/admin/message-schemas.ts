import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { Cursor, Limit, opsAnswers, opsDoc, SCAN_WINDOW, WalkFields } from './ops-doc.ts';
import { WebhookAttemptFields } from './webhook-attempt-schemas.ts';

/*
 * Schemas of the operator's message search and message page (GET /admin/v1/messages...). Free of
 * server imports: the console takes its types from here.
 */

/** A message's overall state (migration 0002), and cancelled (a reservation's, never sent). */
export const MESSAGE_STATUSES = [
  'queued',
  'waiting',
  'held',
  'delivered',
  'failed',
  'uncertain',
  'cancelled',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MessageSearchQuery = Type.Object(
  {
    msgKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'one message' })),
    to: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,20}$', description: 'the recipient number, digits only (exact)' }),
    ),
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    sender: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,20}$',
        description:
          'the sender number, digits only (exact): the `from` of any step of its messageFlow (sms, mms, rcs)',
      }),
    ),
    text: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'a part of what the recipient got (any case): the title or text of any step of its messageFlow ' +
          "with the recipient's #{key} values substituted",
      }),
    ),
    status: Type.Optional(StringEnum(MESSAGE_STATUSES)),
    from: Type.Optional(Time('isoOrKorea', 'accepted at or after')),
    until: Type.Optional(Time('isoOrKorea', 'accepted before')),
    cursor: Cursor,
    limit: Limit,
  },
  { additionalProperties: false },
);

export const MessageRow = named(
  'AdminMessage',
  Type.Object({
    msgKey: Type.String(),
    accountId: Type.String(),
    requestId: Type.String(),
    to: Type.String(),
    status: Type.String({ description: MESSAGE_STATUSES.join(', ') }),
    step: Type.Integer({ description: 'the messageFlow index it is at (0: the first channel)' }),
    reportCode: Nullable(Type.String({ description: 'the final result code (10000 delivered)' })),
    reportText: Nullable(Type.String()),
    ref: Nullable(Type.String({ description: "the destination's ref" })),
    createdAt: Time('iso', 'accepted'),
    updatedAt: Time('iso'),
    doneAt: Nullable(Time('iso', 'final state reached')),
    sender: Type.Optional(
      Nullable(
        Type.String({
          description:
            'In a search: the sender number of its current step (sms, mms, rcs `from`); null for a step sent ' +
            'as a profile or brand (infomsg, brandmessage, rcs without from)',
        }),
      ),
    ),
    title: Type.Optional(
      Nullable(Type.String({ description: "In a search: its current step's title, substituted" })),
    ),
    text: Type.Optional(
      Nullable(
        Type.String({
          description:
            "In a search: its current step's text as the recipient got it (the recipient's #{key} values " +
            'substituted; a 2FA code masked); null when its request is gone',
        }),
      ),
    ),
  }),
);

export const MessagePage = named(
  'AdminMessagePage',
  Type.Object({ messages: Type.Array(MessageRow), ...WalkFields }),
);

export const FlowStepView = named(
  'AdminFlowStep',
  Type.Object({
    step: Type.Integer(),
    channel: Type.String(),
    serviceType: Type.String(),
    msgType: Type.String(),
  }),
);

export const AttemptRow = named(
  'AdminMessageAttempt',
  Type.Object({
    step: Type.Integer({ description: 'the messageFlow index of the channel tried' }),
    fallback: Type.Boolean({ description: 'a failover step (not the first channel)' }),
    channel: Type.String(),
    serviceType: Type.String(),
    msgType: Type.String(),
    connector: Type.String(),
    networkId: Nullable(
      Type.String({
        description:
          "The network's own id of the attempt: the SMSC's message id, or the upstream gateway's msgKey " +
          'for an upstream connector; null before the network took it',
      }),
    ),
    status: Type.String({ description: 'waiting, delivered, failed, uncertain' }),
    reportCode: Nullable(Type.String()),
    reportText: Nullable(Type.String()),
    carrier: Nullable(Type.String()),
    submittedAt: Time('iso', 'handed to the connector'),
    doneAt: Nullable(Time('iso', 'its result known')),
  }),
);

export const ReportBodyView = named(
  'AdminReportBody',
  Type.Object({
    msgKey: Type.String(),
    serviceType: Type.String(),
    msgType: Type.String(),
    reportType: Type.String(),
    reportCode: Type.String(),
    reportText: Type.String(),
    reportTime: Time('korea'),
    sendTime: Time('korea'),
    carrier: Type.String(),
    ref: Type.String(),
  }),
);

export const REPORT_WAYS = ['polling', 'webhook'] as const;

export const MessageReport = named(
  'AdminMessageReport',
  Type.Object({
    reportId: Type.Integer(),
    reportType: Type.String({ description: 'STANDARD or DLR' }),
    way: StringEnum(REPORT_WAYS, 'how the client receives it'),
    acknowledged: Type.Boolean({
      description: 'polling: the batch was deleted; webhook: the receiver answered',
    }),
    acknowledgedAt: Nullable(Time('iso')),
    createdAt: Time('iso'),
    body: ReportBodyView,
    ...WebhookAttemptFields,
  }),
);

export const MessageDetail = named(
  'AdminMessageDetail',
  Type.Object({
    ...MessageRow.properties,
    accountName: Nullable(Type.String()),
    webhookUrl: Nullable(
      Type.String({
        description:
          "the account's webhook URL now (a password in it masked); null when it has none: reports by webhook wait",
      }),
    ),
    request: Nullable(
      Type.Object({
        requestId: Type.String(),
        resvKey: Nullable(Type.String()),
        groupKey: Nullable(Type.String()),
        ref: Nullable(Type.String({ description: "the request's ref" })),
        flow: Type.Array(FlowStepView, {
          description: 'the messageFlow: channels in the order they are tried',
        }),
      }),
    ),
    attempts: Type.Array(AttemptRow, { description: 'every channel tried, in flow order' }),
    reports: Type.Array(MessageReport, { description: 'in the order they were made' }),
  }),
);

export const MsgKeyParams = Type.Object({ msgKey: Type.String({ minLength: 1, maxLength: 100 }) });

export const searchMessagesSchema = {
  operationId: 'searchMessages',
  ...opsDoc(
    'Search messages of every account, newest first',
    'By msgKey (one message), account (its index, with from/until), or else by msgKey order. A filter ' +
      `no index serves (to, status, sender, text; from/until without an account) is checked on at most ${SCAN_WINDOW} ` +
      'messages per call: follow `next` to look further; `searchedUntil` says how far this call looked.',
  ),
  querystring: MessageSearchQuery,
  response: opsAnswers(MessagePage),
};

export const showMessageSchema = {
  operationId: 'adminGetMessage',
  ...opsDoc('One message: its flow, every attempt (failover steps) and its reports'),
  params: MsgKeyParams,
  response: opsAnswers(MessageDetail),
};
