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
      await sendCoded(req, reply, 'A401', 'missing admin token (Authorization: Bearer <token>)');
      return;
    }
    const got = createHash('sha256').update(m[1]).digest();
    if (!timingSafeEqual(got, expected)) {
      await sendCoded(req, reply, 'A401', 'wrong admin token');
    }
  };
}
