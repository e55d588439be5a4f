import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectorStatsSource } from '../connectors/smpp/connector.ts';
import type { EngineEvents } from '../engine/events.ts';
import type { Store } from '../store/db/database.ts';
import { ROW_CHANGES, STATEMENT_KINDS, type StatementCounts } from '../store/db/statement-counts.ts';
import { countJobs } from '../store/jobs/jobs.ts';
import { connectorMetrics } from './connector-metrics.ts';

/** One registry per gateway instance, so that several apps in one test process stay apart. */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  /** Query parameters a route does not take, by route and name (src/http/unknown-query.ts). */
  readonly unknownQueryParams: Counter<'route' | 'name'>;
  readonly messagesAccepted: Counter;
  readonly messagesFinal: Counter<'status'>;
  readonly messageFailures: Counter<'code'>;
  /** The SMPP connectors the omnigate_connector_* gauges read (the console's overview too). */
  readonly connectors: readonly ConnectorStatsSource[];
  /** now() when these counters started: the instance's uptime, and the rates' base. */
  readonly startedAt: number;
  /** Monotonic milliseconds (performance.now, or a clock a test moves): uptime, the overview's traffic. */
  readonly now: () => number;
}

export function createMetrics(
  store: Store,
  events: EngineEvents,
  connectors: readonly ConnectorStatsSource[] = [],
  storeCounts: () => StatementCounts = () => store.counts,
  now: () => number = () => performance.now(),
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'omnigate_' });
  const httpRequests = new Counter({
    name: 'omnigate_http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'omnigate_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const unknownQueryParams = new Counter({
    name: 'omnigate_unknown_query_params_total',
    help: 'Query parameters that the route does not take (and ignores), by route and name',
    labelNames: ['route', 'name'] as const,
    registers: [registry],
  });
  const jobsDone = new Counter({
    name: 'omnigate_jobs_total',
    help: 'Job attempts finished by this instance, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  events.on('job.completed', (e) => jobsDone.inc({ kind: e.kind, outcome: 'completed' }));
  events.on('job.failed', (e) => jobsDone.inc({ kind: e.kind, outcome: 'failed' }));
  events.on('job.dead', (e) => jobsDone.inc({ kind: e.kind, outcome: 'dead' }));
  events.on('job.rescheduled', (e) => jobsDone.inc({ kind: e.kind, outcome: 'rescheduled' }));
  events.on('job.lost', (e) => jobsDone.inc({ kind: e.kind, outcome: 'lease_lost' }));
  const signIns = new Counter({
    name: 'omnigate_console_sign_ins_total',
    help: 'Console sign-ins by outcome: signed-in, wrong-token, held (a wrong token answered late)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  events.on('console.signIn', (e) => signIns.inc({ outcome: e.outcome }));
  const accepted = new Counter({
    name: 'omnigate_messages_accepted_total',
    help: 'Recipients accepted by sends and reservations (this instance)',
    registers: [registry],
  });
  const final = new Counter({
    name: 'omnigate_messages_final_total',
    help: 'Messages that reached a final state, by status (this instance)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'omnigate_message_failures_total',
    help: 'Messages that ended failed, by report code (this instance)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  events.on('messages.accepted', (e) => accepted.inc(e.count));
  events.on('messages.final', (e) => final.inc({ status: e.status }, e.count));
  events.on('messages.failed', (e) => failures.inc({ code: e.code }, e.count));
  const purgedRows = new Counter({
    name: 'omnigate_retention_purged_rows_total',
    help: 'Rows deleted by the purge because they passed their age, by kind and table (this instance)',
    labelNames: ['kind', 'table'] as const,
    registers: [registry],
  });
  const purgedFiles = new Counter({
    name: 'omnigate_retention_purged_files_total',
    help: 'Uploaded files removed from the disk by the purge (this instance)',
    registers: [registry],
  });
  events.on('retention.purged', (e) => {
    for (const [table, n] of Object.entries(e.rows)) purgedRows.inc({ kind: e.kind, table }, n);
    if (e.files > 0) purgedFiles.inc(e.files);
  });
  new Gauge({
    name: 'omnigate_jobs',
    help: 'Jobs in the database, by kind and state (ready includes running)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const c of await countJobs(store)) this.set({ kind: c.kind, state: c.state }, c.count);
    },
  });
  // What the database is asked to do: per message delivered, the measure of what an instance costs
  // a shared PostgreSQL (bench/rows prints it). Read when scraped (the collects set the totals).
  new Counter({
    name: 'omnigate_store_statements_total',
    help: 'Statements this instance ran on its database, by kind (transaction: begin, commit, savepoints)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = storeCounts();
      for (const kind of STATEMENT_KINDS) this.inc({ kind }, counts.statements[kind]);
    },
  });
  new Counter({
    name: 'omnigate_store_rows_total',
    help: 'Rows this instance inserted, updated and deleted on its database',
    labelNames: ['change'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = storeCounts();
      for (const change of ROW_CHANGES) this.inc({ change }, counts.rows[change]);
    },
  });
  if (connectors.length > 0) connectorMetrics(registry, store, connectors);
  return {
    registry,
    httpRequests,
    httpDuration,
    unknownQueryParams,
    messagesAccepted: accepted,
    messagesFinal: final,
    messageFailures: failures,
    connectors,
    startedAt: now(),
    now,
  };
}
