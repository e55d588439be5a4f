import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import type { Metrics } from '../../http/metrics.ts';
import { readOverview } from './overview.ts';
import { Overview } from './overview-schemas.ts';
import { adminDoc, answers } from './schemas.ts';

/** The live overview the console polls (docs/operations.md, "Live overview"). */
export const overviewRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx; metrics: Metrics }> = async (
  app,
  { ctx, metrics },
) => {
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'getOverview',
        ...adminDoc('A live reading of the counters behind /metrics, the queue and the connectors'),
        description:
          "This instance's message and HTTP counters since it started (the ones /metrics exposes), " +
          'failures by report code, the queue read from the database with bounded counts (cheap ' +
          'enough to poll every 2 s), and each connector with its SMPP binds. Rates are the ' +
          'difference of two readings over their uptimeSeconds.',
        response: answers(Overview),
      },
    },
    async () => readOverview(ctx, metrics),
  );
};
