import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Metrics } from '../../http/metrics.ts';
import type { Store } from '../../store/db/database.ts';

/** Liveness, readiness and Prometheus metrics: unauthenticated, outside the spec's envelope. */
export const systemRoutes: FastifyPluginAsyncTypebox<{ store: Store; metrics: Metrics }> = async (
  app,
  { store, metrics },
) => {
  const Status = Type.Object({ status: Type.String() });
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: Status } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers and every migration is applied',
        response: { 200: Status, 503: Status },
      },
    },
    async (_req, reply) => {
      if (await store.ready()) return { status: 'ready' };
      return reply.code(503).send({ status: 'not ready' });
    },
  );
  app.get(
    '/metrics',
    { schema: { tags: ['system'], summary: 'Prometheus text exposition' } },
    async (_req, reply) => {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
};
