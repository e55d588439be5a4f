import { parentPort, workerData } from 'node:worker_threads';
import { ManualClock, SystemClock } from './clock.ts';
import { createEngine } from './engine/engine.ts';
import {
  CONNECTOR_STATS_MS,
  type EngineThreadData,
  FORWARDED_EVENTS,
  type ForwardedEvent,
  type FromEngine,
  type ToEngine,
} from './engine/thread-messages.ts';
import { lowerThreadPriority } from './engine/thread-priority.ts';
import { FEATURE_JOBS } from './feature-jobs.ts';
import { joinWriteTurn } from './store/db/write-turn.ts';

/*
 * The engine's thread: the gateway's engine with the `worker` role (job runner, connectors) and no
 * HTTP app, on its own database connection, beside the serving thread that answers HTTP
 * (src/engine/thread.ts).
 */
const port = parentPort;
if (!port) throw new Error('engine-thread.ts runs as a worker thread');
const { config, clockNow, writeTurn } = workerData as EngineThreadData;
joinWriteTurn(writeTurn);
// Before the engine starts: its first passes already yield to the serving thread.
const priority = config.engineNice > 0 ? lowerThreadPriority(config.engineNice) : null;
const gw = await createEngine(
  { ...config, role: 'worker' },
  { clockStart: clockNow, features: FEATURE_JOBS },
);
if (priority?.kind === 'unsupported') {
  gw.ctx.logger.info(
    { reason: priority.reason },
    "the engine thread keeps the serving thread's priority (OMNIGATE_ENGINE_NICE)",
  );
} else if (priority) {
  gw.ctx.logger.debug({ nice: priority.nice }, 'engine thread priority');
}
// The events of one turn go as one message: a busy engine ends a job per report it posts to a
// webhook, and a message for each cost both threads a few per cent of their time with webhook
// reports (docs/performance-log.md). Anything else sent goes after them.
let pending: ForwardedEvent[] = [];
const flushEvents = () => {
  if (pending.length === 0) return;
  const events = pending;
  pending = [];
  port.postMessage({ type: 'events', events } satisfies FromEngine);
};
const send = (m: FromEngine) => {
  flushEvents();
  port.postMessage(m);
};
for (const name of FORWARDED_EVENTS) {
  gw.ctx.events.on(name, (payload) => {
    if (pending.length === 0) setImmediate(flushEvents);
    pending.push({ name, payload } as ForwardedEvent);
  });
}
port.on('message', (m: ToEngine) => {
  if (m.type === 'wake') gw.runner?.nudge(m.kinds);
  else if (m.type === 'clock' && gw.ctx.clock instanceof ManualClock) gw.ctx.clock.set(m.now);
  else if (m.type === 'clock-offset' && gw.ctx.clock instanceof SystemClock)
    gw.ctx.clock.setOffset(m.offsetMs);
  else if (m.type === 'stop') {
    void gw.stop().finally(() => {
      send({ type: 'stopped' });
      port.close();
    });
  }
});
gw.start();
send({ type: 'ready' });
if (gw.smppConnectors.length > 0) {
  const report = () => send({ type: 'connectors', stats: gw.smppConnectors.map((c) => c.stats()) });
  report();
  setInterval(report, CONNECTOR_STATS_MS).unref();
}
let countsSent = '';
setInterval(() => {
  const counts = gw.ctx.store.counts;
  const key = JSON.stringify(counts);
  if (key === countsSent) return;
  countsSent = key;
  send({ type: 'store', counts });
}, CONNECTOR_STATS_MS).unref();
