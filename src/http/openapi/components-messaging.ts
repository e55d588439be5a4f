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
