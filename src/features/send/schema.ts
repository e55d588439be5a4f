import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable } from '../../http/schema-types.ts';

/*
 * The send body. Channel objects are described for the OpenAPI page, but their rules are checked
 * in code (channels/), where each broken rule gets its own result code. Unknown fields are ignored,
 * as existing clients send them (docs/decisions.md#foundation).
 */

const Str = (description?: string) => Type.String(description ? { description } : {});
const Words = Type.Record(Type.String(), Type.String());
const Loose = Type.Record(Type.String(), Type.Unknown());

export const Destination = Type.Object({
  to: Str('recipient number: 01012345678, or E.164 digits without + for international'),
  replaceWords: Type.Optional(Words),
  messageVariable: Type.Optional(Loose),
  buttonVariable: Type.Optional(Loose),
  couponVariable: Type.Optional(Loose),
  ref: Type.Optional(Str('echoed in this recipient’s reports')),
});

const Button = Type.Object({
  type: Type.Optional(Str()),
  name: Type.Optional(Str()),
  urlMobile: Type.Optional(Str()),
  urlPc: Type.Optional(Str()),
});

const Sms = Type.Object({
  from: Str(),
  text: Str('at most 90 bytes'),
  originCID: Type.Optional(Str('9 characters')),
});
const Mms = Type.Object({
  from: Str(),
  title: Type.Optional(Str()),
  subject: Type.Optional(Str('synonym of title')),
  text: Str('at most 2000 bytes'),
  fileKey: Type.Optional(
    Type.Array(Type.String(), { description: '1 to 3 keys from /api/comm/v1/file/mms' }),
  ),
  originCID: Type.Optional(Str()),
});
const Infomsg = Type.Object({
  msgType: Str('AT or AI'),
  senderKey: Str(),
  templateCode: Type.Optional(Str()),
  text: Type.Optional(Str()),
  attachment: Type.Optional(Type.Object({ button: Type.Optional(Type.Array(Button)) })),
  responseMethod: Type.Optional(Str('push or polling')),
  timeout: Type.Optional(
    Nullable(Type.Integer({ description: 'polling: 10 to 86400 seconds, default 180' })),
  ),
  sendType: Type.Optional(Str('template: automatic substitution')),
});
const Rcs = Type.Object({
  from: Type.Optional(Str()),
  formatId: Type.Optional(Str()),
  brandKey: Str(),
  body: Type.Optional(
    Type.Object({
      title: Type.Optional(Str()),
      description: Type.Optional(Str()),
      media: Type.Optional(Str()),
    }),
  ),
  expiryOption: Type.Optional(Str()),
  header: Type.Optional(Str('Android RCS only')),
  footer: Type.Optional(Str('Android RCS only')),
  copyAllowed: Type.Optional(Type.Boolean()),
});
const BrandMessage = Type.Object({
  sendType: Str('basic, free or template'),
  msgType: Str(),
  senderKey: Str(),
  templateCode: Type.Optional(Str()),
  content: Type.Optional(Str('free-form body (also accepted as text)')),
  targeting: Type.Optional(Str('I, M, N or O')),
  pushAlarm: Type.Optional(Str()),
  originCID: Type.Optional(Str()),
  unsubscribePhoneNumber: Type.Optional(Str()),
  unsubscribeAuthNumber: Type.Optional(Str()),
  discountRate: Type.Optional(Nullable(Type.Integer({ description: '1 to 100; null when unused' }))),
  // The spec's other spelling: declared so that it is coerced and type-checked as discountRate is.
  discount_rate: Type.Optional(Nullable(Type.Integer({ description: 'synonym of discountRate' }))),
  responseMethod: Type.Optional(Str()),
  timeout: Type.Optional(
    Nullable(Type.Integer({ description: 'polling: 10 to 86400 seconds, default 180' })),
  ),
});

/** Each entry holds exactly one channel object (checked in code: the schema cannot say "exactly one"). */
export const FlowEntry = Type.Object({
  sms: Type.Optional(Type.Partial(Sms)),
  mms: Type.Optional(Type.Partial(Mms)),
  infomsg: Type.Optional(Type.Partial(Infomsg)),
  rcs: Type.Optional(Type.Partial(Rcs)),
  brandmessage: Type.Optional(Type.Partial(BrandMessage)),
});

/*
 * Every field is optional to the schema: a missing or empty field is checked in code, where it
 * gets the spec's code (A303 for text, A306 for a recipient's number) rather than the generic A300.
 */
export const SendBody = Type.Object({
  destinations: Type.Array(Type.Partial(Destination), { description: '1 to 200 recipients' }),
  messageFlow: Type.Array(FlowEntry, { description: 'ordered channels; the next is tried when one fails' }),
  paymentCode: Type.Optional(Str('settlement department code')),
  groupKey: Type.Optional(Str('statistics grouping')),
  /*
   * null counts as absent (clients that serialise unset fields as null): without Nullable, Ajv's
   * coercion turned a null key into "" (A308 on every request) and a null TTL into 0 (a key that
   * expires at once, so retries were sent again).
   */
  idempotencyKey: Type.Optional(Nullable(Type.String({ description: '1 to 200 characters' }))),
  idempotencyTtl: Type.Optional(
    Nullable(Type.Integer({ description: 'seconds, 0 to 86400, default 86400 (also when null)' })),
  ),
  ref: Type.Optional(Str()),
  advertising: Type.Optional(
    Type.Boolean({
      description:
        'Omnigate extension: the request is advertising (the opt-out list applies) even without a "(광고)" label or targeting M, N or O',
    }),
  ),
});

export type SendBodyT = Static<typeof SendBody>;
export type FlowEntryT = Static<typeof FlowEntry>;
export type DestinationT = Static<typeof SendBody>['destinations'][number];

// The request's records, by the names the OpenAPI document gives them.
named('Destination', SendBody.properties.destinations.items);
named('SmsContent', FlowEntry.properties.sms);
named('MmsContent', FlowEntry.properties.mms);
named('InfomsgContent', FlowEntry.properties.infomsg);
named('RcsContent', FlowEntry.properties.rcs);
named('BrandMessageContent', FlowEntry.properties.brandmessage);
named('MessageFlowStep', FlowEntry);

// ---- the answer ----

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
          "A000 accepted; A301 a replay of an idempotencyKey (msgKey: the first send's); else why this recipient was refused (A306, A337, A322-A324, A328, A333, A335)",
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
export type DestinationResultT = Static<typeof DestinationResult>;
