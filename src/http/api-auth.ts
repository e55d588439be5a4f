import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { hashApiKey } from '../rules/api-key.ts';
import { RateLimiter } from '../rules/token-bucket.ts';
import { findKeyByHash, type KeyPrincipal } from '../store/accounts/accounts.ts';
import { authFailure, failure } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API-key hook on every /api request that gets past it. */
    principal: KeyPrincipal | null;
  }
}

/**
 * How long a looked-up key is trusted before it is read again. Revoking a key takes effect at once
 * on the instance that revoked it and within this time on other instances.
 */
const CACHE_MS = 5000;
const CACHE_MAX = 10_000;

/** `Authorization: <API_KEY>` on every /api call; per-account request rate limit. */
export function makeApiAuth(ctx: Ctx): {
  hook: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  forget: () => void;
} {
  const cache = new Map<string, { at: number; principal: KeyPrincipal | undefined }>();
  const limiter = new RateLimiter();

  async function lookup(hash: string): Promise<KeyPrincipal | undefined> {
    const now = Date.now();
    const hit = cache.get(hash);
    if (hit && now - hit.at < CACHE_MS) return hit.principal;
    const principal = await findKeyByHash(ctx.store, hash);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(hash, { at: now, principal });
    return principal;
  }

  async function hook(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    req.principal = null;
    const header = req.headers.authorization?.trim();
    if (!header) {
      await reply.code(401).send(authFailure(req.id, 'missing Authorization header'));
      return reply;
    }
    // The spec sends the bare key; a `Bearer ` prefix is accepted as well.
    const key = header.replace(/^Bearer\s+/i, '');
    const principal = await lookup(hashApiKey(key));
    if (!principal) {
      await reply.code(401).send(authFailure(req.id, 'unknown API key'));
      return reply;
    }
    if (principal.revoked) {
      await reply.code(401).send(authFailure(req.id, 'API key revoked'));
      return reply;
    }
    // Rate limits protect the service, so they run on wall time even when the gateway clock is manual.
    const now = Date.now();
    if (!limiter.allow(principal.account.id, principal.account.requestsPerSecond, 1, now)) {
      await reply
        .code(429)
        .header('Retry-After', String(limiter.retryAfterSeconds(principal.account.id, 1, now)))
        .send(failure(req.id, 'A020', `at most ${principal.account.requestsPerSecond} requests per second`));
      return reply;
    }
    req.principal = principal;
  }

  return { hook, forget: () => cache.clear() };
}
