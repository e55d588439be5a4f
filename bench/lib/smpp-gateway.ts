/**
 * What bench/smpp and bench/kannel share: the measured cases, the SMSC simulator's credentials,
 * and a run of the gateway (SQLite, one process, SMS routed to its SMPP connector) through one
 * case, timed to the last final report, with its CPU per message and its window occupancy.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SmscSimulator } from '../../test/helpers/smsc.ts';
import { pollUntil, type Receiver, startReceiver } from './client-run.ts';
import { call } from './gateway.ts';

/** One measured shape: the link (binds x window) and the traffic (recipients per request, clients). */
export interface Case {
  label: string;
  messages: number;
  binds: number;
  window: number;
  perRequest: number;
  concurrency: number;
}
/** The warm-up of every run, bare client and gateway alike. */
export const WARM_UP = 200;
const TOKEN = 'bench-admin-token';
export const SYSTEM_ID = 'omnigate';
export const PASSWORD = 'secret';
export const SENDER = '0212345678';
/** GSM 7-bit, one part: the same bytes from the bare client and from the gateway. */
export const TEXT = 'Omnigate bench: your code is 1234';
export const ESM_RECEIPT = 0x04;
export const TIMEOUT_MS = 300_000;

export const to = (i: number) => `010${10_000_000 + (i % 89_999_999)}`;

/**
 * Polls `cond` every `everyMs` until it holds. Scrapes of the gateway's /metrics are made every
 * 100 ms (SCRAPE_MS): a scrape costs the gateway a few milliseconds, and fifty a second showed up
 * in its CPU per message.
 */
export async function until(
  cond: () => boolean | Promise<boolean>,
  what: string,
  ms = TIMEOUT_MS,
  everyMs = 20,
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await cond())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const SCRAPE_MS = 100;

async function startGateway(
  dir: string,
  connectors: string,
): Promise<{ base: string; pid: number; stop: () => void }> {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the gateway.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const bin = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--port', '0'], {
    env: {
      ...process.env,
      OMNIGATE_DATA_DIR: join(dir, 'data'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      OMNIGATE_ROLE: 'all',
      OMNIGATE_SANDBOX: 'true',
      OMNIGATE_CONNECTORS: connectors,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The bench's webhook receivers listen on the loopback.
      OMNIGATE_WEBHOOK_ALLOW: '127.0.0.0/8,::1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /"url":"http:\/\/127\.0\.0\.1:(\d+)".*"msg":"listening"/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`gateway exited: ${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

export async function post(url: string, headers: Record<string, string>, body: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

function field(value: unknown, key: string): string {
  const v =
    typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, key)?.value : null;
  if (typeof v !== 'string') throw new Error(`expected a string ${key} in ${JSON.stringify(value)}`);
  return v;
}

/** omnigate_messages_final_total by status, as scraped now. */
async function finals(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^omnigate_messages_final_total\{status="([^"]+)"\} (\S+)$/gm))
    out.set(m[1] ?? '', Number(m[2]));
  return out;
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** The connector's window occupancy counters: seconds held and answers, as scraped now. */
async function windowHeld(base: string): Promise<{ secs: number; answers: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^${name}\\{connector="smsc"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    secs: read('omnigate_connector_window_held_seconds_total'),
    answers: read('omnigate_connector_submit_answers_total'),
  };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(rest[11]) + Number(rest[12])) * 1000) / 100;
}

export interface GatewayRun {
  acceptSecs: number;
  /** The gateway process's CPU (all threads) over the measured run, per message, ms. */
  cpuMsPerMessage: number;
  /** Mean time a submit_sm held its window slot, ms. */
  heldMs: number;
  /** When the simulator had taken every submit_sm (to 20 ms): what is left after it is receipts. */
  submitSecs: number;
  e2eSecs: number;
  /** From releasing every held receipt to the last final report (the batches case only). */
  lateSecs: number | null;
}

/**
 * How the run's end is seen: by the gateway's own count of final states (/metrics), or as a
 * client sees it, holding every report (polled and acknowledged, or posted to its webhook).
 */
export type RunEnd = 'finals' | 'polling' | 'webhook';

export async function gatewayRun(
  sim: SmscSimulator,
  dir: string,
  c: Case,
  end: RunEnd = 'finals',
): Promise<GatewayRun> {
  mkdirSync(dir, { recursive: true });
  const connectors = join(dir, 'connectors.json');
  writeFileSync(
    connectors,
    JSON.stringify({
      connectors: [
        {
          name: 'smsc',
          type: 'smpp',
          host: '127.0.0.1',
          port: sim.port,
          systemId: SYSTEM_ID,
          password: PASSWORD,
          binds: c.binds,
          window: c.window,
          throughput: null,
          receiptWaitSeconds: 3600,
        },
      ],
      routes: [{ channel: 'sms', connector: 'smsc' }],
    }),
  );
  const gw = await startGateway(dir, connectors);
  let receiver: Receiver | null = null;
  try {
    await until(() => sim.sessions().length >= c.binds, `${c.binds} binds`, 10_000);
    const admin = { authorization: `Bearer ${TOKEN}` };
    const acc = await post(`${gw.base}/admin/v1/accounts`, admin, JSON.stringify({ name: 'bench' }));
    await post(
      `${gw.base}/admin/v1/accounts/${field(acc, 'accountId')}/senders`,
      admin,
      JSON.stringify({ number: SENDER }),
    );
    const client = { authorization: field(acc, 'apiKey') };
    receiver = end === 'webhook' ? await startReceiver() : null;
    if (receiver) {
      const accUrl = `${gw.base}/admin/v1/accounts/${field(acc, 'accountId')}`;
      await call('PUT', `${accUrl}/webhook`, admin, { url: receiver.url, secret: 'bench-webhook-secret' });
      await call('PUT', `${accUrl}/report-mode`, admin, { mode: 'webhook' });
    }
    const hook = receiver;
    const seen = hook?.seen ?? new Set<string>();
    const dup = { duplicates: 0 };
    /** Until the client holds `want` reports (nothing to wait for when the end is the finals). */
    const reports = async (want: number) => {
      if (end === 'polling') await pollUntil(gw.base, client.authorization, seen, want, dup);
      else if (end === 'webhook') await until(() => seen.size >= want, `${want} webhook reports`);
    };
    const body = (r: number) =>
      JSON.stringify({
        destinations: Array.from({ length: c.perRequest }, (_, i) => ({ to: to(r * c.perRequest + i) })),
        messageFlow: [{ sms: { from: SENDER, text: TEXT } }],
      });
    const requests = Math.ceil(c.messages / c.perRequest);
    // Warm-up: WARM_UP recipients through to their reports, numbers apart from the measured ones.
    const warm = Math.ceil(WARM_UP / c.perRequest);
    for (let w = 0; w < warm; w++) await post(`${gw.base}/api/comm/v1/send/omni`, client, body(requests + w));
    await reports(warm * c.perRequest);
    await until(
      async () => sum(await finals(gw.base)) >= warm * c.perRequest,
      'the warm-up reports',
      30_000,
      SCRAPE_MS,
    );
    const heldBefore = await windowHeld(gw.base);
    const before = await finals(gw.base);
    const submitsBefore = sim.submitted.length;
    const bodies = Array.from({ length: requests }, (_, r) => body(r));
    let next = 0;
    const cpu0 = cpuMs(gw.pid);
    const t0 = performance.now();
    const total = requests * c.perRequest;
    const reading = reports(warm * c.perRequest + total);
    await Promise.all(
      Array.from({ length: c.concurrency }, async () => {
        while (next < requests) {
          const r = next++;
          await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[r] ?? '');
        }
      }),
    );
    const acceptSecs = (performance.now() - t0) / 1000;
    let after = before;
    let submitSecs = Number.NaN;
    let e2eSecs = Number.NaN;
    let cpuMsPerMessage = Number.NaN;
    if (end !== 'finals') {
      await reading;
      e2eSecs = (performance.now() - t0) / 1000;
      cpuMsPerMessage = (cpuMs(gw.pid) - cpu0) / total;
      if (dup.duplicates + (hook?.duplicates ?? 0) > 0) throw new Error('a report came twice');
    }
    await until(
      async () => {
        if (Number.isNaN(submitSecs) && sim.submitted.length - submitsBefore >= total)
          submitSecs = (performance.now() - t0) / 1000;
        after = await finals(gw.base);
        return sum(after) - sum(before) >= total;
      },
      `${total} final reports`,
      TIMEOUT_MS,
      end === 'finals' ? SCRAPE_MS : 20,
    );
    if (end === 'finals') {
      e2eSecs = (performance.now() - t0) / 1000;
      cpuMsPerMessage = (cpuMs(gw.pid) - cpu0) / total;
    }
    const heldAfter = await windowHeld(gw.base);
    const heldMs =
      ((heldAfter.secs - heldBefore.secs) * 1000) / Math.max(1, heldAfter.answers - heldBefore.answers);
    const submits = sim.submitted.length - submitsBefore;
    const delivered = (after.get('delivered') ?? 0) - (before.get('delivered') ?? 0);
    const others = sum(after) - sum(before) - delivered;
    if (submits !== total || delivered !== total || others !== 0)
      throw new Error(
        `expected ${total} submits and delivered: ${submits} submits, ${delivered} delivered, ${others} not`,
      );
    const measured = { acceptSecs, cpuMsPerMessage, heldMs, e2eSecs };
    const submitted = Number.isNaN(submitSecs) ? e2eSecs : submitSecs;
    if (c.perRequest !== 200 || c.binds === 1) return { ...measured, submitSecs: submitted, lateSecs: null };
    // Late receipts, as a carrier sends them: every message waits, then the receipts come in a
    // burst and are settled through the store (no submission of theirs is in progress).
    sim.setReceiptTiming('hold');
    const lateBefore = await finals(gw.base);
    let r2 = 0;
    await Promise.all(
      Array.from({ length: c.concurrency }, async () => {
        while (r2 < requests) {
          const r = r2++;
          await post(`${gw.base}/api/comm/v1/send/omni`, client, body(requests + warm + r));
        }
      }),
    );
    await until(() => sim.submitted.length - submitsBefore >= 2 * total, 'every late-receipt submit');
    const t1 = performance.now();
    const released = sim.releaseReceipts();
    await until(
      async () => sum(await finals(gw.base)) - sum(lateBefore) >= total,
      `${total} late finals`,
      TIMEOUT_MS,
      SCRAPE_MS,
    );
    const lateSecs = (performance.now() - t1) / 1000;
    await released;
    sim.setReceiptTiming('after');
    return { ...measured, submitSecs: submitted, lateSecs };
  } finally {
    receiver?.close();
    gw.stop();
  }
}
