import type { Config } from '../config.ts';
import type { ConnectorStats } from '../connectors/smpp/connector.ts';
import type { StatementCounts } from '../store/db/statement-counts.ts';
import type { EngineEventMap } from './events.ts';

/** What the serving thread tells the engine's thread. */
export type ToEngine =
  | { type: 'wake'; kinds?: string[] }
  /**
   * The clock moved here (a sandbox call, or another instance's move followed): the engine
   * follows at once. The manual clock's time, or how far ahead of the system time the system
   * clock runs.
   */
  | { type: 'clock'; now: number }
  | { type: 'clock-offset'; offsetMs: number }
  | { type: 'stop' };

/** What the engine's thread tells the serving thread. */
export type FromEngine =
  | { type: 'ready' }
  | { type: 'stopped' }
  /** The SMPP connectors' state, every CONNECTOR_STATS_MS: /metrics and the overview read it. */
  | { type: 'connectors'; stats: ConnectorStats[] }
  /** The engine's statements and changed rows so far, every CONNECTOR_STATS_MS when they moved. */
  | { type: 'store'; counts: StatementCounts }
  /**
   * The engine events of one turn of its event loop, in order, re-emitted in the serving thread
   * for /metrics, the overview and live inboxes.
   */
  | { type: 'events'; events: ForwardedEvent[] };

/** An engine event as it crosses to the serving thread. */
export type ForwardedEvent = {
  [K in keyof EngineEventMap]: { name: K; payload: EngineEventMap[K] };
}[keyof EngineEventMap];

export interface EngineThreadData {
  config: Config;
  /** The serving thread's clock: a manual clock the database keeps no time for yet starts here too. */
  clockNow: number;
  /** The serving thread's count of writers waiting for SQLite's lock (src/store/db/write-turn.ts). */
  writeTurn: SharedArrayBuffer;
}

/** How often the engine's thread sends its connectors' state (what /metrics may lag by). */
export const CONNECTOR_STATS_MS = 200;

/** Every event the engine emits that the serving thread listens to. */
export const FORWARDED_EVENTS: ReadonlyArray<keyof EngineEventMap> = [
  'job.claimed',
  'job.completed',
  'job.failed',
  'job.dead',
  'job.rescheduled',
  'job.lost',
  'messages.accepted',
  'messages.final',
  'messages.failed',
  'sandbox.inbox',
  'retention.purged',
];
