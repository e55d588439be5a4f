import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum, Time } from '../../http/schema-types.ts';

/*
 * Schemas of the console's own endpoints. Kept free of server imports: the console (console/)
 * takes its types from here, and type-checks them with the browser's library.
 */

export const SessionView = named(
  'ConsoleSession',
  Type.Object({
    csrfToken: Type.String({
      description: 'send as the X-CSRF-Token header on every POST, PUT, PATCH and DELETE',
    }),
    expiresAt: Time('iso'),
    sandbox: Type.Boolean({ description: 'whether /sandbox/v1 is on' }),
    clock: StringEnum(['system', 'manual'] as const),
  }),
);

export const SignInBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 1000, description: 'the admin token' }) },
  { additionalProperties: false },
);

export const Refusal = Type.Object({ code: Type.String(), result: Type.String() });
