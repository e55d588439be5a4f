import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum, Time } from '../../http/schema-types.ts';
import { OFFSET_MAX } from '../infomsg/schemas.ts';
import { DestinationResult, SendBody } from '../send/schema.ts';

/*
 * The reservation routes' contract: what each takes and what each answers (the records a client
 * reads). Their descriptions and real examples are in docs.ts, loaded with the OpenAPI document.
 */

const SendTime = Time('korea');

export const ReservationBody = Type.Composite([
  SendBody,
  Type.Object({
    resvSendTime: Type.Optional(SendTime),
    resvName: Type.Optional(Type.String({ description: 'at most 100 characters' })),
  }),
]);
export type ReservationBodyT = Static<typeof ReservationBody>;

export const ResvKeyParams = Type.Object({ resvKey: Type.String({ minLength: 1, maxLength: 100 }) });
export const DestinationParams = Type.Object({
  resvKey: Type.String({ minLength: 1, maxLength: 100 }),
  msgKey: Type.String({ minLength: 1, maxLength: 100 }),
});

/** The cursor: the lastSeq of the previous page. A place in a list (recipients) is bounded as offsets are. */
const LastSeq = (maximum: number) =>
  Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum,
      description: 'cursor: the lastSeq of the previous page (0 or absent: the first)',
    }),
  );
const PageLimit = Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 }));

export const ListQuery = Type.Object({
  resvSendTime: Type.Optional(Time('dayOrKorea', 'only the reservations sending on that Korea-time day')),
  paymentCode: Type.Optional(
    Type.String({
      description: 'only the reservations whose send carries this paymentCode (at most 100 characters)',
    }),
  ),
  lastSeq: LastSeq(Number.MAX_SAFE_INTEGER),
  limit: PageLimit,
});
export type ListQueryT = Static<typeof ListQuery>;

export const PageQuery = Type.Object({
  lastSeq: LastSeq(OFFSET_MAX),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: OFFSET_MAX,
      default: 0,
      description: 'recipients to skip (the older paging; lastSeq wins)',
    }),
  ),
  limit: PageLimit,
});

export const UpdateBody = Type.Object({
  resvSendTime: Type.Optional(SendTime),
  resvName: Type.Optional(Type.String()),
  messageFlow: Type.Optional(SendBody.properties.messageFlow),
});
export type UpdateBodyT = Static<typeof UpdateBody>;

export const AddDestinationsBody = Type.Object({
  destinations: SendBody.properties.destinations,
});
export type AddDestinationsBodyT = Static<typeof AddDestinationsBody>;

// ---- the answers ----

const RESV_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'STOPPED', 'CANCELLED'] as const;

export const Reservation = named(
  'Reservation',
  Type.Object(
    {
      seq: Type.Integer({ description: 'order of creation in the account: the list cursor (lastSeq)' }),
      resvKey: Type.String(),
      resvName: Type.String({ description: '"" when none was given' }),
      resvSendTime: Time('korea', 'when it sends'),
      status: StringEnum(
        RESV_STATUSES,
        'PENDING (waiting for its time), PROCESSING (sending), DONE, STOPPED (held until resumed), CANCELLED',
      ),
      destinationCount: Type.Integer({ description: 'recipients, cancelled ones not counted' }),
      messages: Type.Unsafe<Record<string, number>>(
        Type.Object(
          {},
          {
            additionalProperties: Type.Integer(),
            description:
              'recipients by message state: held (waiting for the time), queued, waiting, delivered, failed, uncertain, cancelled',
          },
        ),
      ),
      createdAt: Time('korea', 'when it was made'),
      updatedAt: Time('korea', 'its last change'),
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
      seq: Type.Integer({
        description:
          "its place among the reservation's recipients (1, 2, ...): the lastSeq cursor; removing a recipient moves the later ones up by one",
      }),
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
    offset: Type.Integer({ description: 'recipients before this page' }),
    limit: Type.Integer(),
    destinations: Type.Array(ReservationDestination),
    lastSeq: Type.Integer({ description: 'the seq of the last recipient here: lastSeq of the next page' }),
    hasNext: Type.Boolean({ description: 'another page follows' }),
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

export type ReservationView = Static<typeof Reservation>;
export type ReservationListT = Static<typeof ReservationList>;
export type ReservationDestinationT = Static<typeof ReservationDestination>;
export type ReservationDestinationPageT = Static<typeof ReservationDestinationPage>;
