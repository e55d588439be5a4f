import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import { listRefused, showRefused } from './refused.ts';
import { listRefusedSchema, showRefusedSchema } from './refused-schemas.ts';

/** GET /admin/v1/refused-requests[/{id}]: why clients' calls were refused (the debugger). */
export const refusedRequestRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get('/refused-requests', { schema: listRefusedSchema }, async (req) => listRefused(ctx, req.query));
  app.get('/refused-requests/:id', { schema: showRefusedSchema }, async (req) =>
    showRefused(ctx, req.params.id),
  );
};
