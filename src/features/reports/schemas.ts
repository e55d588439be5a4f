import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { Envelope } from '../../http/envelope.ts';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';

/*
 * Schemas of the report routes: validation, handler types and the OpenAPI entries at once.
 * Only the success answer is described; errors are the common envelope with data.code set.
 * The records they answer are named for the OpenAPI document; the operations' descriptions and
 * real answers are in docs.ts, loaded with the document.
 */

const doc = (operationId: string, summary: string, description?: string) => ({
  operationId,
  tags: ['reports'],
  summary,
  ...(description ? { description } : {}),
  security: [{ apiKey: [] }],
});

/**
 * The spec's envelope around an operation's payload. Typed as the Envelope that success() builds:
 * the JSON schema still describes the payload in full for the serializer and OpenAPI, and the
 * use cases' own return types keep the payload honest.
 */
function envelope<T extends TSchema>(payload: T) {
  const schema = Type.Object({
    common: Type.Object({
      authCode: Type.String(),
      authResult: Type.String(),
      providerTrId: Type.String(),
    }),
    data: Type.Object({
      code: Type.String({ description: 'A000 on success' }),
      result: Type.String(),
      data: payload,
    }),
  });
  return Type.Unsafe<Envelope>(schema);
}

// ---- the answers ----

export const ReportRecord = named(
  'Report',
  Type.Object({
    msgKey: Type.String(),
    serviceType: Type.String(),
    msgType: Type.String(),
    reportType: StringEnum(
      ['STANDARD', 'DLR'] as const,
      'STANDARD: the result of the message; DLR: the handset receipt',
    ),
    reportCode: Type.String({ description: '10000 delivered; see docs/reports.md for the others' }),
    reportText: Type.String(),
    reportTime: Time('korea', 'when the result was known'),
    sendTime: Time('korea', 'when the message was handed to the network'),
    carrier: Type.String(),
    ref: Type.String({
      description: 'the recipient\'s destinations[].ref; without one, the request\'s ref; "" when neither',
    }),
  }),
);

export const ReportBatch = named(
  'ReportBatch',
  Type.Object({
    reportId: Type.String({ description: 'the batch id to acknowledge; "" when nothing waits' }),
    report: Nullable(Type.Array(ReportRecord)),
  }),
);

export const ReportAck = named('ReportAck', Type.Object({ reportId: Type.String() }));

export const ReportInquiry = named(
  'ReportInquiry',
  Type.Object({ msgKey: Type.String(), report: Type.Array(ReportRecord) }),
);

export const AttemptRecord = named(
  'MessageAttempt',
  Type.Object({
    msgKey: Type.String(),
    serviceType: Type.String(),
    msgType: Type.String(),
    channel: Type.String({ description: 'the messageFlow channel of this attempt (sms, mms, infomsg, ...)' }),
    fallback: StringEnum(['Y', 'N'] as const, 'Y for a failover step, N for the first'),
    reportCode: Type.String({ description: '"" while the result is not known' }),
    reportText: Type.String(),
    carrier: Type.String(),
    status: Type.String({ description: 'waiting, delivered, failed or uncertain' }),
    sendTime: Time('korea', 'when this attempt was handed to the network'),
    reportTime: Time('koreaOrEmpty', 'when its result was known; "" while waiting'),
  }),
);

export const MessageInquiry = named(
  'MessageInquiry',
  Type.Object({
    msgKey: Type.String(),
    to: Type.String(),
    status: Type.String({ description: 'queued, waiting, held, delivered, failed or uncertain' }),
    messages: Type.Array(AttemptRecord),
  }),
);

/** A delivery report as the client reads it (the store's ReportBody is the same record). */
export type ReportRecordT = Static<typeof ReportRecord>;
export type ReportBatchT = Static<typeof ReportBatch>;
export type ReportInquiryT = Static<typeof ReportInquiry>;
/** One attempt as existing clients read it: every field a string (docs/reports.md#inquiry). */
export type AttemptView = Static<typeof AttemptRecord>;
export type MessageInquiryView = Static<typeof MessageInquiry>;

// ---- the routes ----

export const MsgKeyParams = Type.Object({ msgKey: Type.String({ minLength: 1, maxLength: 100 }) });
export const ReportIdParams = Type.Object({ reportId: Type.String({ minLength: 1, maxLength: 100 }) });

export const polling = {
  ...doc(
    'pollReports',
    'Take the waiting reports (polling mode)',
    'Up to 1,000 reports, oldest first. The same batch (same reportId) is answered until it is ' +
      'acknowledged with DELETE; nothing waiting: reportId "" and report null.',
  ),
  response: { 200: envelope(ReportBatch) },
};

export const pollingAck = {
  ...doc(
    'ackReports',
    'Acknowledge a polled batch',
    'The next poll then answers the next batch. Acknowledging the same batch again answers A000; ' +
      "an unknown reportId, or another account's, is A820.",
  ),
  params: ReportIdParams,
  response: { 200: envelope(ReportAck) },
};

export const reportInquiry = {
  ...doc(
    'getReportInquiry',
    'Every report of a message',
    'STANDARD and DLR records alike, in the order they were made.',
  ),
  params: MsgKeyParams,
  response: { 200: envelope(ReportInquiry) },
};

export const messageInquiry = {
  ...doc(
    'getMessageInquiry',
    'A message and each channel attempted for it',
    'One entry per messageFlow step tried, in order; empty while the message has not been attempted.',
  ),
  params: MsgKeyParams,
  response: { 200: envelope(MessageInquiry) },
};
