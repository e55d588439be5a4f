import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';

/*
 * The live overview (GET /admin/v1/overview). Free of server imports: the console takes its
 * types from here and type-checks them with the browser's library.
 */

const Count = Type.Integer({ minimum: 0 });

const BoundedCount = (description: string) =>
  Type.Object(
    {
      count: Count,
      capped: Type.Boolean({ description: 'true: the count stopped at its cap and means "at least count"' }),
    },
    { description },
  );

export const OVERVIEW_CONNECTOR_STATES = ['up', 'partial', 'down'] as const;

const Bind = Type.Object({
  index: Type.Integer(),
  role: Type.String({ description: 'transceiver, transmitter or receiver' }),
  state: Type.String({ description: 'bound, connecting, down (stopped while shutting down)' }),
  inFlight: Count,
  reconnects: Count,
});

export const OverviewConnector = named(
  'OverviewConnector',
  Type.Object({
    name: Type.String(),
    type: StringEnum(['sandbox', 'smpp'] as const),
    state: StringEnum(
      OVERVIEW_CONNECTOR_STATES,
      'up: every bind bound (the sandbox is always up); partial: some; down: none',
    ),
    channels: Type.Array(Type.String()),
    binds: Type.Array(Bind),
    windowInUse: Type.Integer({ description: 'submit_sm sent and not answered yet, over all binds' }),
    windowSize: Type.Integer({ description: 'unanswered submit_sm allowed, over all binds able to submit' }),
    queued: Type.Integer({
      description: 'message parts waiting for a bind, the window or the throughput limit',
    }),
    throughputLimit: Nullable(Type.Integer({ description: 'submit_sm per second; null: no limit' })),
  }),
);

/** Seconds the traffic chart looks back (15 minutes); src/features/admin/traffic.ts keeps them. */
export const TRAFFIC_WINDOW_SECONDS = 900;

const PerSecond = (what: string) =>
  Type.Array(Nullable(Type.Integer({ minimum: 0 })), {
    description: `${what} in each second from \`from\` to \`until\`, oldest first; null: the instance was not running yet`,
  });

export const OverviewTraffic = named(
  'OverviewTraffic',
  Type.Object(
    {
      from: Type.Integer({ description: 'the first second answered (Unix seconds, system clock)' }),
      until: Type.Integer({
        description:
          'the last whole second answered (Unix seconds): ask with trafficSince=<until> for the seconds after it',
      }),
      accepted: PerSecond('recipients accepted'),
      delivered: PerSecond('messages delivered'),
      failed: PerSecond('messages that ended failed'),
    },
    {
      description:
        `This instance's messages per second over the last ${TRAFFIC_WINDOW_SECONDS / 60} minutes ` +
        '(the counters of `messages`, by the second they changed in); only whole seconds. Without ' +
        `trafficSince, the whole window (${TRAFFIC_WINDOW_SECONDS} seconds); with it, the seconds after it.`,
    },
  ),
);

export const OverviewQuery = Type.Object({
  trafficSince: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'The `traffic.until` of an earlier reading: answer only the seconds after it. A second outside ' +
        "this instance's window (older than 15 minutes, ahead of it) answers the whole window.",
    }),
  ),
});

export const Overview = named(
  'Overview',
  Type.Object({
    readAt: Time('iso', 'when this reading was taken (system time)'),
    instance: Type.Object({
      role: StringEnum(['api', 'worker', 'all'] as const),
      uptimeSeconds: Type.Number({
        description: 'since this instance started counting; rates are differences of two readings over it',
      }),
      sandbox: Type.Boolean(),
    }),
    messages: Type.Object(
      {
        accepted: Type.Integer({ description: 'recipients accepted by sends and reservations' }),
        final: Type.Record(Type.String(), Type.Integer(), {
          description: 'messages that reached a final state, by status (delivered, failed, uncertain)',
        }),
      },
      { description: "this instance's counters since it started (omnigate_messages_*_total)" },
    ),
    failures: Type.Array(
      Type.Object({
        code: Type.String({ description: 'the report code' }),
        text: Nullable(Type.String({ description: 'what the code means, when the gateway knows it' })),
        count: Count,
      }),
      { description: "messages that ended failed, by report code, most first (this instance's counter)" },
    ),
    http: Type.Object(
      { '2xx': Count, '3xx': Count, '4xx': Count, '5xx': Count },
      {
        description: "HTTP requests answered by this instance, by status class (the console's own included)",
      },
    ),
    queue: Type.Object(
      {
        queued: BoundedCount('messages waiting to be submitted (all instances)'),
        waiting: BoundedCount('messages submitted and waiting for their result (all instances)'),
        jobs: Type.Object({
          kinds: Type.Array(Type.Object({ kind: Type.String(), ready: Count, dead: Count })),
          capped: Type.Boolean(),
        }),
      },
      { description: 'read from the database: bounded counts over indexes, shared by every instance' },
    ),
    connectors: Type.Array(OverviewConnector),
    traffic: OverviewTraffic,
  }),
);
