import { Counter, Gauge, type Registry } from 'prom-client';
import type { ConnectorStats, ConnectorStatsSource } from '../connectors/smpp/connector.ts';
import type { Store } from '../store/db/database.ts';
import { pendingReceipts } from '../store/messages/smpp.ts';

/** The state of each SMPP connector, read when /metrics is scraped (docs/connectors.md). */
export function connectorMetrics(
  registry: Registry,
  store: Store,
  connectors: readonly ConnectorStatsSource[],
): void {
  const registers = [registry];
  new Gauge({
    name: 'omnigate_connector_binds',
    help: 'SMPP binds by state: bound, connecting, down (stopped while shutting down)',
    labelNames: ['connector', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const c of connectors) {
        const s = c.stats();
        for (const state of ['bound', 'connecting', 'down']) this.set({ connector: s.name, state }, 0);
        for (const b of s.binds) this.inc({ connector: s.name, state: b.state });
      }
    },
  });
  new Gauge({
    name: 'omnigate_connector_window_in_use',
    help: 'submit_sm sent and not answered yet, over all binds',
    labelNames: ['connector'] as const,
    registers,
    collect() {
      for (const c of connectors) {
        const s = c.stats();
        this.set(
          { connector: s.name },
          s.binds.reduce((n, b) => n + b.inFlight, 0),
        );
      }
    },
  });
  new Gauge({
    name: 'omnigate_connector_window_size',
    help: 'unanswered submit_sm allowed, over all binds able to submit',
    labelNames: ['connector'] as const,
    registers,
    collect() {
      for (const c of connectors) {
        const s = c.stats();
        this.set({ connector: s.name }, s.window * s.binds.filter((b) => b.role !== 'receiver').length);
      }
    },
  });
  new Gauge({
    name: 'omnigate_connector_throughput_limit',
    help: 'submit_sm per second allowed to the SMSC (0: no limit)',
    labelNames: ['connector'] as const,
    registers,
    collect() {
      for (const c of connectors) this.set({ connector: c.name }, c.stats().throughput ?? 0);
    },
  });
  new Gauge({
    name: 'omnigate_connector_queued',
    help: 'message parts waiting for a bind, the window or the throughput limit',
    labelNames: ['connector'] as const,
    registers,
    collect() {
      for (const c of connectors) this.set({ connector: c.name }, c.stats().queued);
    },
  });
  // Counters read from the connectors when scraped: set to their totals since start.
  const total = (name: string, help: string, value: (s: ConnectorStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['connector'] as const,
      registers,
      collect() {
        this.reset();
        for (const c of connectors) {
          const s = c.stats();
          this.inc({ connector: s.name }, value(s));
        }
      },
    });
  total(
    'omnigate_connector_reconnects_total',
    'times a bind was bound again after a drop (this instance)',
    (s) => s.binds.reduce((n, b) => n + b.reconnects, 0),
  );
  new Counter({
    name: 'omnigate_connector_events_total',
    help: 'connector events since start (this instance): submitted, accepted, failed, throttled, resubmitted, receipts, mo',
    labelNames: ['connector', 'event'] as const,
    registers,
    collect() {
      this.reset();
      for (const c of connectors) {
        const s = c.stats();
        for (const [event, n] of Object.entries(s.counters)) this.inc({ connector: s.name, event }, n);
      }
    },
  });
  total(
    'omnigate_connector_window_held_seconds_total',
    'time answered submit_sm held their window slots, from the write to the answer being read (this instance)',
    (s) => s.windowHeld.ms / 1000,
  );
  total(
    'omnigate_connector_submit_answers_total',
    'submit_sm answered by the SMSC, any status (this instance)',
    (s) => s.windowHeld.answers,
  );
  new Gauge({
    name: 'omnigate_connector_receipts_pending',
    help: 'messages submitted through the connector and waiting for their receipt (all instances)',
    labelNames: ['connector'] as const,
    registers,
    async collect() {
      const pending = await pendingReceipts(store);
      for (const c of connectors) this.set({ connector: c.name }, pending.get(c.name) ?? 0);
    },
  });
}
