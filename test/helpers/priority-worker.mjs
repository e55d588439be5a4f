// A worker thread that lowers its own priority as the engine's thread does, answers the outcomes,
// and stays alive (so that its nice value can be read from /proc) until told to end. TypeScript
// through tsx, as scripts/dev/engine-thread.mjs runs the engine's sources.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { lowerThreadPriority } = await import('../../src/engine/thread-priority.ts');
const port = parentPort;
if (!port) throw new Error('priority-worker.mjs runs as a worker thread');
const { first, second } = workerData;
const outcomes = [lowerThreadPriority(first)];
if (second !== undefined) outcomes.push(lowerThreadPriority(second));
port.postMessage(outcomes);
port.on('message', () => port.close());
