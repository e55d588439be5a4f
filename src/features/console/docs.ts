import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { SessionView } from './schemas.ts';

/*
 * What the OpenAPI document says of the console's session operations (under /admin/v1) beyond
 * their schemas. The examples are real answers of a test gateway on the manual clock
 * (test/http/openapi-admin.test.ts drives the same calls); the session's expiry reads real time.
 * Loaded with the document, not at start.
 */

const session = {
  csrfToken: 'QwySS8VFVMTT_0IZA46lQ5IGplxPvjeE',
  expiresAt: '2026-11-26T21:27:21+09:00',
  sandbox: true,
  clock: 'manual',
};

export const consoleDocs: RouteDocs = {
  signInConsole: {
    description:
      'Exchanges the admin token for an httpOnly, SameSite=Strict session cookie (12 hours) and answers the ' +
      'CSRF token the console sends as X-CSRF-Token on every change. A wrong token is A401; after 3 wrong ' +
      'tokens from one address each further try must wait twice as long as the last (A020 with Retry-After). ' +
      'Needs no Authorization header.',
    response: SessionView,
    errors: ['A020'],
    example: session,
    requestExample: { token: '<the admin token>' },
  },
  getConsoleSession: {
    description:
      "The console session of the request's cookie: its CSRF token, when it expires, whether the sandbox " +
      'is on and which clock runs. A401 without a session cookie (the Bearer token alone has no session) ' +
      'or when the session has ended.',
    response: SessionView,
    errors: [],
    example: session,
  },
  signOutConsole: {
    description:
      'Ends the console session on every instance and clears the cookie (with its X-CSRF-Token header). ' +
      'A401 without a session cookie.',
    errors: [],
    example: { signedOut: true },
  },
};
