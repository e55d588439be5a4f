import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { insertAudit } from '../store/accounts/audit.ts';

/** Methods that change nothing: not operator actions. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onSend of /admin/v1 and /sandbox/v1: every authenticated call that may change something is
 * recorded (accounts, keys, webhooks, limits, registrations, reviews, handsets, the clock, ...),
 * refused ones too, before the answer leaves. The body is not kept: it can hold a webhook secret
 * or a key; the route and its path parameters say what was acted on. A failed write is logged
 * and the answer still goes: the action itself has already happened.
 */
export function auditHook(ctx: Ctx) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (READS.has(req.method) || !req.adminActor) return payload;
    const params = req.params;
    const target: Record<string, string> = {};
    if (params && typeof params === 'object') {
      for (const [k, v] of Object.entries(params)) if (typeof v === 'string') target[k] = v;
    }
    try {
      await insertAudit(ctx.store, {
        at: Date.now(),
        actor: req.adminActor,
        action: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
        target,
        status: reply.statusCode,
        trId: String(req.id),
      });
    } catch (err) {
      ctx.logger.error({ err, trId: req.id }, 'could not record an operator action in the audit log');
    }
    return payload;
  };
}
