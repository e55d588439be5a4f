import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Time } from '../../http/schema-types.ts';

/** Schemas of the sandbox clock (free of server imports: the console takes its types from here). */
export const ClockView = named(
  'Clock',
  Type.Object({
    now: Time('iso'),
    epochMs: Type.Number(),
    kind: Type.Union([Type.Literal('system'), Type.Literal('manual')]),
  }),
);

export const ClockMove = Type.Object({
  advanceSeconds: Type.Optional(Type.Number({ minimum: 0 })),
  set: Type.Optional(Time('isoOrKorea')),
});
