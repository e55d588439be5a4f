/**
 * End to end as a client counts it: sends of 200 recipients with `#{key}` substitution, and the
 * clock stops when the client holds every report, read and acknowledged through
 * `GET /api/comm/v1/report/polling` and `DELETE .../{reportId}`, or, in webhook mode, posted to
 * its local receiver and answered. Reports are checked once each (by msgKey).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ADMIN_TOKEN,
  benchAccount,
  call,
  cpuSeconds,
  machineBusySeconds,
  PER_REQUEST,
  peakRssMb,
  post,
  type RunningGateway,
  sendBody,
  sleep,
} from './gateway.ts';

export interface ClientRunResult {
  acceptSecs: number;
  e2eSecs: number;
  latencies: number[];
  /** Reports received more than once (must be 0). */
  duplicates: number;
  peakRssMb: number;
  /** CPU seconds over the run (send to last report): the gateways' processes, and the machine's. */
  cpu: { gateways: number; machine: number };
}

export interface Receiver {
  url: string;
  seen: Set<string>;
  duplicates: number;
  close: () => void;
}

/** A webhook receiver that answers each report with its msgKey, as the gateway asks. */
export async function startReceiver(): Promise<Receiver> {
  const r: Omit<Receiver, 'url' | 'close'> = { seen: new Set(), duplicates: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { msgKey?: string };
      const key = body.msgKey ?? '';
      if (r.seen.has(key)) r.duplicates += 1;
      else r.seen.add(key);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ msgKey: key }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(r, { url: `http://127.0.0.1:${port}/reports`, close: () => server.close() });
}

/** Reads and acknowledges reports until `want` distinct ones are in `seen`. */
export async function pollUntil(
  base: string,
  apiKey: string,
  seen: Set<string>,
  want: number,
  counters: { duplicates: number },
): Promise<void> {
  const auth = { authorization: apiKey };
  while (seen.size < want) {
    const res = (await call('GET', `${base}/api/comm/v1/report/polling`, auth)) as {
      data: { data: { reportId: string; report: Array<{ msgKey: string }> | null } };
    };
    const { reportId, report } = res.data.data;
    if (!report) {
      await sleep(5);
      continue;
    }
    for (const r of report) {
      if (seen.has(r.msgKey)) counters.duplicates += 1;
      else seen.add(r.msgKey);
    }
    await call('DELETE', `${base}/api/comm/v1/report/polling/${reportId}`, auth);
  }
}

const gatewaysCpu = (gateways: readonly RunningGateway[]) =>
  gateways.reduce((sum, g) => sum + cpuSeconds(g.pid), 0);

export async function clientRun(
  gateways: readonly RunningGateway[],
  opts: { requests: number; concurrency: number; reports: 'polling' | 'webhook' },
): Promise<ClientRunResult> {
  const [first] = gateways;
  if (!first) throw new Error('no gateway');
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const acc = await benchAccount(first.base);
  const receiver = opts.reports === 'webhook' ? await startReceiver() : null;
  if (receiver) {
    const accUrl = `${first.base}/admin/v1/accounts/${acc.accountId}`;
    await call('PUT', `${accUrl}/webhook`, admin, { url: receiver.url, secret: 'bench-webhook-secret' });
    await call('PUT', `${accUrl}/report-mode`, admin, { mode: 'webhook' });
  }
  const client = { authorization: acc.apiKey };
  const seen = receiver?.seen ?? new Set<string>();
  const counters = { duplicates: 0 };
  const received = async (want: number) => {
    if (!receiver) return pollUntil(first.base, acc.apiKey, seen, want, counters);
    while (seen.size < want) await sleep(5);
  };
  try {
    // Warm-up: five requests, their reports read, before the clock starts.
    for (let w = 0; w < 5; w++) {
      await post(`${first.base}/api/comm/v1/send/omni`, client, sendBody(opts.requests + w));
    }
    await received(5 * PER_REQUEST);
    const want = seen.size + opts.requests * PER_REQUEST;
    // Bodies are written before the clock starts: the client shares this machine's cores.
    const bodies = Array.from({ length: opts.requests }, (_, r) => sendBody(r));
    const latencies: number[] = [];
    let next = 0;
    const cpu0 = { gateways: gatewaysCpu(gateways), machine: machineBusySeconds() };
    const t0 = performance.now();
    const reading = received(want);
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < opts.requests) {
          const r = next++;
          const gw = gateways[r % gateways.length] ?? first;
          const s = performance.now();
          await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[r]);
          latencies.push(performance.now() - s);
        }
      }),
    );
    const acceptSecs = (performance.now() - t0) / 1000;
    await reading;
    const e2eSecs = (performance.now() - t0) / 1000;
    const cpu = {
      gateways: gatewaysCpu(gateways) - cpu0.gateways,
      machine: machineBusySeconds() - cpu0.machine,
    };
    latencies.sort((a, b) => a - b);
    return {
      acceptSecs,
      e2eSecs,
      latencies,
      duplicates: counters.duplicates + (receiver?.duplicates ?? 0),
      peakRssMb: Math.max(...gateways.map((g) => peakRssMb(g.pid))),
      cpu,
    };
  } finally {
    receiver?.close();
  }
}
