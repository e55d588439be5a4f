import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { Cursor, Limit, opsAnswers, opsDoc, SCAN_WINDOW, WalkFields } from './ops-doc.ts';

/*
 * Schemas of the operator's view of webhook deliveries (MO messages and reports) and of report
 * redelivery. Free of server imports: the console takes its types from here.
 */

export const DELIVERY_KINDS = ['mo', 'report'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** The filter: pending (not tried yet, or a redelivery due), failed (its last try failed), delivered. */
export const DELIVERY_STATES = ['pending', 'failed', 'delivered'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A row's state: the MO statuses, which reports follow too. */
export const DELIVERY_STATUSES = ['PENDING', 'FAILED', 'DELIVERED', 'GIVEN_UP'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliveryListQuery = Type.Object(
  {
    kind: StringEnum(DELIVERY_KINDS, 'mo: MO messages; report: reports delivered by webhook'),
    state: Type.Optional(StringEnum(DELIVERY_STATES)),
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    cursor: Cursor,
    limit: Limit,
  },
  { additionalProperties: false },
);

export const Delivery = named(
  'WebhookDelivery',
  Type.Object({
    kind: StringEnum(DELIVERY_KINDS),
    msgKey: Type.String({ description: 'the MO, or the message the report is of' }),
    reportId: Nullable(
      Type.Integer({ description: 'reports: what POST /reports/{reportId}/redeliver takes' }),
    ),
    accountId: Type.String(),
    status: StringEnum(
      DELIVERY_STATUSES,
      'PENDING: not tried yet (or redelivery due); FAILED: retry scheduled; GIVEN_UP; DELIVERED',
    ),
    attempts: Nullable(
      Type.Integer({
        description:
          'posts so far; reports: of the current delivery job (null once delivered: the job is gone)',
      }),
    ),
    lastError: Nullable(Type.String()),
    nextAttemptAt: Nullable(Time('iso', 'the next retry, while one is scheduled')),
    running: Type.Boolean({
      description: 'reports: an attempt is being made right now (always false for MO)',
    }),
    deliveredAt: Nullable(Time('iso', 'acknowledged by the webhook')),
    createdAt: Time('iso', 'received (MO) or made (report)'),
    summary: Type.String({ description: 'MO: from → to and the text; report: its type, code and text' }),
  }),
);

export const DeliveryPage = named(
  'WebhookDeliveryPage',
  Type.Object({
    kind: StringEnum(DELIVERY_KINDS),
    deliveries: Type.Array(Delivery),
    ...WalkFields,
  }),
);

export const ReportIdParams = Type.Object({
  reportId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

export const listDeliveriesSchema = {
  operationId: 'listWebhookDeliveries',
  ...opsDoc(
    'Webhook deliveries of MO messages or reports: attempts, last error, next retry',
    'Newest first. MO: every MO message; report: reports whose way is the webhook. Pending and ' +
      'failed reports are found through their delivery jobs, delivered ones through the reports. ' +
      `Filters are checked on at most ${SCAN_WINDOW} rows per call (follow \`next\`).`,
  ),
  querystring: DeliveryListQuery,
  response: opsAnswers(DeliveryPage),
};

export const redeliverReportSchema = {
  operationId: 'redeliverReport',
  ...opsDoc(
    'Deliver a report to its webhook again: a new retry schedule starts now',
    'For a report not yet acknowledged: its waiting delivery job is moved to now (never a second ' +
      'job), a dead one is revived, a missing one is added. Refused with A824 when the report is ' +
      'acknowledged (never posted again), is delivered by polling, or is being posted right now; A820 ' +
      'when unknown.',
  ),
  params: ReportIdParams,
  response: opsAnswers(Delivery),
};
