import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';

/*
 * Bodies of the 2FA endpoints and the records they answer. Unknown fields are ignored; null counts
 * as absent, as for every client body (docs/decisions.md#sending). Every answer's fields are in
 * `data` itself (answer.ts); what the document says of them is in docs.ts.
 */

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
  requestDate: Time('day', 'requests made that Korea-time day'),
  requestId: Type.Optional(Nullable(Type.String({ description: 'only this request' }))),
  userRef: UserRef,
});
export type LogsBodyT = Static<typeof LogsBody>;

// ---- the answers ----

export const TwoFactorLogEntry = named(
  'TwoFactorLogEntry',
  Type.Object(
    {
      requestId: Type.String(),
      requestDate: Time('korea', 'when the code was requested'),
      status: StringEnum(
        ['PENDING', 'SUCCESS'] as const,
        'SUCCESS once verified; PENDING otherwise (expired and locked requests too)',
      ),
      verifyDate: Time('koreaOrEmpty', 'when it was verified; "" while PENDING'),
    },
    { description: 'One verification request' },
  ),
);
/** Expired and locked requests stay PENDING: the spec names only PENDING and SUCCESS. */
export type LogEntry = Static<typeof TwoFactorLogEntry>;
