/**
 * bench/kannel: Omnigate and Kannel side by side, against the same SMSC simulator with the same
 * link (1 transceiver bind, 10 unanswered submit_sm), receipts requested on both, alternating
 * runs. Kannel is Debian's (`apt-get install kannel`: bearerbox and smsbox, file store, internal
 * DLR store), run twice: posting each receipt to our dlr-url (its end is the last one posted),
 * and as most of its users run it, receipts requested but only kept in its log (its end is the
 * simulator's last receipt answered). Omnigate's end is what a client sees: every report read
 * and acknowledged by polling, or posted to its webhook (bench/lib/smpp-gateway.ts). Two cases:
 * one recipient per HTTP request from 16 keep-alive clients, and 200 recipients per request from
 * 8. CPU per message is the gateway's processes' user + system time over the run (bearerbox +
 * smsbox for Kannel).
 *
 *   npm run bench:kannel -- [--runs 3] [--single 5000] [--batches 20000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SmscSimulator } from '../test/helpers/smsc.ts';
import {
  type Case,
  cpuMs,
  gatewayRun,
  PASSWORD,
  type RunEnd,
  SENDER,
  SYSTEM_ID,
  TEXT,
  TIMEOUT_MS,
  to,
  until,
  WARM_UP,
} from './lib/smpp-gateway.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    single: { type: 'string', default: '5000' },
    batches: { type: 'string', default: '20000' },
  },
});
const BEARERBOX = '/usr/sbin/bearerbox';
const SMSBOX = '/usr/sbin/smsbox';
const CASES: Case[] = [
  {
    label: 'single-recipient requests',
    messages: Number(values.single),
    binds: 1,
    window: 10,
    perRequest: 1,
    concurrency: 16,
  },
  {
    label: '200 recipients per request',
    messages: Number(values.batches),
    binds: 1,
    window: 10,
    perRequest: 200,
    concurrency: 8,
  },
];

interface Result {
  rate: number;
  cpuMsPerMessage: number;
  acceptedPerSec: number;
}

/** Delivery reports Kannel posts to dlr-url: the receivers whose message was delivered (type 1). */
async function dlrReceiver() {
  const delivered = new Set<string>();
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.searchParams.get('type') === '1') delivered.add(u.searchParams.get('to') ?? '');
    res.end('ok');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { port, delivered, close: () => server.close() };
}

function kannelConf(dir: string, smscPort: number, sendsmsPort: number, boxPort: number, adminPort: number) {
  return `group = core
admin-port = ${adminPort}
admin-password = bench
smsbox-port = ${boxPort}
box-allow-ip = 127.0.0.1
log-level = 4
log-file = "${dir}/bearerbox.log"
store-type = file
store-location = "${dir}/kannel.store"
dlr-storage = internal

group = smsc
smsc = smpp
smsc-id = sim
host = 127.0.0.1
port = ${smscPort}
transceiver-mode = true
smsc-username = ${SYSTEM_ID}
smsc-password = ${PASSWORD}
system-type = ""
max-pending-submits = 10
msg-id-type = 0x03
enquire-link-interval = 30

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${boxPort}
sendsms-port = ${sendsmsPort}
log-level = 4
log-file = "${dir}/smsbox.log"

group = sendsms-user
username = bench
password = bench

group = sms-service
keyword = default
text = "ok"
`;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** With a dlr-url, Kannel posts every receipt to it; without, receipts are only logged. */
async function kannelRun(sim: SmscSimulator, dir: string, c: Case, dlrUrl: boolean): Promise<Result> {
  const [sendsmsPort, boxPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const conf = join(dir, `kannel-${c.perRequest}.conf`);
  writeFileSync(conf, kannelConf(dir, sim.port, sendsmsPort, boxPort, adminPort));
  const procs: ChildProcess[] = [];
  const dlr = await dlrReceiver();
  try {
    const bearer = spawn(BEARERBOX, [conf], { stdio: 'ignore' });
    procs.push(bearer);
    await until(() => sim.sessions().length >= 1, 'Kannel to bind', 30_000);
    // smsbox gives up at once when bearerbox does not take its connection yet.
    await until(() => portOpen(boxPort), 'bearerbox to take boxes', 30_000);
    const box = spawn(SMSBOX, [conf], { stdio: 'ignore' });
    procs.push(box);
    const base = `http://127.0.0.1:${sendsmsPort}/cgi-bin/sendsms`;
    await until(
      async () => {
        try {
          await (await fetch(base)).text();
          return true;
        } catch {
          return false;
        }
      },
      'smsbox to listen',
      20_000,
    );
    const url = (first: number) => {
      const q = new URLSearchParams({
        username: 'bench',
        password: 'bench',
        from: SENDER,
        to: Array.from({ length: c.perRequest }, (_, i) => to(first + i)).join(' '),
        text: TEXT,
        'dlr-mask': '1',
        ...(dlrUrl ? { 'dlr-url': `http://127.0.0.1:${dlr.port}/dlr?to=%p&type=%d` } : {}),
      });
      return `${base}?${q}`;
    };
    const send = async (requests: number, offset: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: c.concurrency }, async () => {
          while (next < requests) {
            const r = next++;
            const res = await fetch(url(offset + r * c.perRequest));
            const text = await res.text();
            if (res.status !== 202 && res.status !== 200) throw new Error(`sendsms ${res.status}: ${text}`);
          }
        }),
      );
    };
    // Warm-up, numbers apart from the measured ones.
    const requests = Math.ceil(c.messages / c.perRequest);
    const total = requests * c.perRequest;
    const warm = Math.ceil(WARM_UP / c.perRequest);
    // Its end: every receipt posted to the dlr-url, or without one, answered to the simulator.
    const acked0 = sim.receiptsAcked;
    const receipts = () => (dlrUrl ? dlr.delivered.size : sim.receiptsAcked - acked0);
    await send(warm, total);
    await until(() => receipts() >= warm * c.perRequest, 'the warm-up receipts', 60_000);
    const want = receipts() + total;
    const cpu0 = cpuMs(bearer.pid ?? 0) + cpuMs(box.pid ?? 0);
    const t0 = performance.now();
    await send(requests, 0);
    const acceptSecs = (performance.now() - t0) / 1000;
    await until(() => receipts() >= want, `${total} delivery reports`, TIMEOUT_MS);
    const secs = (performance.now() - t0) / 1000;
    const cpu = cpuMs(bearer.pid ?? 0) + cpuMs(box.pid ?? 0) - cpu0;
    return { rate: total / secs, cpuMsPerMessage: cpu / total, acceptedPerSec: total / acceptSecs };
  } finally {
    for (const p of procs.reverse()) {
      p.kill('SIGTERM');
      await new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)));
    }
    dlr.close();
    await until(() => sim.sessions().length === 0, 'Kannel to unbind', 20_000);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const f = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  if (!existsSync(BEARERBOX) || !existsSync(SMSBOX)) {
    console.log('bench/kannel: Kannel is not installed (apt-get install kannel); nothing measured');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-kannel-'));
  const sim = await SmscSimulator.start({
    systemId: SYSTEM_ID,
    password: PASSWORD,
    receipts: true,
    receiptTiming: 'after',
  });
  try {
    console.log(
      'bench/kannel: Omnigate (SQLite, one process) and Kannel, 1 transceiver bind x window 10, receipts requested, same simulator',
    );
    for (const c of CASES) {
      const k: Result[] = [];
      const kLog: Result[] = [];
      const oPoll: Result[] = [];
      const oHook: Result[] = [];
      const total = Math.ceil(c.messages / c.perRequest) * c.perRequest;
      const omnigate = async (end: RunEnd, run: number): Promise<Result> => {
        const g = await gatewayRun(sim, join(dir, `omnigate-${c.perRequest}-${end}-${run}`), c, end);
        return {
          rate: total / g.e2eSecs,
          cpuMsPerMessage: g.cpuMsPerMessage,
          acceptedPerSec: total / g.acceptSecs,
        };
      };
      for (let run = 0; run < Number(values.runs); run++) {
        k.push(await kannelRun(sim, dir, c, true));
        oPoll.push(await omnigate('polling', run));
        kLog.push(await kannelRun(sim, dir, c, false));
        oHook.push(await omnigate('webhook', run));
      }
      console.log(`  ${c.label} (${f(c.messages)} SMS, ${c.concurrency} clients):`);
      const line = (name: string, rs: Result[]) =>
        `    ${name}: ${rs.map((r) => f(r.rate)).join(' / ')} msg/s end to end; CPU ${rs
          .map((r) => r.cpuMsPerMessage.toFixed(3))
          .join(
            ' / ',
          )} ms/message; accepted ${rs.map((r) => f(r.acceptedPerSec / c.perRequest)).join(' / ')} requests/s`;
      console.log(line('Kannel, dlr-url          ', k));
      console.log(line('Kannel, receipts logged  ', kLog));
      console.log(line('Omnigate, polling reports', oPoll));
      console.log(line('Omnigate, webhook reports', oHook));
      const m = (rs: Result[]) => median(rs.map((r) => r.rate));
      const slower = Math.min(m(oPoll), m(oHook));
      console.log(
        `    median Omnigate (slower of its two report modes) / Kannel with dlr-url: ${(slower / m(k)).toFixed(2)}x; ` +
          `/ Kannel with receipts logged: ${(slower / m(kLog)).toFixed(2)}x`,
      );
    }
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
