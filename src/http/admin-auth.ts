import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCoded } from './error-handler.ts';

/** `Authorization: Bearer <admin token>` on /admin/v1 and /sandbox/v1; anything else is 401. */
export function makeAdminAuth(token: string): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  // Comparing digests keeps the comparison constant-time whatever the presented length.
  const expected = createHash('sha256').update(token).digest();
  return async (req, reply) => {
    const header = req.headers.authorization?.trim() ?? '';
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
    }
  };
}
