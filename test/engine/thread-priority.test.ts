import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import type { PriorityOutcome } from '../../src/engine/thread-priority.ts';
import { threadNices } from '../helpers/process.ts';

/** A thread of this process: its nice value as the kernel reports it. */
const niceOf = (tid: number) => threadNices(process.pid).get(tid);

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
  worker.postMessage('end');
  await new Promise((resolve) => worker.once('exit', resolve));
  return { outcomes, workerNice, mainNice };
}

test('the engine thread lowers its own priority, not its process', {
  skip: process.platform !== 'linux',
}, async () => {
  const before = niceOf(process.pid) ?? Number.NaN;
  assert.ok(before < 19, `this test needs to run below nice 19 (it runs at ${before})`);
  const { outcomes, workerNice, mainNice } = await inWorker(19);
  const [o] = outcomes;
  assert.equal(o?.kind, 'lowered', JSON.stringify(o));
  assert.equal(o?.kind === 'lowered' && o.nice, 19);
  assert.equal(workerNice, 19, 'the kernel shows the thread at nice 19');
  assert.equal(mainNice, before, 'the thread that made it keeps its priority');
});

test('a thread is never raised: a lower nice value after a higher one keeps the higher', {
  skip: process.platform !== 'linux',
}, async () => {
  const { outcomes } = await inWorker(19, 5);
  assert.deepEqual(
    outcomes.map((o) => o.kind),
    ['lowered', 'kept'],
  );
  assert.deepEqual(outcomes[1], { kind: 'kept', nice: 19 });
});
