/**
 * bench/smpp: SMS per second end to end, from the HTTP send to the final (delivered) report,
 * through the SMSC simulator with receipts, printed beside the simulator's own ceiling.
 *
 *   npm run bench:smpp -- [--messages 40000] [--concurrency 8] [--binds 2] [--window 200]
 *
 * Fairness: the simulator (test/helpers/smsc.ts) runs in this process for both measurements; the
 * ESME side runs in another process both times. For the ceiling it is a bare `smpp` client (this
 * file again, with --client-only) binding the same transceivers with the same window, submitting
 * the same text with registered_delivery 1 and answering every receipt; for the figure it is the
 * gateway (SQLite, sandbox on, role all), which also writes and settles every message. On a
 * two-core machine each side then has a core, and the gateway's figure over the ceiling says how
 * much of what the wire allows the gateway's own work leaves. This process also posts the sends
 * and scrapes /metrics during the gateway run (bodies are built before the clock starts), so the
 * simulator has a little less CPU there than in the ceiling run: the ratio errs against the gateway.
 *
 * "Final report" is read from omnigate_messages_final_total on /metrics: emitted after the settle
 * transaction commits, one gateway instance (role all) sees all of them, and a scrape costs the
 * gateway two small grouped counts, cheaper than reading and acknowledging 20,000 reports.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import smpp, { type PDU, type Session } from 'smpp';
import { SmscSimulator } from '../test/helpers/smsc.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '40000' },
    concurrency: { type: 'string', default: '8' },
    binds: { type: 'string', default: '2' },
    window: { type: 'string', default: '200' },
    'client-only': { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
  },
});
const MESSAGES = Number(values.messages);
const CONCURRENCY = Number(values.concurrency);
const BINDS = Number(values.binds);
const WINDOW = Number(values.window);
const PER_REQUEST = 200;
const TOKEN = 'bench-admin-token';
const SYSTEM_ID = 'omnigate';
const PASSWORD = 'secret';
const SENDER = '0212345678';
/** GSM 7-bit, one part: the same bytes from the bare client and from the gateway. */
const TEXT = 'Omnigate bench: your code is 1234';
const ESM_RECEIPT = 0x04;
const TIMEOUT_MS = 300_000;

const to = (i: number) => `010${10_000_000 + (i % 89_999_999)}`;

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = TIMEOUT_MS): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await cond())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// ---- The bare client (child process): what the wire and the simulator allow ----

interface ClientResult {
  secs: number;
  receipts: number;
}

/** One bound transceiver with a window of submit_sm; counts the receipts it answers. */
async function bindSession(port: number, onReceipt: () => void): Promise<Session> {
  const session = smpp.connect({ host: '127.0.0.1', port });
  session.socket.setNoDelay(true);
  session.on('deliver_sm', (pdu: PDU) => {
    session.send(pdu.response());
    if (typeof pdu.esm_class === 'number' && (pdu.esm_class & ESM_RECEIPT) !== 0) onReceipt();
  });
  session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
  await new Promise<void>((resolve, reject) => {
    session.once('error', reject);
    session.on('connect', () => {
      session.bind_transceiver(
        { system_id: SYSTEM_ID, password: PASSWORD, interface_version: 0x34 },
        (resp) =>
          resp.command_status === 0 ? resolve() : reject(new Error(`bind refused: ${resp.command_status}`)),
      );
    });
  });
  return session;
}

async function bareClient(port: number, messages: number): Promise<ClientResult> {
  let receipts = 0;
  // Resolved by the receipt that completes a burst, so the clock stops on it, not on a poll.
  let awaited: { target: number; resolve: () => void } | null = null;
  const onReceipt = () => {
    receipts++;
    if (awaited && receipts >= awaited.target) awaited.resolve();
  };
  const sessions: Session[] = [];
  for (let b = 0; b < BINDS; b++) sessions.push(await bindSession(port, onReceipt));
  const shortMessage = Buffer.from(TEXT, 'latin1');
  /** Submits `count` over every session, WINDOW unanswered each, and waits for all their receipts. */
  async function burst(first: number, count: number): Promise<void> {
    const target = receipts + count;
    const done = new Promise<void>((resolve) => {
      awaited = { target, resolve };
    });
    let next = first;
    const end = first + count;
    const pump = (session: Session) => {
      if (next >= end) return;
      const i = next++;
      session.submit_sm(
        {
          source_addr: SENDER,
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          destination_addr: to(i),
          registered_delivery: 1,
          data_coding: 0,
          short_message: shortMessage,
        },
        (resp) => {
          if (resp.command_status !== 0) throw new Error(`submit_sm refused: ${resp.command_status}`);
          pump(session);
        },
      );
    };
    for (const s of sessions) for (let w = 0; w < WINDOW; w++) pump(s);
    const timer = setTimeout(() => {
      throw new Error(`timed out: ${receipts - target + count} of ${count} receipts`);
    }, TIMEOUT_MS);
    await done;
    clearTimeout(timer);
    awaited = null;
  }
  // The same warm-up as the gateway gets: JIT on both sides before the clock starts.
  await burst(0, PER_REQUEST);
  const t0 = performance.now();
  await burst(PER_REQUEST, messages);
  const secs = (performance.now() - t0) / 1000;
  for (const s of sessions) s.close();
  return { secs, receipts: receipts - PER_REQUEST };
}

/** Runs the bare client in a child process against the simulator and answers its timing. */
async function ceiling(sim: SmscSimulator): Promise<ClientResult> {
  const before = sim.submitted.length;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      import.meta.filename,
      '--client-only',
      '--port',
      String(sim.port),
      '--messages',
      String(MESSAGES),
      '--binds',
      String(BINDS),
      '--window',
      String(WINDOW),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`bare client exited with ${code}: ${out}`);
  const parsed: unknown = JSON.parse(out);
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('secs' in parsed) ||
    !('receipts' in parsed) ||
    typeof parsed.secs !== 'number' ||
    typeof parsed.receipts !== 'number'
  )
    throw new Error(`bare client answered ${out}`);
  const submits = sim.submitted.length - before - PER_REQUEST;
  if (submits !== MESSAGES) throw new Error(`simulator saw ${submits} submits from the bare client`);
  // Its sessions must be gone before the gateway binds, or receipts could be sent to them.
  await until(() => sim.sessions().length === 0, 'the bare client to unbind', 10_000);
  return { secs: parsed.secs, receipts: parsed.receipts };
}

// ---- The gateway ----

async function startGateway(dir: string, connectors: string): Promise<{ base: string; stop: () => void }> {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the gateway.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const bin = join(import.meta.dirname, '..', 'bin', 'omnigate.mjs');
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
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`gateway exited: ${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<unknown> {
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

interface GatewayRun {
  acceptSecs: number;
  /** When the simulator had taken every submit_sm (to 20 ms): what is left after it is receipts. */
  submitSecs: number;
  e2eSecs: number;
  /** From releasing every held receipt to the last final report. */
  lateSecs: number;
}

async function gatewayRun(sim: SmscSimulator, dir: string): Promise<GatewayRun> {
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
          binds: BINDS,
          window: WINDOW,
          throughput: null,
          receiptWaitSeconds: 3600,
        },
      ],
      routes: [{ channel: 'sms', connector: 'smsc' }],
    }),
  );
  const gw = await startGateway(dir, connectors);
  try {
    await until(() => sim.sessions().length >= BINDS, `${BINDS} binds`, 10_000);
    const admin = { authorization: `Bearer ${TOKEN}` };
    const acc = await post(`${gw.base}/admin/v1/accounts`, admin, JSON.stringify({ name: 'bench' }));
    await post(
      `${gw.base}/admin/v1/accounts/${field(acc, 'accountId')}/senders`,
      admin,
      JSON.stringify({ number: SENDER }),
    );
    const client = { authorization: field(acc, 'apiKey') };
    const body = (r: number) =>
      JSON.stringify({
        destinations: Array.from({ length: PER_REQUEST }, (_, i) => ({ to: to(r * PER_REQUEST + i) })),
        messageFlow: [{ sms: { from: SENDER, text: TEXT } }],
      });
    const requests = Math.ceil(MESSAGES / PER_REQUEST);
    // Warm-up: one request through to its reports, numbers apart from the measured ones.
    await post(`${gw.base}/api/comm/v1/send/omni`, client, body(requests));
    await until(async () => sum(await finals(gw.base)) >= PER_REQUEST, 'the warm-up reports', 30_000);
    const before = await finals(gw.base);
    const submitsBefore = sim.submitted.length;
    const bodies = Array.from({ length: requests }, (_, r) => body(r));
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests) {
          const r = next++;
          await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[r] ?? '');
        }
      }),
    );
    const acceptSecs = (performance.now() - t0) / 1000;
    const total = requests * PER_REQUEST;
    let after = before;
    let submitSecs = Number.NaN;
    await until(async () => {
      if (Number.isNaN(submitSecs) && sim.submitted.length - submitsBefore >= total)
        submitSecs = (performance.now() - t0) / 1000;
      after = await finals(gw.base);
      return sum(after) - sum(before) >= total;
    }, `${total} final reports`);
    const e2eSecs = (performance.now() - t0) / 1000;
    const submits = sim.submitted.length - submitsBefore;
    const delivered = (after.get('delivered') ?? 0) - (before.get('delivered') ?? 0);
    const others = sum(after) - sum(before) - delivered;
    if (submits !== total || delivered !== total || others !== 0)
      throw new Error(
        `expected ${total} submits and delivered: ${submits} submits, ${delivered} delivered, ${others} not`,
      );
    // Late receipts, as a carrier sends them: every message waits, then the receipts come in a
    // burst and are settled through the store (no submission of theirs is in progress).
    sim.setReceiptTiming('hold');
    const lateBefore = await finals(gw.base);
    let r2 = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (r2 < requests) {
          const r = r2++;
          await post(`${gw.base}/api/comm/v1/send/omni`, client, body(requests + 1 + r));
        }
      }),
    );
    await until(() => sim.submitted.length - submitsBefore >= 2 * total, 'every late-receipt submit');
    const t1 = performance.now();
    const released = sim.releaseReceipts();
    await until(async () => sum(await finals(gw.base)) - sum(lateBefore) >= total, `${total} late finals`);
    const lateSecs = (performance.now() - t1) / 1000;
    await released;
    sim.setReceiptTiming('after');
    return {
      acceptSecs,
      submitSecs: Number.isNaN(submitSecs) ? e2eSecs : submitSecs,
      e2eSecs,
      lateSecs,
    };
  } finally {
    gw.stop();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-smpp-'));
  const sim = await SmscSimulator.start({
    systemId: SYSTEM_ID,
    password: PASSWORD,
    receipts: true,
    receiptTiming: 'after',
  });
  try {
    const bare = await ceiling(sim);
    const gw = await gatewayRun(sim, dir);
    const total = Math.ceil(MESSAGES / PER_REQUEST) * PER_REQUEST;
    const ceilingRate = bare.receipts / bare.secs;
    const e2e = total / gw.e2eSecs;
    const f = (n: number) => Math.round(n).toLocaleString('en-US');
    console.log(
      `bench/smpp: ${f(total)} SMS, ${BINDS} transceiver binds x window ${WINDOW}, ` +
        `${PER_REQUEST} recipients/request, concurrency ${CONCURRENCY}, SQLite, receipts after submit_sm_resp`,
    );
    console.log(
      `  simulator ceiling (bare smpp client, other process): ${f(ceilingRate)} msgs/s with receipts`,
    );
    console.log(
      `  gateway end to end (HTTP send -> submit_sm -> receipt -> final report): ${f(e2e)} msgs/s ` +
        `= ${((e2e / ceilingRate) * 100).toFixed(1)}% of ceiling (${gw.e2eSecs.toFixed(2)} s)`,
    );
    console.log(
      `  accepted by the sends meanwhile: ${f(total / gw.acceptSecs)} recipients/s; ` +
        `every submit_sm taken at ${gw.submitSecs.toFixed(2)} s (${f(total / gw.submitSecs)} submits/s)`,
    );
    console.log(`  target >= 8000 msg/s: ${e2e >= 8000 ? 'MET' : 'NOT MET'}`);
    console.log(
      `  late receipts (all ${f(total)} held, then released at once): settled at ${f(total / gw.lateSecs)} receipts/s`,
    );
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values['client-only']) {
  const result = await bareClient(Number(values.port), MESSAGES);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
} else {
  await main();
}
