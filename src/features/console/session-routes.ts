import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import { type AdminAuth, consoleActor } from '../../http/admin-auth.ts';
import { auditHook } from '../../http/audit-hook.ts';
import { sessionCookie } from '../../http/cookies.ts';
import { sendCoded } from '../../http/error-handler.ts';
import { clientKey, FREE_FAILURES } from '../../rules/sign-in-throttle.ts';
import { RefusedSignIns } from './refused-sign-ins.ts';
import { Refusal, SessionView, SignInBody } from './schemas.ts';
import { type ConsoleSessions, SESSION_COOKIE, SESSION_TTL_MS } from './session.ts';

const doc = (summary: string, description: string) => ({ tags: ['admin'], summary, description });

export interface SessionRoutesOptions {
  ctx: Ctx;
  sessions: ConsoleSessions;
  adminAuth: AdminAuth;
}

/**
 * Console sign-in (under /admin/v1): the admin token is exchanged once for an httpOnly session
 * cookie, so the page never holds the token. The cookie then stands for the token on /admin/v1
 * and /sandbox/v1 (with the X-CSRF-Token header on changes).
 */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (
  app,
  { ctx, sessions, adminAuth },
) => {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const refused = new RefusedSignIns(ctx);
  // Sign-ins (wrong tokens included) and sign-outs are operator actions too (docs/operations.md).
  app.addHook('onSend', auditHook(ctx));
  app.post(
    '/session',
    {
      schema: {
        operationId: 'signInConsole',
        ...doc(
          'Sign in to the console with the admin token',
          'Sets the httpOnly session cookie. The right token always signs in at once. After 3 wrong tokens from one address, the answer to each further wrong one is held twice as long as the last (up to 5 s; A020 with Retry-After), and every wrong answer is held 5 s while more than 60 came in the last minute from everyone.',
        ),
        // Signing in is how a console gets a session: no credential before it.
        security: [],
        body: SignInBody,
        response: { 200: SessionView, 401: Refusal, 429: Refusal },
      },
    },
    async (req, reply) => {
      const r = await sessions.signIn(req.body.token, clientKey(req.ip));
      if (r.kind === 'wrong-token') {
        // Not one audit row each: one per address per window, with the count (refused-sign-ins.ts).
        const status = r.heldMs > 0 ? 429 : 401;
        await refused.record(clientKey(req.ip), status, String(req.id));
        if (r.heldMs === 0) return sendCoded(req, reply, 'A401', 'wrong admin token');
        reply.header('retry-after', String(Math.ceil(r.heldMs / 1000)));
        return sendCoded(
          req,
          reply,
          'A020',
          `wrong admin token; after ${FREE_FAILURES} wrong tokens from this address each wrong answer is held longer (this one ${r.heldMs} ms); the right token always signs in at once`,
        );
      }
      req.adminActor = consoleActor(r.session);
      reply.header('cache-control', 'no-store');
      reply.header(
        'set-cookie',
        sessionCookie(SESSION_COOKIE, r.id, {
          maxAge: SESSION_TTL_MS / 1000,
          secure: secure || req.protocol === 'https',
        }),
      );
      return sessions.view(r.session);
    },
  );
  app.get(
    '/session',
    {
      onRequest: adminAuth,
      schema: {
        operationId: 'getConsoleSession',
        ...doc(
          'The console session',
          'Its CSRF token and what the console should offer; A401 when not signed in.',
        ),
        security: [{ consoleSession: [] }],
        response: { 200: SessionView, 401: Refusal },
      },
    },
    async (req, reply) => {
      if (!req.consoleSession) return sendCoded(req, reply, 'A401', 'no console session: sign in first');
      reply.header('cache-control', 'no-store');
      return sessions.view(req.consoleSession);
    },
  );
  app.delete(
    '/session',
    {
      onRequest: adminAuth,
      schema: {
        operationId: 'signOutConsole',
        ...doc('Sign out of the console', 'Ends the session on every instance and clears the cookie.'),
        security: [{ consoleSession: [] }],
        response: { 200: Type.Object({ signedOut: Type.Literal(true) }), 401: Refusal },
      },
    },
    async (req, reply) => {
      if (!req.consoleSession) return sendCoded(req, reply, 'A401', 'no console session: sign in first');
      await sessions.signOut(req.consoleSession);
      // As the sign-in wrote it: a cookie cleared without Secure is another cookie to the browser
      // over https, and the session's would stay.
      reply.header(
        'set-cookie',
        sessionCookie(SESSION_COOKIE, '', { maxAge: 0, secure: secure || req.protocol === 'https' }),
      );
      return { signedOut: true as const };
    },
  );
};
