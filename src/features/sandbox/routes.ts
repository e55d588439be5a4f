import type { FeaturePlugin } from '../types.ts';
import { moveClock, viewClock } from './clock.ts';
import { ClockMove, ClockView } from './schemas.ts';

/** The sandbox control API (admin token): the test clock here; handsets and the rest join later. */
export const sandboxRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    '/clock',
    {
      schema: {
        operationId: 'getSandboxClock',
        tags: ['sandbox'],
        summary: 'Read the gateway clock',
        response: { 200: ClockView },
      },
    },
    async () => viewClock(ctx.clock),
  );
  app.post(
    '/clock',
    {
      schema: {
        operationId: 'advanceSandboxClock',
        tags: ['sandbox'],
        summary: 'Move the gateway clock (forward only on the system clock)',
        body: ClockMove,
        response: { 200: ClockView },
      },
    },
    async (req) => moveClock(ctx, req.body),
  );
};
