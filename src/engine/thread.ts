import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { type Clock, SystemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { ConnectorStats } from '../connectors/smpp/connector.ts';
import type { StatementCounts } from '../store/db/statement-counts.ts';
import { shareWriteTurn } from '../store/db/write-turn.ts';
import type { EngineEvents } from './events.ts';
import { engineThreadEntry } from './thread-bundle.ts';
import type { EngineThreadData, FromEngine, ToEngine } from './thread-messages.ts';

/** The least time between two wake-up messages to the engine thread. */
const WAKE_GAP_MS = 5;

export interface EngineThread {
  /** Work (of `kinds`, or of any kind) was enqueued here: the engine claims now, not at its next poll. */
  wake(kinds?: readonly string[]): void;
  /** Graceful: the engine finishes in-flight jobs (up to the grace period) and releases the rest. */
  stop(): Promise<void>;
}

/** The engine thread's young generation (see startEngineThread). */
const ENGINE_YOUNG_GENERATION_MB = 24;

/**
 * The engine thread's old generation limit. V8 lets an old generation grow to 4 times what its
 * last full collection kept when the limit is 2 GB or more (V8's default here is 4 GB), to about
 * 2 times just below, and less on smaller limits. The engine's passes promote short-lived rows by
 * the megabyte, and its old space grew to several times what it keeps live before a full
 * collection: a backlog of a million messages went past 300 MB of RSS without this limit, which
 * is still many times what the engine keeps live (docs/performance-log.md).
 */
const ENGINE_OLD_GENERATION_MB = 2000;

/**
 * Runs the engine (job runner, connectors) in a worker thread of this process, so that dispatch
 * passes and receipts do not hold the event loop that accepts requests: one process, two cores.
 * The thread opens its own connection to the same database and is otherwise an instance of the
 * `worker` role; what this thread needs from it (events for /metrics, the overview and live
 * inboxes) comes back as messages. A thread that dies takes the process with it (exit code 1):
 * a gateway that accepts but never delivers must not look healthy.
 */
export async function startEngineThread(
  config: Config,
  events: EngineEvents,
  clock: Clock,
  logger: Logger,
  listeners: {
    connectorStats?: (stats: ConnectorStats[]) => void;
    storeCounts?: (counts: StatementCounts) => void;
  } = {},
): Promise<EngineThread> {
  const data: EngineThreadData = { config, clockNow: clock.now(), writeTurn: shareWriteTurn() };
  const worker = new Worker(engineThreadEntry(), {
    workerData: data,
    // V8 lets a busy isolate's young generation grow to 48 MB; the engine's allocations are short
    // lived and as cheap to collect at half that, and the other half is RSS (docs/performance-log.md).
    resourceLimits: {
      maxYoungGenerationSizeMb: ENGINE_YOUNG_GENERATION_MB,
      maxOldGenerationSizeMb: ENGINE_OLD_GENERATION_MB,
    },
  });
  const post = (m: ToEngine) => worker.postMessage(m);
  let stopping = false;
  let stopped: Promise<void> | null = null;
  worker.on('error', (err) => {
    logger.fatal({ err }, 'the engine thread failed; exiting');
    process.exit(1);
  });
  worker.on('exit', (code) => {
    if (stopping) return;
    logger.fatal({ code }, 'the engine thread exited; exiting');
    process.exit(1);
  });
  // Told from the start, not once the engine is ready: a move made while the thread builds its
  // engine may come after its clock was read from the database (the thread queues the message).
  const unsubscribe = clock.onChange(() =>
    post(
      clock instanceof SystemClock
        ? { type: 'clock-offset', offsetMs: clock.offsetMs }
        : { type: 'clock', now: clock.now() },
    ),
  );
  await new Promise<void>((resolve) => {
    worker.on('message', (m: FromEngine) => {
      if (m.type === 'events') for (const e of m.events) events.emit(e.name, e.payload);
      else if (m.type === 'connectors') listeners.connectorStats?.(m.stats);
      else if (m.type === 'store') listeners.storeCounts?.(m.counts);
      else if (m.type === 'ready') resolve();
      // Stopped: whatever handle a library left open must not keep the process waiting.
      else if (m.type === 'stopped') void worker.terminate();
    });
  });
  // Many enqueues in one tick (a send's jobs, then a report's) make one message, naming the kinds
  // of them all (none named: any kind). Messages go at most every WAKE_GAP_MS: each one-recipient
  // send made one, and a postMessage cost the accepting thread ~70 µs, while a busy engine claims
  // at most every few milliseconds anyway. The first after a quiet spell goes at once.
  let waking: Set<string> | 'any' | null = null;
  let postedAt = -Infinity;
  const flush = () => {
    const w = waking;
    waking = null;
    postedAt = performance.now();
    post(w === 'any' || w === null ? { type: 'wake' } : { type: 'wake', kinds: [...w] });
  };
  return {
    wake(kinds) {
      if (stopping) return;
      if (waking === null) {
        waking = new Set();
        const wait = postedAt + WAKE_GAP_MS - performance.now();
        if (wait <= 0) queueMicrotask(flush);
        else setTimeout(flush, wait);
      }
      if (!kinds) waking = 'any';
      else if (waking !== 'any') for (const k of kinds) waking.add(k);
    },
    stop() {
      if (!stopped) {
        stopping = true;
        unsubscribe();
        stopped = new Promise<void>((resolve) => {
          worker.once('exit', () => resolve());
          post({ type: 'stop' });
        });
      }
      return stopped;
    },
  };
}
