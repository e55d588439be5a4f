import { Type } from '@sinclair/typebox';
import type { FeaturePlugin } from '../types.ts';
import { moveClock, viewClock } from './clock.ts';

const ClockView = Type.Object({
  now: Type.String({ description: 'ISO 8601, Korea time (+09:00)' }),
  epochMs: Type.Number(),
  kind: Type.Union([Type.Literal('system'), Type.Literal('manual')]),
});

/** The sandbox control API (admin token): the test clock here; handsets and the rest join later. */
export const sandboxRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    '/clock',
    { schema: { tags: ['sandbox'], summary: 'Read the gateway clock', response: { 200: ClockView } } },
    async () => viewClock(ctx.clock),
  );
  app.post(
    '/clock',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Move the manual clock (advanceSeconds >= 0, or set to a time)',
        body: Type.Object({
          advanceSeconds: Type.Optional(Type.Number({ minimum: 0 })),
          set: Type.Optional(Type.String()),
        }),
        response: { 200: ClockView },
      },
    },
    async (req) => moveClock(ctx, req.body),
  );
};
