import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import * as Mo from '../../features/mo/schemas.ts';
import * as Policy from '../../features/policy/schemas.ts';
import * as Reports from '../../features/reports/schemas.ts';
import { FlowEntry, SendBody } from '../../features/send/schema.ts';
import { named } from './components.ts';

/*
 * Named records of the messaging operations (send, reservations, reports and inquiries, MO
 * history, opt-out, 2FA, uploads). Where a route already describes a record (the report routes,
 * MO history, the opt-out list) the route's own schema is named here, so the two cannot drift.
 */

/** The payload (`data.data`) of a client envelope schema a route declares (ClientEnvelope, envelope()). */
function payloadOf(envelope: TSchema): TObject {
  const data = (envelope as TObject).properties.data as TObject | undefined;
  const payload = data?.properties.data;
  if (!payload) throw new Error('not a client envelope schema');
  return payload as TObject;
}

const Kst = (description: string) =>
  Type.String({ description: `${description}; yyyy-MM-dd HH:mm:ss, Korea time` });

// ---- send: the request's records ----

export const Destination = named('Destination', SendBody.properties.destinations.items);
export const SmsContent = named('SmsContent', FlowEntry.properties.sms);
export const MmsContent = named('MmsContent', FlowEntry.properties.mms);
export const InfomsgContent = named('InfomsgContent', FlowEntry.properties.infomsg);
export const RcsContent = named('RcsContent', FlowEntry.properties.rcs);
export const BrandMessageContent = named('BrandMessageContent', FlowEntry.properties.brandmessage);
export const MessageFlowStep = named('MessageFlowStep', FlowEntry);

// ---- send and reservations: the answers ----

export const DestinationResult = named(
  'DestinationResult',
  Type.Object(
    {
      to: Type.String({ description: 'the number as given' }),
      msgKey: Type.String({
        description: 'the message key (reports, inquiries); "" when this recipient was refused',
      }),
      code: Type.String({
        description:
          "A000 accepted; A301 a replay of an idempotencyKey (msgKey: the first send's); else why this recipient was refused (A306, A313, A322-A324, A328, A333, A335)",
      }),
      result: Type.String({ description: "the code's text, with what was wrong" }),
    },
    { description: 'What became of one recipient, in the order of destinations' },
  ),
);

export const SendResult = named(
  'SendResult',
  Type.Object({ destinations: Type.Array(DestinationResult) }, { description: 'One result per recipient' }),
);

const RESV_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'STOPPED', 'CANCELLED'];

export const Reservation = named(
  'Reservation',
  Type.Object(
    {
      seq: Type.Integer({ description: 'order of creation in the account: the list cursor (lastSeq)' }),
      resvKey: Type.String(),
      resvName: Type.String({ description: '"" when none was given' }),
      resvSendTime: Kst('when it sends'),
      status: Type.String({
        enum: RESV_STATUSES,
        description:
          'PENDING (waiting for its time), PROCESSING (sending), DONE, STOPPED (held until resumed), CANCELLED',
      }),
      destinationCount: Type.Integer({ description: 'recipients, cancelled ones not counted' }),
      messages: Type.Object(
        {},
        {
          additionalProperties: Type.Integer(),
          description:
            'recipients by message state: held (waiting for the time), queued, waiting, delivered, failed, uncertain, cancelled',
        },
      ),
      createdAt: Kst('when it was made'),
      updatedAt: Kst('its last change'),
    },
    { description: 'A reservation as the client reads it' },
  ),
);

export const ReservationList = named(
  'ReservationList',
  Type.Object({
    reservations: Type.Array(Reservation),
    lastSeq: Type.Integer({ description: 'the seq of the last one here: lastSeq of the next page' }),
    hasNext: Type.Boolean({ description: 'another page follows' }),
    limit: Type.Integer(),
  }),
);

export const ReservationDestination = named(
  'ReservationDestination',
  Type.Object(
    {
      msgKey: Type.String(),
      to: Type.String({ description: 'the number as it is dialled' }),
      status: Type.String({
        description:
          'held until the reservation sends; then queued, waiting, delivered, failed, ... or cancelled',
      }),
      reportCode: Type.String({ description: '"" while no report is known' }),
      replaceWords: Type.Optional(
        Type.Unsafe<Record<string, string>>({
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'the #{key} values given for this recipient; absent when none',
        }),
      ),
    },
    { description: 'One recipient of a reservation' },
  ),
);

export const ReservationDestinationPage = named(
  'ReservationDestinationPage',
  Type.Object({
    resvKey: Type.String(),
    offset: Type.Integer(),
    limit: Type.Integer(),
    destinations: Type.Array(ReservationDestination),
  }),
);

export const ReservationDestinationsAdded = named(
  'ReservationDestinationsAdded',
  Type.Object({ resvKey: Type.String(), destinations: Type.Array(DestinationResult) }),
);

export const ReservationDestinationRemoved = named(
  'ReservationDestinationRemoved',
  Type.Object({ resvKey: Type.String(), msgKey: Type.String({ description: 'the recipient removed' }) }),
);

// ---- reports and inquiries (the report routes' own schemas) ----

export const Report = named('Report', Reports.ReportRecord);
export const ReportBatch = named('ReportBatch', payloadOf(Reports.polling.response[200]));
export const ReportAck = named('ReportAck', payloadOf(Reports.pollingAck.response[200]));
export const ReportInquiry = named('ReportInquiry', payloadOf(Reports.reportInquiry.response[200]));
export const MessageAttempt = named('MessageAttempt', Reports.AttemptRecord);
export const MessageInquiry = named('MessageInquiry', payloadOf(Reports.messageInquiry.response[200]));

// ---- MO history and the opt-out list (the routes' own schemas) ----

export const MoMessage = named('MoMessage', Mo.MoMessage);
export const MoHistoryPage = named('MoHistoryPage', payloadOf(Mo.clientHistory.response[200]));

export const OptOutEntry = named('OptOutEntry', Policy.OptOutEntry);
export const OptOutPage = named('OptOutPage', payloadOf(Policy.clientList.response[200]));
export const OptOutsAdded = named('OptOutsAdded', payloadOf(Policy.clientAdd.response[200]));
export const OptOutRemoved = named('OptOutRemoved', payloadOf(Policy.clientRemove.response[200]));

// ---- two-factor authentication: its fields are in `data` itself ----

export const TwoFactorLogEntry = named(
  'TwoFactorLogEntry',
  Type.Object(
    {
      requestId: Type.String(),
      requestDate: Kst('when the code was requested'),
      status: Type.String({
        enum: ['PENDING', 'SUCCESS'],
        description: 'SUCCESS once verified; PENDING otherwise (expired and locked requests too)',
      }),
      verifyDate: Type.String({ description: 'when it was verified (Korea time); "" while PENDING' }),
    },
    { description: 'One verification request' },
  ),
);

// ---- uploads ----

export const UploadedMmsImage = named(
  'UploadedMmsImage',
  Type.Object({
    fileKey: Type.String({ description: 'the key to name in mms.fileKey' }),
    expired: Type.String({ description: 'until when it can be sent (7 days); ISO 8601, +09:00' }),
  }),
);

export const UploadedRcsMedia = named(
  'UploadedRcsMedia',
  Type.Object({
    media: Type.String({ description: 'the value for rcs.body.media (the fileKey)' }),
    expired: Type.String({ description: 'until when it can be sent (7 days); ISO 8601, +09:00' }),
  }),
);

export const UploadedTemplateImage = named(
  'UploadedTemplateImage',
  Type.Object({
    imgUrl: Type.String({ description: 'where the gateway serves it: the value a template names' }),
    fileName: Type.String({ description: 'imageName, or the file name without its extension' }),
  }),
);

export const UploadedImage = named(
  'UploadedImage',
  Type.Object({
    imgUrl: Type.String({
      description: 'where the gateway serves it: the value a brand message template names',
    }),
  }),
);
