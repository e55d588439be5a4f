import type { FastifyPluginAsync } from 'fastify';

/**
 * `/` is what a person types first: it leads to the console, or, with the console switched off,
 * to the API reference, rather than to a JSON 404. Fastify answers HEAD from the same route.
 */
export const rootRoute: FastifyPluginAsync<{ console: boolean }> = async (app, { console }) => {
  const target = console ? '/console/' : '/docs';
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(target, 302));
};
