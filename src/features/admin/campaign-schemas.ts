import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { Cursor, Limit, opsAnswers, opsDoc, SCAN_WINDOW, WalkFields } from './ops-doc.ts';

/*
 * Schemas of the operator's reservations and broadcasts of every account, and their actions.
 * Free of server imports: the console takes its types (and the states) from here.
 */

export const RESERVATION_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'STOPPED', 'CANCELLED'] as const;
export const RESERVATION_ACTIONS = ['stop', 'resume', 'cancel'] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

export const BROADCAST_STATUSES = ['READY', 'SENDING', 'PAUSED', 'TERMINATED', 'DONE', 'BLOCKED'] as const;
export const BROADCAST_ACTIONS = ['pause', 'resume', 'terminate'] as const;
export type BroadcastAction = (typeof BROADCAST_ACTIONS)[number];

const Progress = Type.Object(
  {
    sent: Type.Integer({
      description: 'reservations: messages handed to a connector; broadcasts: sendCount',
    }),
    expected: Type.Integer({
      description: 'reservations: every destination (cancelled ones too); broadcasts: expectedCount',
    }),
  },
  { description: 'sent of expected' },
);

export const ReservationListQuery = Type.Object(
  {
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(StringEnum(RESERVATION_STATUSES)),
    cursor: Cursor,
    limit: Limit,
  },
  { additionalProperties: false },
);

export const ReservationRow = named(
  'AdminReservation',
  Type.Object({
    accountId: Type.String(),
    seq: Type.Integer(),
    resvKey: Type.String(),
    resvName: Type.String(),
    resvSendTime: Time('korea'),
    status: StringEnum(RESERVATION_STATUSES),
    destinationCount: Type.Integer(),
    messages: Type.Record(Type.String(), Type.Integer(), {
      description: 'messages by state: held, queued, waiting, delivered, failed, uncertain, cancelled',
    }),
    createdAt: Time('korea'),
    updatedAt: Time('korea'),
    progress: Progress,
    actions: Type.Array(StringEnum(RESERVATION_ACTIONS), { description: 'what its state allows now' }),
  }),
);

export const ReservationPage = named(
  'AdminReservationPage',
  Type.Object({ reservations: Type.Array(ReservationRow), ...WalkFields }),
);

export const BroadcastListQuery = Type.Object(
  {
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    senderKey: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    status: Type.Optional(StringEnum(BROADCAST_STATUSES)),
    cursor: Cursor,
    limit: Limit,
  },
  { additionalProperties: false },
);

export const BroadcastRow = named(
  'AdminBroadcast',
  Type.Object({
    accountId: Type.String(),
    requestId: Type.Integer({ description: 'the broadcast across accounts: what the operator routes take' }),
    accountRequestId: Type.Integer({
      description: "the account's own number for it: the requestId its client API shows",
    }),
    status: StringEnum(BROADCAST_STATUSES),
    sendStartAt: Time('korea'),
    campaignId: Type.String(),
    tpsLimit: Type.Integer(),
    pushAlarm: Type.String(),
    expectedCount: Type.Integer(),
    sendCount: Type.Integer(),
    senderKey: Type.String(),
    templateCode: Type.String(),
    msgType: Type.String(),
    friendGroupKey: Nullable(Type.String()),
    doneAt: Nullable(Time('korea')),
    progress: Progress,
    actions: Type.Array(StringEnum(BROADCAST_ACTIONS), { description: 'what its state allows now' }),
  }),
);

export const BroadcastPage = named(
  'AdminBroadcastPage',
  Type.Object({ broadcasts: Type.Array(BroadcastRow), ...WalkFields }),
);

export const ResvKeyParams = Type.Object({ resvKey: Type.String({ minLength: 1, maxLength: 100 }) });
export const RequestIdParams = Type.Object({
  requestId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

const windowNote =
  `Newest first. Filters are checked on at most ${SCAN_WINDOW} rows per call ` +
  '(follow `next`; `searchedUntil` says how far the call looked).';

export const listReservationsSchema = {
  operationId: 'adminListReservations',
  ...opsDoc(
    'Reservations of every account, with their progress and the actions their state allows',
    windowNote,
  ),
  querystring: ReservationListQuery,
  response: opsAnswers(ReservationPage),
};

export const listBroadcastsSchema = {
  operationId: 'adminListBroadcasts',
  ...opsDoc('Brand message broadcasts of every account, with their progress and allowed actions', windowNote),
  querystring: BroadcastListQuery,
  response: opsAnswers(BroadcastPage),
};

const reservationActionText: Record<ReservationAction, string> = {
  stop: 'Stop a reservation (PENDING or PROCESSING), as its account would',
  resume: 'Resume a STOPPED reservation, as its account would',
  cancel: 'Cancel a reservation (PENDING or STOPPED), as its account would',
};

/** `adminStopReservation`, `adminResumeReservation`, `adminCancelReservation`. */
const operationIdOf = (action: string, record: string) =>
  `admin${action.charAt(0).toUpperCase()}${action.slice(1)}${record}`;

export function reservationActionSchema(action: ReservationAction) {
  return {
    operationId: operationIdOf(action, 'Reservation'),
    ...opsDoc(
      reservationActionText[action],
      'The same use case as the client API: A820 when unknown, A824 naming the state it is in.',
    ),
    params: ResvKeyParams,
    response: opsAnswers(ReservationRow),
  };
}

const broadcastActionText: Record<BroadcastAction, string> = {
  pause: 'Pause a SENDING broadcast, as its account would',
  resume: 'Resume a PAUSED broadcast, as its account would',
  terminate: 'Terminate a READY, SENDING or PAUSED broadcast, as its account would',
};

export function broadcastActionSchema(action: BroadcastAction) {
  return {
    operationId: operationIdOf(action, 'Broadcast'),
    ...opsDoc(
      broadcastActionText[action],
      'The same use case as the client API: A820 when unknown, A824 naming the state it is in.',
    ),
    params: RequestIdParams,
    response: opsAnswers(BroadcastRow),
  };
}
