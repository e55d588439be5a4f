import type { FastifyInstance } from 'fastify';
import type { WebhookHandler } from '../../connectors/upstream/webhook.ts';

/** Largest post an upstream sends here (one report or one MO message is well under 4 KB). */
const BODY_LIMIT = 64 * 1024;

/**
 * The endpoints an upstream gateway posts its reports and MO messages to (one per upstream
 * connector with a webhook secret, at the path the connectors file names). Outside the API-key
 * and admin hooks: the post's signature is its authentication. The body is taken as bytes, since
 * the body signature covers them as they came.
 */
export async function upstreamWebhookRoutes(
  app: FastifyInstance,
  opts: { hooks: readonly WebhookHandler[] },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  for (const hook of opts.hooks) {
    app.post(hook.path, { schema: { hide: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await hook.handle(req.headers, raw);
      return reply.code(answer.status).send(answer.body);
    });
  }
}
