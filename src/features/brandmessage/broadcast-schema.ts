import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';

/*
 * Bodies and queries of /api/comm/v1/center/brandmessage/groupMessage. Fields are optional to
 * the schema where a missing one gets its own code in the use case; digit strings are accepted
 * where the spec has integers (tpsLimit, requestId). Then the records they answer; descriptions and
 * real examples are in broadcast-docs.ts, loaded with the OpenAPI document.
 */

export const CreateBody = Type.Object({
  brandmessage: Type.Object({
    senderKey: Type.Optional(Type.String()),
    templateCode: Type.Optional(Type.String()),
    friendGroupKey: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'omitted or null: all friends of the profile',
      }),
    ),
    sendStartAt: Type.Optional(Time('korea', '≥ 10 minutes ahead, inside 08:00-20:50')),
    campaignId: Type.Optional(Type.String({ description: 'at most 100 characters' })),
    tpsLimit: Type.Optional(Type.Integer({ description: 'messages a second, 1 to 1000; default 100' })),
    pushAlarm: Type.Optional(Type.String({ description: 'Y (default) or N' })),
  }),
  paymentCode: Type.Optional(Type.String()),
});
export type CreateBodyT = Static<typeof CreateBody>;

/** Bounded so that a huge id is refused, not passed on to overflow PostgreSQL's bigint (a 500). */
const RequestId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const ActionBody = Type.Object({
  brandmessage: Type.Object({
    senderKey: Type.String({ minLength: 1 }),
    requestId: RequestId,
  }),
});
export type ActionBodyT = Static<typeof ActionBody>;

export const GetQuery = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  requestId: RequestId,
});

export const EstimateQuery = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  startTime: Time('local'),
  // The estimate walks the sending windows day by day: an unbounded count held the event loop
  // for minutes. 100 million is past any friend group.
  count: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  target: Type.Optional(Type.String({ description: 'a friend-group target type (not used in the figure)' })),
  tpsLimit: Type.Optional(
    Type.Integer({ description: 'messages a second, 1 to 1000; default 100 (as a broadcast)' }),
  ),
});

// ---- the answers ----

export const Broadcast = named(
  'Broadcast',
  Type.Object(
    {
      requestId: Type.String({
        description:
          "The broadcast's id as a digit string (the requests that name it take a number or this string)",
      }),
      status: StringEnum(['READY', 'SENDING', 'PAUSED', 'TERMINATED', 'DONE', 'BLOCKED'] as const),
      sendStartAt: Time('korea'),
      campaignId: Type.String({ description: '"" when none was given' }),
      tpsLimit: Type.Integer({ description: 'Messages a second' }),
      pushAlarm: StringEnum(['Y', 'N'] as const),
      expectedCount: Type.Integer({ description: 'Recipients counted when it was scheduled' }),
      sendCount: Type.Integer({ description: 'Messages handed over so far' }),
      senderKey: Type.String(),
      templateCode: Type.String(),
      msgType: Type.String(),
      friendGroupKey: Nullable(Type.String({ description: 'Null: all friends of the profile' })),
      doneAt: Nullable(Time('korea', 'when it was done, terminated or blocked')),
    },
    { description: 'A brand message broadcast (groupMessage)' },
  ),
);
/**
 * data.data.brandmessage as the client API answers it. The spec's broadcast record types
 * requestId as a string: a client decoding into a string field (Go, Swift, Kotlin) fails on a JSON
 * number, so the client API answers its digits as a string, while requests may give it either
 * way. The operator API keeps the number (BroadcastView), which its console sorts and links by.
 */
export type BroadcastRecord = Static<typeof Broadcast>;

export const BroadcastEstimate = named(
  'BroadcastEstimate',
  Type.Object(
    {
      estimatedFinishedAt: Time('local'),
      duration: Type.Integer({ description: 'Seconds from startTime, nights (20:50-08:00) included' }),
    },
    { description: 'When a broadcast would finish' },
  ),
);
export type BroadcastEstimateT = Static<typeof BroadcastEstimate>;
