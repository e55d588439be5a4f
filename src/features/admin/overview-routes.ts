import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import type { Metrics } from '../../http/metrics.ts';
import { readOverview } from './overview.ts';
import { Overview, OverviewQuery } from './overview-schemas.ts';
import { adminDoc, answers } from './schemas.ts';
import { trackTraffic } from './traffic.ts';

/** The live overview the console polls (docs/operations.md, "Live overview"). */
export const overviewRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx; metrics: Metrics }> = async (
  app,
  { ctx, metrics },
) => {
  // Counted from the app's build on: the seconds before are "not running" in every answer.
  const traffic = trackTraffic(ctx.events, metrics.now);
  app.addHook('onClose', async () => traffic.stop());
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'getOverview',
        ...adminDoc('A live reading of the counters behind /metrics, the queue and the connectors'),
        description:
          "This instance's message and HTTP counters since it started (the ones /metrics exposes), " +
          'failures by report code, the queue read from the database with bounded counts (cheap ' +
          'enough to poll every 2 s), each connector with its SMPP binds, and the last 15 minutes of ' +
          'accepted, delivered and failed messages per second (with trafficSince, only the seconds ' +
          'after it). Rates are the difference of two readings over their uptimeSeconds.',
        querystring: OverviewQuery,
        response: answers(Overview),
      },
    },
    async (req) => readOverview(ctx, metrics, traffic.series, req.query.trafficSince),
  );
};
