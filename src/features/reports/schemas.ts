import { type TSchema, Type } from '@sinclair/typebox';
import type { Envelope } from '../../http/envelope.ts';
import { Nullable, StringEnum } from '../../http/schema-types.ts';

/*
 * Schemas of the report routes: validation, handler types and the OpenAPI entries at once.
 * Only the success answer is described; errors are the common envelope with data.code set.
 */

const doc = (summary: string, description?: string) => ({
  tags: ['reports'],
  summary,
  ...(description ? { description } : {}),
  security: [{ apiKey: [] }],
});

const Kst = (description: string) =>
  Type.String({ description: `${description}; yyyy-MM-dd HH:mm:ss, Korea time` });

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

export const ReportRecord = Type.Object({
  msgKey: Type.String(),
  serviceType: Type.String(),
  msgType: Type.String(),
  reportType: StringEnum(
    ['STANDARD', 'DLR'] as const,
    'STANDARD: the result of the message; DLR: the handset receipt',
  ),
  reportCode: Type.String({ description: '10000 delivered; see docs/reports.md for the others' }),
  reportText: Type.String(),
  reportTime: Kst('when the result was known'),
  sendTime: Kst('when the message was handed to the network'),
  carrier: Type.String(),
  ref: Type.String({
    description: 'the recipient\'s destinations[].ref; without one, the request\'s ref; "" when neither',
  }),
});

export const MsgKeyParams = Type.Object({ msgKey: Type.String({ minLength: 1, maxLength: 100 }) });
export const ReportIdParams = Type.Object({ reportId: Type.String({ minLength: 1, maxLength: 100 }) });

export const polling = {
  ...doc(
    'Take the waiting reports (polling mode)',
    'Up to 1,000 reports, oldest first. The same batch (same reportId) is answered until it is ' +
      'acknowledged with DELETE; nothing waiting: reportId "" and report null.',
  ),
  response: {
    200: envelope(
      Type.Object({
        reportId: Type.String({ description: 'the batch id to acknowledge; "" when nothing waits' }),
        report: Nullable(Type.Array(ReportRecord)),
      }),
    ),
  },
};

export const pollingAck = {
  ...doc(
    'Acknowledge a polled batch',
    'The next poll then answers the next batch. Acknowledging the same batch again answers A000; ' +
      "an unknown reportId, or another account's, is A820.",
  ),
  params: ReportIdParams,
  response: { 200: envelope(Type.Object({ reportId: Type.String() })) },
};

export const reportInquiry = {
  ...doc('Every report of a message', 'STANDARD and DLR records alike, in the order they were made.'),
  params: MsgKeyParams,
  response: { 200: envelope(Type.Object({ msgKey: Type.String(), report: Type.Array(ReportRecord) })) },
};

export const AttemptRecord = Type.Object({
  msgKey: Type.String(),
  serviceType: Type.String(),
  msgType: Type.String(),
  channel: Type.String({ description: 'the messageFlow channel of this attempt (sms, mms, infomsg, ...)' }),
  fallback: StringEnum(['Y', 'N'] as const, 'Y for a failover step, N for the first'),
  reportCode: Type.String({ description: '"" while the result is not known' }),
  reportText: Type.String(),
  carrier: Type.String(),
  status: Type.String({ description: 'waiting, delivered, failed or uncertain' }),
  sendTime: Kst('when this attempt was handed to the network'),
  reportTime: Type.String({ description: 'when its result was known (Korea time); "" while waiting' }),
});

export const messageInquiry = {
  ...doc(
    'A message and each channel attempted for it',
    'One entry per messageFlow step tried, in order; empty while the message has not been attempted.',
  ),
  params: MsgKeyParams,
  response: {
    200: envelope(
      Type.Object({
        msgKey: Type.String(),
        to: Type.String(),
        status: Type.String({ description: 'queued, waiting, held, delivered, failed or uncertain' }),
        messages: Type.Array(AttemptRecord),
      }),
    ),
  },
};
