/**
 * A backlog: REQUESTS x 200 recipients accepted by an API-only instance (no worker runs, so all
 * of them stay queued, as after an outage of the workers), then the gateway started as
 * `npm start` starts it on the same data. It drains them while a client keeps sending a request
 * of 200 every 100 ms; printed: the drain rate, the accept latency meanwhile and the peak RSS.
 */

import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { benchAccount, PER_REQUEST, peakRssMb, post, sendBody, sleep, startGateway } from './gateway.ts';

export interface BacklogResult {
  queued: number;
  drainSecs: number;
  /** Messages delivered during the drain (the backlog and what was sent meanwhile). */
  delivered: number;
  latencies: number[];
  peakRssMb: number;
}

export async function backlogRun(
  dataDir: string,
  opts: { requests: number; concurrency: number },
): Promise<BacklogResult> {
  // Phase 1: the backlog, queued by an instance that runs no workers.
  const api = await startGateway(dataDir, { OMNIGATE_ROLE: 'api' });
  let client: Record<string, string>;
  try {
    const acc = await benchAccount(api.base);
    client = { authorization: acc.apiKey };
    let next = 0;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < opts.requests) {
          const r = next++;
          await post(`${api.base}/api/comm/v1/send/omni`, client, sendBody(r));
        }
      }),
    );
  } finally {
    await api.stop();
  }
  // Phase 2: the default shape drains it; a client keeps sending meanwhile.
  const file = join(dataDir, 'omnigate.db');
  const reader = new Database(file, { readonly: true });
  // Not final yet: queued (a step to submit) or waiting (submitted, no result yet).
  const queued = (
    reader.prepare("select count(*) as n from messages where status in ('queued', 'waiting')").get() as {
      n: number;
    }
  ).n;
  reader.close();
  const gw = await startGateway(dataDir);
  // Counted in a thread of its own, from here on: see pending-watch.mjs.
  const watch = new Worker(new URL('./pending-watch.mjs', import.meta.url), {
    workerData: { file, everyMs: 500 },
  });
  let pendingNow = queued;
  /** Counts of an earlier round (begun before the last change of pace) are ignored. */
  let round = 0;
  let failed: Error | null = null;
  const counted: Array<() => void> = [];
  const wakeAll = () => {
    for (const wake of counted.splice(0)) wake();
  };
  watch.on('message', (m: { n: number; round: number }) => {
    if (m.round < round) return;
    pendingNow = m.n;
    wakeAll();
  });
  watch.on('error', (err) => {
    failed = err;
    wakeAll();
  });
  watch.on('exit', () => {
    failed ??= new Error('the pending watch ended');
    wakeAll();
  });
  const nextCount = async () => {
    if (!failed) await new Promise<void>((resolve) => counted.push(resolve));
    if (failed) throw failed;
  };
  try {
    const t0 = performance.now();
    const latencies: number[] = [];
    let sent = 0;
    let draining = true;
    const sender = (async () => {
      while (draining) {
        const s = performance.now();
        await post(`${gw.base}/api/comm/v1/send/omni`, client, sendBody(opts.requests + sent));
        latencies.push(performance.now() - s);
        sent += 1;
        await sleep(Math.max(0, 100 - (performance.now() - s)));
      }
    })();
    for (;;) {
      await nextCount();
      if (pendingNow === 0) break;
      if (performance.now() - t0 > 900_000) throw new Error('the backlog did not drain in 15 minutes');
    }
    draining = false;
    await sender;
    // What the sender sent last may still be on its way: wait for it too, counted more often and
    // only by counts begun after its answer.
    round = 1;
    watch.postMessage({ everyMs: 20, round });
    do await nextCount();
    while (pendingNow > 0);
    const drainSecs = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      queued,
      drainSecs,
      delivered: queued + sent * PER_REQUEST,
      latencies,
      peakRssMb: peakRssMb(gw.pid),
    };
  } finally {
    watch.postMessage({ end: true });
    await gw.stop();
  }
}
