/**
 * bench/smpp: SMS per second end to end, from the HTTP send to the final (delivered) report,
 * through the SMSC simulator with receipts, printed beside the simulator's own ceiling, in three
 * cases: batches (200 recipients per request, 8 clients, --binds x --window), single-recipient
 * requests (16 clients, 1 bind x window 10) and batches over 1 bind x window 10. Each prints the
 * gateway's CPU per message (its process's user + system time over the run) and how long a
 * submit_sm holds its window slot (from the write to the answer being read), beside the same
 * figure for the bare client.
 *
 *   npm run bench:smpp -- [--messages 40000] [--single 5000] [--concurrency 8] [--binds 2] [--window 200]
 *                          [--cases batches,single,window10]
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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import smpp, { type PDU, type Session } from 'smpp';
import { SmscSimulator } from '../test/helpers/smsc.ts';
import {
  type Case,
  ESM_RECEIPT,
  gatewayRun,
  PASSWORD,
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
    messages: { type: 'string', default: '40000' },
    single: { type: 'string', default: '5000' },
    cases: { type: 'string', default: 'batches,single,window10' },
    concurrency: { type: 'string', default: '8' },
    binds: { type: 'string', default: '2' },
    window: { type: 'string', default: '200' },
    'client-only': { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
  },
});
const CASES: Array<Case & { key: string }> = [
  {
    key: 'batches',
    label: 'batches',
    messages: Number(values.messages),
    binds: Number(values.binds),
    window: Number(values.window),
    perRequest: 200,
    concurrency: Number(values.concurrency),
  },
  {
    key: 'single',
    label: 'single-recipient requests',
    messages: Number(values.single),
    binds: 1,
    window: 10,
    perRequest: 1,
    concurrency: 16,
  },
  {
    key: 'window10',
    label: 'batches over 1 bind x window 10',
    messages: Number(values.messages) / 2,
    binds: 1,
    window: 10,
    perRequest: 200,
    concurrency: 8,
  },
];
// ---- The bare client (child process): what the wire and the simulator allow ----

interface ClientResult {
  secs: number;
  receipts: number;
  /** Mean time a submit_sm held its window slot: from the write to its answer being read (ms). */
  heldMs: number;
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

async function bareClient(
  port: number,
  messages: number,
  binds: number,
  window: number,
): Promise<ClientResult> {
  let receipts = 0;
  // Resolved by the receipt that completes a burst, so the clock stops on it, not on a poll.
  let awaited: { target: number; resolve: () => void } | null = null;
  const onReceipt = () => {
    receipts++;
    if (awaited && receipts >= awaited.target) awaited.resolve();
  };
  const sessions: Session[] = [];
  for (let b = 0; b < binds; b++) sessions.push(await bindSession(port, onReceipt));
  let heldMs = 0;
  let answers = 0;
  const shortMessage = Buffer.from(TEXT, 'latin1');
  /** Submits `count` over every session, `window` unanswered each, and waits for all their receipts. */
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
      const sent = performance.now();
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
          heldMs += performance.now() - sent;
          answers += 1;
          if (resp.command_status !== 0) throw new Error(`submit_sm refused: ${resp.command_status}`);
          pump(session);
        },
      );
    };
    for (const s of sessions) for (let w = 0; w < window; w++) pump(s);
    const timer = setTimeout(() => {
      throw new Error(`timed out: ${receipts - target + count} of ${count} receipts`);
    }, TIMEOUT_MS);
    await done;
    clearTimeout(timer);
    awaited = null;
  }
  // The same warm-up as the gateway gets: JIT on both sides before the clock starts.
  await burst(0, WARM_UP);
  heldMs = 0;
  answers = 0;
  const t0 = performance.now();
  await burst(WARM_UP, messages);
  const secs = (performance.now() - t0) / 1000;
  for (const s of sessions) s.close();
  return { secs, receipts: receipts - WARM_UP, heldMs: heldMs / Math.max(1, answers) };
}

/** Runs the bare client in a child process against the simulator and answers its timing. */
async function ceiling(sim: SmscSimulator, c: Case): Promise<ClientResult> {
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
      String(c.messages),
      '--binds',
      String(c.binds),
      '--window',
      String(c.window),
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
    !('heldMs' in parsed) ||
    typeof parsed.secs !== 'number' ||
    typeof parsed.receipts !== 'number' ||
    typeof parsed.heldMs !== 'number'
  )
    throw new Error(`bare client answered ${out}`);
  const submits = sim.submitted.length - before - WARM_UP;
  if (submits !== c.messages) throw new Error(`simulator saw ${submits} submits from the bare client`);
  // Its sessions must be gone before the gateway binds, or receipts could be sent to them.
  await until(() => sim.sessions().length === 0, 'the bare client to unbind', 10_000);
  return { secs: parsed.secs, receipts: parsed.receipts, heldMs: parsed.heldMs };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-smpp-'));
  const sim = await SmscSimulator.start({
    systemId: SYSTEM_ID,
    password: PASSWORD,
    receipts: true,
    receiptTiming: 'after',
  });
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  try {
    console.log(
      'bench/smpp: SQLite, one process, receipts after submit_sm_resp; the simulator answers at once',
    );
    const wanted = new Set(values.cases.split(','));
    for (const [i, c] of CASES.entries()) {
      if (!wanted.has(c.key)) continue;
      const bare = await ceiling(sim, c);
      const gw = await gatewayRun(sim, join(dir, `case-${i}`), c);
      const total = Math.ceil(c.messages / c.perRequest) * c.perRequest;
      const ceilingRate = bare.receipts / bare.secs;
      const e2e = total / gw.e2eSecs;
      console.log(
        `  ${c.label}: ${f(total)} SMS, ${c.binds} transceiver bind${c.binds > 1 ? 's' : ''} x window ${c.window}, ` +
          `${c.perRequest} recipient${c.perRequest > 1 ? 's' : ''}/request, ${c.concurrency} clients`,
      );
      console.log(
        `    simulator ceiling (bare smpp client, other process): ${f(ceilingRate)} msgs/s with receipts; ` +
          `a submit holds its slot ${bare.heldMs.toFixed(2)} ms`,
      );
      console.log(
        `    gateway end to end (HTTP send -> submit_sm -> receipt -> final report): ${f(e2e)} msgs/s ` +
          `= ${((e2e / ceilingRate) * 100).toFixed(1)}% of ceiling (${gw.e2eSecs.toFixed(2)} s); ` +
          `CPU ${gw.cpuMsPerMessage.toFixed(3)} ms/message; a submit holds its slot ${gw.heldMs.toFixed(2)} ms`,
      );
      console.log(
        `    accepted meanwhile: ${f(total / gw.acceptSecs)} recipients/s (${f(total / c.perRequest / gw.acceptSecs)} requests/s); ` +
          `every submit_sm taken at ${gw.submitSecs.toFixed(2)} s (${f(total / gw.submitSecs)} submits/s)`,
      );
      if (gw.lateSecs !== null) {
        console.log(
          `    late receipts (all ${f(total)} held, then released at once): settled at ${f(total / gw.lateSecs)} receipts/s`,
        );
      }
    }
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values['client-only']) {
  const result = await bareClient(
    Number(values.port),
    Number(values.messages),
    Number(values.binds),
    Number(values.window),
  );
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
} else {
  await main();
}
