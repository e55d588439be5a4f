import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, Time } from '../../http/schema-types.ts';

/** Schemas of the sandbox clock (free of server imports: the console takes its types from here). */
export const ClockView = named(
  'Clock',
  Type.Object({
    now: Time('iso'),
    epochMs: Type.Number(),
    kind: Type.Union([Type.Literal('system'), Type.Literal('manual')]),
    offsetSeconds: Nullable(
      Type.Number({
        minimum: 0,
        description:
          'how far ahead of the system time a system clock runs (the sandbox moves it forward; 0 until moved); null on the manual clock, whose time is its own',
      }),
    ),
  }),
);

/** Ten years: past any reservation (at most a year ahead) or retention period. */
export const CLOCK_ADVANCE_MAX_SECONDS = 3650 * 86_400;

export const ClockMove = Type.Object({
  advanceSeconds: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: CLOCK_ADVANCE_MAX_SECONDS,
      description: 'seconds to move forward; more than 0 on the system clock',
    }),
  ),
  set: Type.Optional(
    Time('isoOrKorea', 'the time to move to; on the system clock not before the gateway time'),
  ),
});
