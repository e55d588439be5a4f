import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { ClientEnvelope, Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { MO_STATUSES } from '../../store/mo/mo.ts';
import { WebhookAttemptFields } from '../admin/webhook-attempt-schemas.ts';

/*
 * Schemas of the MO routes (client, operator, sandbox): validation, handler types and OpenAPI.
 * Filters are checked by the use case (A734 naming the field), so the query takes plain strings.
 */

const Iso = (description: string) => Time('iso', description);

/** An MO as the client and the operator read it: the webhook body plus its delivery. */
export const MoMessage = named(
  'MoMessage',
  Type.Object({
    msgKey: Type.String(),
    serviceType: Type.Unsafe<'MO'>(Type.String({ description: 'MO' })),
    msgType: Type.Unsafe<'SM'>(Type.String({ description: 'SM' })),
    to: Type.String({ description: 'the MO number' }),
    from: Type.String({ description: 'the number the sender entered (the device number by default)' }),
    carrier: Type.String(),
    originator: Type.String({ description: 'the device that sent the MO' }),
    content: Type.String(),
    occurredTime: Iso('when the handset sent it'),
    status: StringEnum(
      MO_STATUSES,
      'webhook delivery: PENDING, FAILED (retry scheduled), DELIVERED, GIVEN_UP',
    ),
    attempts: Type.Integer({ description: 'posts to the webhook so far' }),
    lastError: Nullable(Type.String({ description: 'why the last attempt failed' })),
    receivedAt: Iso('when the gateway received it'),
    lastAttemptAt: Nullable(Iso('the last attempt')),
    nextAttemptAt: Nullable(Iso('the next attempt, while one is scheduled')),
    deliveredAt: Nullable(Iso('when the webhook acknowledged it')),
  }),
);

export const MoHistoryPage = named(
  'MoHistoryPage',
  Type.Object({
    messages: Type.Array(MoMessage),
    offset: Type.Integer({ description: 'MOs before this page' }),
    limit: Type.Integer(),
    hasNext: Type.Boolean({ description: 'another page follows' }),
    lastSeq: Type.Integer({
      description: 'MOs up to the end of this page (the cursor): lastSeq of the next page',
    }),
  }),
);
export type MoView = Static<typeof MoMessage>;
export type MoPage = Static<typeof MoHistoryPage>;

export const MoListQuery = Type.Object({
  date: Type.Optional(Time('day', 'MOs received that Korea-time day')),
  status: Type.Optional(Type.String({ description: MO_STATUSES.join(', ') })),
  occurredTime: Type.Optional(Time('isoOrKorea', 'only MOs the handset sent at or after this time')),
  from: Type.Optional(
    Type.String({ description: 'only MOs from this number (the number the sender entered)' }),
  ),
  to: Type.Optional(Type.String({ description: 'only MOs to this MO number' })),
  lastSeq: Type.Optional(
    Type.Integer({ description: 'cursor: the lastSeq of the previous page (0 or absent: the first)' }),
  ),
  offset: Type.Optional(Type.Integer({ description: 'MOs to skip (newest first); default 0; lastSeq wins' })),
  limit: Type.Optional(Type.Integer({ description: '1 to 1000; default 100' })),
});

export const clientHistory = {
  operationId: 'listMoMessages',
  tags: ['mo'],
  summary: 'MO messages received for the account, with their webhook delivery (newest first)',
  security: [{ apiKey: [] }],
  querystring: MoListQuery,
  response: { 200: ClientEnvelope(MoHistoryPage) },
};

const ErrorBody = Type.Object({ code: Type.String(), result: Type.String() });
const answers = <T extends TSchema>(schema: T) => ({ 200: schema, '4xx': ErrorBody });
const adminDoc = (summary: string) => ({ tags: ['admin'], summary, security: [{ adminToken: [] }] });

const AdminMo = named(
  'AdminMoMessage',
  Type.Composite([Type.Object({ accountId: Type.String() }), MoMessage]),
);

export const adminList = {
  operationId: 'adminListMo',
  ...adminDoc("The account's MO messages and their delivery, newest first"),
  params: Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 100 }) }),
  querystring: MoListQuery,
  response: answers(
    named(
      'AdminMoPage',
      Type.Composite([
        Type.Object({
          accountId: Type.String(),
          webhookConfigured: Type.Boolean({
            description:
              'whether the account has a webhook to post MOs to now (URL and secret); false: its MOs wait, retried on their schedule, until one is set',
          }),
        }),
        MoHistoryPage,
      ]),
    ),
  ),
};
export type AdminMoPage = Static<(typeof adminList.response)[200]>;

const MsgKeyParams = Type.Object({ msgKey: Type.String({ minLength: 1, maxLength: 100 }) });

/** The operator's MO page (the console's debugger): the MO, where it goes, and every post of it. */
const AdminMoDetail = named(
  'AdminMoDetail',
  Type.Composite([
    AdminMo,
    Type.Object({
      webhookConfigured: Type.Boolean({
        description: 'the account has a webhook now (URL and secret); false: the MO waits for one',
      }),
      webhookUrl: Nullable(
        Type.String({ description: "the account's webhook URL now, a password in it masked" }),
      ),
      webhookBody: named(
        'AdminMoWebhookBody',
        Type.Pick(MoMessage, [
          'msgKey',
          'serviceType',
          'msgType',
          'to',
          'from',
          'carrier',
          'originator',
          'content',
          'occurredTime',
        ]),
      ),
      ...WebhookAttemptFields,
    }),
  ]),
);

export const adminShow = {
  operationId: 'adminGetMo',
  ...adminDoc('One MO message, its delivery and every webhook attempt'),
  params: MsgKeyParams,
  response: answers(AdminMoDetail),
};
export type AdminMoDetailView = Static<typeof AdminMoDetail>;

export const adminRedeliver = {
  operationId: 'redeliverMo',
  ...adminDoc('Deliver an MO again: a new retry schedule starts now (refused once acknowledged)'),
  params: MsgKeyParams,
  response: answers(AdminMo),
};

export const SandboxMoBody = Type.Object({
  to: Type.String({ description: 'the MO number: a sender number registered by an account' }),
  from: Type.String({ description: 'the number the sender entered' }),
  content: Type.String(),
  carrier: Type.Optional(Type.String({ description: "default: the sandbox handset's carrier" })),
  originator: Type.Optional(Type.String({ description: 'the device; default: from' })),
  networkId: Type.Optional(
    Type.String({ description: "the network's id of the MO: the same id again is the same MO" }),
  ),
});

export const sandboxMo = {
  operationId: 'injectMo',
  tags: ['sandbox'],
  summary: 'A handset sends an MO message (delivered to the webhook of the account owning `to`)',
  body: SandboxMoBody,
  response: answers(
    named(
      'ReceivedMo',
      Type.Object({
        msgKey: Type.String(),
        accountId: Type.String(),
        created: Type.Boolean({ description: 'false: the same networkId was received before' }),
      }),
    ),
  ),
};
