import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import { SANDBOX_CONNECTOR } from '../../connectors/sandbox/receipts.ts';
import type { ConnectorStatsSource } from '../../connectors/smpp/connector.ts';
import type { Ctx } from '../../context.ts';
import type { Metrics } from '../../http/metrics.ts';
import { reportCodeText } from '../../rules/report-codes.ts';
import { countJobsByKind, countQueuedMessages, countWaitingMessages } from '../../store/accounts/overview.ts';
import type { Overview, OverviewConnector } from './overview-schemas.ts';
import type { TrafficSeries } from './traffic.ts';

/*
 * Caps of the queue counts. Measured on a 2-core machine with 1,000,000 messages (100,000
 * waiting, 45,000 queued in 250 requests) and 20,000 jobs: each count took 5-11 ms on SQLite and
 * 8-17 ms on PostgreSQL once vacuumed (65-70 ms for 100,000 waiting rows not vacuumed yet), a cost
 * the console's 2-second poll can afford. Beyond the caps the overview says "at least".
 */
const MESSAGE_CAP = 100_000;
/**
 * Job rows read for the jobs-by-kind table: dead webhook jobs are kept, so a long-dead receiver
 * can fill the table; 150,000 of them read whole cost 56-69 ms on SQLite, 10,000 about 5 ms.
 */
const JOB_ROW_CAP = 10_000;

type OverviewView = Static<typeof Overview>;
type ConnectorView = Static<typeof OverviewConnector>;

/** Sums of a counter's series, by one of its labels. */
async function byLabel<L extends string>(
  counter: {
    get(): Promise<{ values: ReadonlyArray<{ value: number; labels: Partial<Record<L, string | number>> }> }>;
  },
  label: L,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const v of (await counter.get()).values) {
    const key = String(v.labels[label] ?? '');
    out.set(key, (out.get(key) ?? 0) + v.value);
  }
  return out;
}

function smppView(c: ConnectorStatsSource): ConnectorView {
  const s = c.stats();
  const bound = s.binds.filter((b) => b.state === 'bound').length;
  return {
    name: s.name,
    type: 'smpp',
    state: bound === 0 ? 'down' : bound === s.binds.length ? 'up' : 'partial',
    channels: [...c.channels],
    binds: s.binds.map((b) => ({
      index: b.index,
      role: b.role,
      state: b.state,
      inFlight: b.inFlight,
      reconnects: b.reconnects,
    })),
    windowInUse: s.binds.reduce((n, b) => n + b.inFlight, 0),
    windowSize: s.window * s.binds.filter((b) => b.role !== 'receiver').length,
    queued: s.queued,
    throughputLimit: s.throughput,
  };
}

/** The sandbox delivers inside the process: nothing to bind, always up (its channels: every one). */
const SANDBOX: ConnectorView = {
  name: SANDBOX_CONNECTOR,
  type: 'sandbox',
  state: 'up',
  channels: ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'],
  binds: [],
  windowInUse: 0,
  windowSize: 0,
  queued: 0,
  throughputLimit: null,
};

/**
 * One reading of the live overview: this instance's counters (the ones /metrics exposes) and their
 * last 15 minutes per second (only the seconds after `trafficSince` when given), the shared queue
 * read from the database with bounded counts, and the connectors' states.
 */
export async function readOverview(
  ctx: Ctx,
  metrics: Metrics,
  traffic: TrafficSeries,
  trafficSince?: number,
): Promise<OverviewView> {
  const [accepted, finals, failures, http, queued, waiting, jobs] = await Promise.all([
    metrics.messagesAccepted.get(),
    byLabel(metrics.messagesFinal, 'status'),
    byLabel(metrics.messageFailures, 'code'),
    byLabel(metrics.httpRequests, 'status'),
    countQueuedMessages(ctx.store, MESSAGE_CAP),
    countWaitingMessages(ctx.store, MESSAGE_CAP),
    countJobsByKind(ctx.store, JOB_ROW_CAP),
  ]);
  const classes = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const [status, n] of http) {
    const cls = `${status.charAt(0)}xx`;
    if (cls === '2xx' || cls === '3xx' || cls === '4xx' || cls === '5xx') classes[cls] += n;
  }
  return {
    readAt: isoKst(Date.now()),
    instance: {
      role: ctx.config.role,
      uptimeSeconds: Math.round(metrics.now() - metrics.startedAt) / 1000,
      sandbox: ctx.config.sandbox,
    },
    messages: {
      accepted: accepted.values.reduce((n, v) => n + v.value, 0),
      final: Object.fromEntries(finals),
    },
    failures: [...failures]
      .filter(([, count]) => count > 0)
      .map(([code, count]) => ({ code, text: reportCodeText(code), count }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    http: classes,
    queue: { queued, waiting, jobs },
    connectors: [...(ctx.config.sandbox ? [SANDBOX] : []), ...metrics.connectors.map(smppView)],
    traffic: traffic.read(trafficSince),
  };
}
