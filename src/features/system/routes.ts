import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Metrics } from '../../http/metrics.ts';
import type { Store } from '../../store/db/database.ts';

/** A one-row write that needs room to commit (a WAL frame, a heap page): fails while full. */
async function probeWrite(store: Store): Promise<void> {
  const now = String(Date.now());
  try {
    await store.db
      .insertInto('settings')
      .values({ key: 'readyz.probe', value: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: now }))
      .execute();
  } catch {
    // Still full (recorded by the store), or another failure the next probe meets again.
  }
}

/** Liveness, readiness and Prometheus metrics: unauthenticated, outside the spec's envelope. */
export const systemRoutes: FastifyPluginAsyncTypebox<{ store: Store; metrics: Metrics }> = async (
  app,
  { store, metrics },
) => {
  const Status = Type.Object({
    status: Type.String(),
    reason: Type.Optional(Type.String({ description: 'Why not ready, when it is not' })),
  });
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'The process is up',
        response: { 200: Status },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'The database answers, every migration is applied, and it can be written to',
        response: { 200: Status, 503: Status },
      },
    },
    async (_req, reply) => {
      if (!(await store.ready())) return reply.code(503).send({ status: 'not ready' });
      // Marked full by a write refused for want of space: ready again once a write succeeds,
      // this probe's or any other's, with no restart.
      if (store.health.full) await probeWrite(store);
      const full = store.health.full;
      if (!full) return { status: 'ready' };
      return reply.code(503).send({
        status: 'not ready',
        reason: `storage full since ${new Date(full.since).toISOString()}: ${full.error}`,
      });
    },
  );
  app.get(
    '/metrics',
    { schema: { operationId: 'getMetrics', tags: ['system'], summary: 'Prometheus text exposition' } },
    async (_req, reply) => {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
};
