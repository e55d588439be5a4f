import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-types.ts';

/*
 * What the console shows of a handset: every step sent to it, delivered (the phone shows it) or
 * failed at the handset (a marked event, not a gap). Free of server imports: the console takes
 * its types from here.
 */

const Time = Type.String({ description: 'ISO 8601, Korea time (+09:00)' });

export const TimelineItem = Type.Object({
  id: Type.Integer({ description: 'arrival order; the cursor of paging and of the live stream' }),
  kind: Type.Union([Type.Literal('message'), Type.Literal('failure')], {
    description: 'message: the handset shows it; failure: the step failed at the handset (see failure)',
  }),
  channel: Type.String({ description: 'sms, mms, infomsg, rcs or brandmessage' }),
  msgType: Nullable(Type.String({ description: 'SM, LM, MM, AT, AI, the RCS or brand message type' })),
  from: Nullable(Type.String()),
  title: Nullable(Type.String()),
  text: Type.String({ description: 'after #{key} substitution' }),
  msgKey: Type.String(),
  step: Type.Integer({ description: 'the messageFlow index' }),
  failover: Type.Boolean({ description: 'true when an earlier step of the message failed (step > 0)' }),
  receivedAt: Time,
  payload: Type.Object({}, { additionalProperties: true, description: 'the channel object as sent' }),
  failure: Nullable(
    Type.Object({ code: Type.String({ description: 'the report code' }), text: Type.String() }),
  ),
});
