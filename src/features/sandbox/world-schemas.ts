import { Type } from '@sinclair/typebox';
import type { Channel } from '../../connectors/types.ts';
import { named } from '../../http/openapi/components.ts';
import { Nullable, Time } from '../../http/schema-types.ts';
import { SENDER_KEY_MAX } from '../admin/profiles.ts';

/*
 * Schemas of the sandbox world API. Bodies refuse unknown fields, as the operator API does: a
 * misspelt `recievable` silently ignored would leave a test believing the handset is set.
 */

export const CARRIER_MAX = 20;
export const FAIL_CODE_MAX = 20;
export const FRIEND_OF_MAX = 1000;
/** Up to 30 days: beyond the 5-day DLR wait, so a receipt that never comes in time can be shown. */
export const RECEIPT_DELAY_MAX = 30 * 86_400;
export const INBOX_PAGE_MAX = 1000;

// Not a pattern: a malformed number is A306 (invalid recipient), checked by the use case.
export const PhoneParams = Type.Object({
  phone: Type.String({ description: 'the handset number as messages are sent to it: 8 to 15 digits' }),
});

const Rcs = Type.Union(
  [
    Type.Object(
      {
        unified: Type.Boolean({ description: 'reachable by unified RCS (iOS and Android)' }),
        android: Type.Boolean({ description: 'Android RCS: shows header, footer and copyAllowed' }),
      },
      { additionalProperties: false },
    ),
    Type.Literal(false, { description: 'not an RCS device' }),
  ],
  { description: 'RCS support, or false for none (default: both)' },
);

const FailCode = Type.Optional(Type.String({ minLength: 1, maxLength: FAIL_CODE_MAX }));
const failFields = {
  sms: FailCode,
  mms: FailCode,
  infomsg: FailCode,
  rcs: FailCode,
  brandmessage: FailCode,
} satisfies Record<Channel, unknown>;
const Fail = Type.Object(failFields, {
  additionalProperties: false,
  description: 'channel → report code every message of that channel fails with, e.g. {"sms": "23003"}',
});
const FailView = Type.Unsafe<Partial<Record<Channel, string>>>(Type.Record(Type.String(), Type.String()));

const FriendOf = Nullable(
  Type.Array(Type.String({ minLength: 1, maxLength: SENDER_KEY_MAX }), {
    maxItems: FRIEND_OF_MAX,
    description: 'senderKeys whose channel the handset befriended; null or absent: every senderKey',
  }),
);

export const HandsetBody = Type.Object(
  {
    carrier: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CARRIER_MAX,
        description: 'default: SKT, KT or LGU+ by the last digit',
      }),
    ),
    reachable: Type.Optional(
      Type.Boolean({ description: 'false: every message fails with 30001 (default true)' }),
    ),
    rcs: Type.Optional(Rcs),
    appUser: Type.Optional(
      Nullable(
        Type.Object(
          {
            connected: Type.Optional(Type.Boolean({ description: 'default true' })),
            lastActiveAt: Type.Optional(Time('isoOrKorea', 'default: the send time (always active)')),
            signedUpAt: Type.Optional(Time('isoOrKorea', 'default: a year before the send')),
          },
          {
            additionalProperties: false,
            description: 'a messaging-app user; null: not a user (default: an active user)',
          },
        ),
      ),
    ),
    friendOf: Type.Optional(FriendOf),
    fail: Type.Optional(Fail),
    receiptDelaySeconds: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: RECEIPT_DELAY_MAX,
        description: 'seconds between the send and the delivery receipt (default 0: at once)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const HandsetView = named(
  'Handset',
  Type.Object({
    phone: Type.String(),
    configured: Type.Boolean({ description: 'false: never set (or reset): the defaults apply' }),
    carrier: Type.String(),
    reachable: Type.Boolean(),
    rcs: Rcs,
    appUser: Nullable(
      Type.Object({ connected: Type.Boolean(), lastActiveAt: Time('iso'), signedUpAt: Time('iso') }),
    ),
    friendOf: FriendOf,
    fail: FailView,
    receiptDelaySeconds: Type.Number(),
    defaults: Type.Array(Type.String(), {
      description: 'properties showing their default; a defaulted appUser time is the current clock time',
    }),
    updatedAt: Nullable(Time('iso')),
  }),
);

export const InboxQuery = Type.Object({
  since: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'show messages after this id',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INBOX_PAGE_MAX, default: INBOX_PAGE_MAX })),
});

export const InboxMessage = named(
  'InboxMessage',
  Type.Object({
    id: Type.Integer({ description: 'arrival order' }),
    channel: Type.String(),
    from: Nullable(Type.String()),
    title: Nullable(Type.String()),
    text: Type.String({ description: 'after #{key} substitution' }),
    msgKey: Type.String(),
    step: Type.Integer({ description: 'the messageFlow index that delivered it' }),
    receivedAt: Time('iso'),
    payload: Type.Object({}, { additionalProperties: true, description: 'the channel object as delivered' }),
  }),
);

export const InboxView = named(
  'InboxPage',
  Type.Object({
    phone: Type.String(),
    messages: Type.Array(InboxMessage),
    lastId: Nullable(Type.Integer({ description: 'pass as since for the next page' })),
    hasNext: Type.Boolean(),
  }),
);

export const InboxCleared = named(
  'InboxCleared',
  Type.Object({ phone: Type.String(), deleted: Type.Integer() }),
);
