import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schema-types.ts';

/*
 * Schemas of the console's own endpoints. Kept free of server imports: the console (console/)
 * takes its types from here, and type-checks them with the browser's library.
 */

export const SessionView = Type.Object({
  csrfToken: Type.String({
    description: 'send as the X-CSRF-Token header on every POST, PUT, PATCH and DELETE',
  }),
  expiresAt: Type.String({ description: 'ISO 8601, Korea time (+09:00)' }),
  sandbox: Type.Boolean({ description: 'whether /sandbox/v1 is on' }),
  clock: StringEnum(['system', 'manual'] as const),
});

export const SignInBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 1000, description: 'the admin token' }) },
  { additionalProperties: false },
);

export const Refusal = Type.Object({ code: Type.String(), result: Type.String() });
