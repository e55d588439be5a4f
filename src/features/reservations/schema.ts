import { type Static, Type } from '@sinclair/typebox';
import { SendBody } from '../send/schema.ts';

const Time = Type.String({ description: 'yyyy-MM-dd HH:mm:ss, Korea time' });

export const ReservationBody = Type.Composite([
  SendBody,
  Type.Object({
    resvSendTime: Type.Optional(Time),
    resvName: Type.Optional(Type.String({ description: 'at most 100 characters' })),
  }),
]);
export type ReservationBodyT = Static<typeof ReservationBody>;

export const ResvKeyParams = Type.Object({ resvKey: Type.String({ minLength: 1, maxLength: 100 }) });
export const DestinationParams = Type.Object({
  resvKey: Type.String({ minLength: 1, maxLength: 100 }),
  msgKey: Type.String({ minLength: 1, maxLength: 100 }),
});

export const ListQuery = Type.Object({
  resvSendTime: Type.Optional(
    Type.String({ description: 'yyyyMMdd: reservations sending that Korea-time day' }),
  ),
  lastSeq: Type.Optional(
    Type.Integer({ minimum: 0, description: 'cursor: the last seq of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const PageQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const UpdateBody = Type.Object({
  resvSendTime: Type.Optional(Time),
  resvName: Type.Optional(Type.String()),
  messageFlow: Type.Optional(SendBody.properties.messageFlow),
});
export type UpdateBodyT = Static<typeof UpdateBody>;

export const AddDestinationsBody = Type.Object({
  destinations: SendBody.properties.destinations,
});
export type AddDestinationsBodyT = Static<typeof AddDestinationsBody>;
