import { Type } from '@sinclair/typebox';

/** Schemas of the sandbox clock (free of server imports: the console takes its types from here). */
export const ClockView = Type.Object({
  now: Type.String({ description: 'ISO 8601, Korea time (+09:00)' }),
  epochMs: Type.Number(),
  kind: Type.Union([Type.Literal('system'), Type.Literal('manual')]),
});

export const ClockMove = Type.Object({
  advanceSeconds: Type.Optional(Type.Number({ minimum: 0 })),
  set: Type.Optional(Type.String()),
});
