import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ConsoleSessions, csrfMatches, SESSION_COOKIE } from '../features/console/session.ts';
import type { ConsoleSession } from '../store/accounts/console-sessions.ts';
import { readCookie } from './cookies.ts';
import { sendCoded } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session an admin-token request came with (null: the Bearer token itself). */
    consoleSession: ConsoleSession | null;
    /**
     * Who is acting, for the audit log: `token <print>` (the first 16 hex digits of the admin
     * token's SHA-256, as console sessions keep) or `console <session> (token <print>)`; null
     * until the request is authenticated.
     */
    adminActor: string | null;
  }
}

/** Methods that change nothing: a console session needs no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

export type AdminAuth = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A console session as the audit log names it. */
export function consoleActor(session: ConsoleSession): string {
  return `console ${session.idHash.slice(0, 12)} (token ${session.tokenPrint})`;
}

/**
 * /admin/v1 and /sandbox/v1 take `Authorization: Bearer <admin token>`, or (the console) the
 * session cookie, with the session's X-CSRF-Token header on every call that changes something.
 * Anything else is 401.
 */
export function makeAdminAuth(token: string, sessions: ConsoleSessions | null = null): AdminAuth {
  // Comparing digests keeps the comparison constant-time whatever the presented length.
  const expected = createHash('sha256').update(token).digest();
  const print = expected.toString('hex').slice(0, 16);
  return async (req, reply) => {
    req.consoleSession = null;
    req.adminActor = null;
    const header = req.headers.authorization?.trim() ?? '';
    const cookie = header === '' && sessions ? readCookie(req.headers.cookie, SESSION_COOKIE) : undefined;
    if (sessions && cookie !== undefined) {
      const session = await sessions.verify(cookie);
      if (!session) {
        await sendCoded(
          req,
          reply,
          'A401',
          'the console session has ended (signed out or expired): sign in again',
        );
        return;
      }
      const csrf = req.headers[CSRF_HEADER];
      if (
        !SAFE_METHODS.has(req.method) &&
        !csrfMatches(session, typeof csrf === 'string' ? csrf : undefined)
      ) {
        await sendCoded(req, reply, 'A403', `missing or wrong on this ${req.method}`);
        return;
      }
      req.consoleSession = session;
      req.adminActor = consoleActor(session);
      return;
    }
    const m = /^Bearer\s+(.+)$/i.exec(header);
    if (!m?.[1]) {
      // An API key sent here (no Bearer) is the usual mistake: say what this path takes.
      const got = header === '' ? 'no Authorization header' : 'an Authorization header without Bearer';
      await sendCoded(req, reply, 'A401', `expected Authorization: Bearer <admin token>, got ${got}`);
      return;
    }
    const got = createHash('sha256').update(m[1]).digest();
    if (!timingSafeEqual(got, expected)) {
      await sendCoded(req, reply, 'A401', 'wrong admin token');
      return;
    }
    req.adminActor = `token ${print}`;
  };
}
