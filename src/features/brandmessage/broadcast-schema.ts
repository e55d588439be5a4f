import { type Static, Type } from '@sinclair/typebox';

/*
 * Bodies and queries of /api/comm/v1/center/brandmessage/groupMessage. Fields are optional to
 * the schema where a missing one gets its own code in the use case; digit strings are accepted
 * where the spec has integers (tpsLimit, requestId).
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
    sendStartAt: Type.Optional(
      Type.String({
        description: 'yyyy-MM-dd HH:mm:ss (Korea time): ≥ 10 minutes ahead, inside 08:00-20:50',
      }),
    ),
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
  startTime: Type.String({ description: 'yyyy-MM-ddTHH:mm:ss, Korea time' }),
  // The estimate walks the sending windows day by day: an unbounded count held the event loop
  // for minutes. 100 million is past any friend group.
  count: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  target: Type.Optional(Type.String({ description: 'a friend-group target type (not used in the figure)' })),
  tpsLimit: Type.Optional(
    Type.Integer({ description: 'messages a second, 1 to 1000; default 100 (as a broadcast)' }),
  ),
});
