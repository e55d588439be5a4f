import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import type { PriorityOutcome } from '../../src/engine/thread-priority.ts';
import { threadNices } from '../helpers/process.ts';

/** A thread of this process: its nice value as the kernel reports it. */
const niceOf = (tid: number) => threadNices(process.pid).get(tid);
/** How many threads of this process run at nice 19. */
const at19 = () => [...threadNices(process.pid).values()].filter((n) => n === 19).length;

// Where a thread has no nice value of its own, or the suite already runs at 19, nothing can be
// seen to change.
const base = process.platform === 'linux' ? niceOf(process.pid) : undefined;
const skip = base === undefined ? 'needs Linux' : base >= 19 ? 'the suite runs at nice 19' : false;

/** Runs the helper worker; answers its outcomes, then the nice values read while it still lives. */
async function inWorker(first: number, second?: number) {
  const worker = new Worker(new URL('../helpers/priority-worker.mjs', import.meta.url), {
    workerData: { first, second },
  });
  const outcomes = await new Promise<PriorityOutcome[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const last = outcomes.at(-1);
  const workerNice = last?.kind === 'lowered' ? niceOf(last.tid) : null;
  const mainNice = niceOf(process.pid);
  const threadsAt19 = at19();
  worker.postMessage('end');
  await new Promise((resolve) => worker.once('exit', resolve));
  return { outcomes, workerNice, mainNice, threadsAt19 };
}

test('the engine thread lowers its own priority, not its process', { skip }, async () => {
  const before = at19();
  const { outcomes, workerNice, mainNice, threadsAt19 } = await inWorker(19);
  const [o] = outcomes;
  assert.equal(o?.kind, 'lowered', JSON.stringify(o));
  assert.equal(o?.kind === 'lowered' && o.nice, 19);
  assert.equal(workerNice, 19, 'the kernel shows the thread at nice 19');
  assert.equal(threadsAt19, before + 1, 'that thread, and no other, went to 19');
  assert.equal(mainNice, base, 'the thread that made it keeps its priority');
});

test('a thread is never raised: a lower nice value after a higher one keeps the higher', {
  skip,
}, async () => {
  const { outcomes } = await inWorker(19, 5);
  assert.deepEqual(
    outcomes.map((o) => o.kind),
    ['lowered', 'kept'],
  );
  assert.deepEqual(outcomes[1], { kind: 'kept', nice: 19 });
});
