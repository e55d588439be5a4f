/**
 * A backlog: REQUESTS x 200 recipients accepted by an API-only instance (no worker runs, so all
 * of them stay queued, as after an outage of the workers), then the gateway started as
 * `npm start` starts it on the same data. It drains them while a client keeps sending a request
 * of 200 every 100 ms; printed: the drain rate, the accept latency meanwhile and the peak RSS.
 */

import { join } from 'node:path';
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
  const reader = new Database(join(dataDir, 'omnigate.db'), { readonly: true });
  // Not final yet: queued (a step to submit) or waiting (submitted, no result yet).
  const pending = reader.prepare("select count(*) as n from messages where status in ('queued', 'waiting')");
  const queued = (pending.get() as { n: number }).n;
  const gw = await startGateway(dataDir);
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
      await sleep(500);
      if ((pending.get() as { n: number }).n === 0) break;
      if (performance.now() - t0 > 900_000) throw new Error('the backlog did not drain in 15 minutes');
    }
    draining = false;
    await sender;
    // What the sender sent last may still be on its way: wait for it too.
    while ((pending.get() as { n: number }).n > 0) await sleep(20);
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
    reader.close();
    await gw.stop();
  }
}
