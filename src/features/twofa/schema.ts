import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-types.ts';

/* Bodies of the 2FA endpoints. Unknown fields are ignored; null counts as absent, as for every client body (docs/decisions.md#sending). */

const UserRef = Type.Optional(
  Nullable(Type.String({ maxLength: 200, description: 'client reference, echoed back (at most 200)' })),
);

export const RegistBody = Type.Object({
  serviceName: Type.String({
    description: 'at most 20 bytes: Korean syllables count 2; letters, digits, spaces and - _ . & count 1',
  }),
  userRef: UserRef,
});
export type RegistBodyT = Static<typeof RegistBody>;

export const RefBody = Type.Object({ userRef: UserRef });

export const RequestBody = Type.Object({
  to: Type.String({ description: 'recipient number: 01012345678, or E.164 digits without +' }),
  authNumber: Type.Optional(
    Nullable(Type.String({ description: 'a fixed 6-digit code instead of a random one' })),
  ),
  userRef: UserRef,
});
export type RequestBodyT = Static<typeof RequestBody>;

export const VerifyBody = Type.Object({
  authNumber: Type.String({ description: 'the 6-digit code the user typed' }),
  to: Type.String(),
  requestId: Type.Optional(
    Nullable(Type.String({ description: 'from the request; without it the number’s latest request' })),
  ),
  userRef: UserRef,
});
export type VerifyBodyT = Static<typeof VerifyBody>;

export const LogsBody = Type.Object({
  requestDate: Type.String({ description: 'yyyyMMdd: requests made that Korea-time day' }),
  requestId: Type.Optional(Nullable(Type.String({ description: 'only this request' }))),
  userRef: UserRef,
});
export type LogsBodyT = Static<typeof LogsBody>;
