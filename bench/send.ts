/**
 * bench/send: N requests of 200 recipients to a running gateway (sandbox, SQLite), printing
 * accepted recipients/s, p50 and p99 request latency, end-to-end delivered messages/s, and the
 * raw better-sqlite3 insert rate of the same message rows measured in the same run (the ceiling).
 * Then, as a client counts it (bench/lib/client-run.ts): the default `npm start`, every report
 * read and acknowledged through the polling API, and the same with webhook reports (beside the
 * ceiling of webhook posts on this machine: bench/lib/webhook-ceiling.ts); a backlog of
 * --backlog requests (bench/lib/backlog-run.ts); and with DATABASE_URL set, one and two
 * PostgreSQL instances on one database.
 *
 *   npm run bench:send -- [--requests 300] [--concurrency 8] [--backlog 5000] [--console [--rounds 3]]
 *   npm run bench:send -- --policy [--rounds 3]
 *
 * --console also measures the end-to-end run with a console open on a busy inbox: a tenth of the
 * recipients are one handset, whose live inbox stream a signed-in console reads while its pages
 * poll the handsets list, the overview, the clock and the read mark as they do; beside the same run
 * without it, --rounds alternating pairs, and the median of their ratios.
 *
 * --policy measures only what the anti-spam and opt-out policy costs the accept path: without
 * policy data and with 10,000 rules and 1,000,000 opted-out numbers, ordinary and advertising
 * requests, --rounds alternating rounds (bench/lib/policy-run.ts), medians and their ratios.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openStore } from '../src/store/db/database.ts';
import { newId } from '../src/store/db/ids.ts';
import { backlogRun } from './lib/backlog-run.ts';
import { type ClientRunResult, clientRun } from './lib/client-run.ts';
import {
  ADMIN_TOKEN,
  benchAccount,
  fmt,
  PER_REQUEST,
  pct,
  post,
  type RunningGateway,
  sendBody,
  startGateway,
} from './lib/gateway.ts';
import { median, POLICY_OPT_OUTS, POLICY_RULES, POLICY_VARIANTS, policyRun } from './lib/policy-run.ts';
import { freshDatabase } from './lib/postgres.ts';
import { webhookCeiling } from './lib/webhook-ceiling.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '8' },
    backlog: { type: 'string', default: '5000' },
    console: { type: 'boolean', default: false },
    'console-only': { type: 'boolean', default: false },
    policy: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const BACKLOG = Number(values.backlog);
const ROUNDS = Math.max(1, Number(values.rounds));
const TOKEN = ADMIN_TOKEN;
/** The busy handset of the --console runs: every tenth recipient. */
const BUSY = '01099990000';
const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-'));

/**
 * The ceiling: the same message rows, into the real messages table (created by the gateway's own
 * migrations, so with its indexes), by a prepared better-sqlite3 statement, 200 per transaction.
 */
async function rawInsertRate(rows: number): Promise<number> {
  const file = join(dir, 'ceiling.db');
  const store = await openStore(`sqlite:${file}`);
  await store.migrate();
  await store.close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const ins = db.prepare(
    `insert into messages (msg_key, account_id, request_id, to_number, dest_ref, vars, step, status, created_at, updated_at)
     values (?, ?, ?, ?, null, ?, 0, 'queued', ?, ?)`,
  );
  const batch = db.transaction((start: number) => {
    const now = Date.now();
    for (let i = start; i < start + PER_REQUEST; i++) {
      ins.run(
        newId(''),
        'acc_bench',
        `req_${start}`,
        `010${10_000_000 + (i % 9_000_000)}`,
        JSON.stringify({ replaceWords: { name: `user${i % PER_REQUEST}` } }),
        now,
        now,
      );
    }
  });
  const t0 = performance.now();
  for (let i = 0; i < rows; i += PER_REQUEST) batch(i);
  const secs = (performance.now() - t0) / 1000;
  db.close();
  return rows / secs;
}

/** A gateway of `role` on its own data directory (one per run: a fresh database). */
async function gatewayOf(
  role: 'api' | 'all' | 'worker',
  name: string,
): Promise<RunningGateway & { dbFile: string }> {
  const dataDir = join(dir, `data-${name}`);
  const gw = await startGateway(dataDir, { OMNIGATE_ROLE: role });
  return { ...gw, dbFile: join(dataDir, 'omnigate.db') };
}

interface Run {
  acceptSecs: number;
  e2eSecs: number | null;
  latencies: number[];
  /** What the console saw: stream events and page polls answered. */
  console?: { items: number; gaps: number; polls: number };
}

/**
 * A console open on `phone`'s inbox, as the handset page keeps it: signed in with the admin
 * token, reading the live stream, and polling what the pages poll (the handsets list every 3 s,
 * the overview every 2 s, the top bar's clock every 3 s, the read mark every 2 s).
 */
async function openConsole(
  base: string,
  phone: string,
): Promise<{ close: () => Promise<{ items: number; gaps: number; polls: number }> }> {
  const signIn = await fetch(`${base}/admin/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: TOKEN }),
  });
  const session = (await signIn.json()) as { csrfToken: string };
  const cookie = /omnigate_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const headers = { cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json' };
  const abort = new AbortController();
  const seen = { items: 0, gaps: 0, polls: 0 };
  const stream = await fetch(`${base}/sandbox/v1/handsets/${phone}/timeline/stream?since=0`, {
    headers,
    signal: abort.signal,
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream.body ?? []) {
        const text = decoder.decode(chunk, { stream: true });
        seen.items += text.split('event: item\n').length - 1;
        seen.gaps += text.split('event: gap\n').length - 1;
      }
    } catch {}
  })();
  const poll =
    (path: string, init: RequestInit = {}) =>
    async () => {
      const res = await fetch(`${base}${path}`, { headers, ...init });
      await res.arrayBuffer();
      if (res.ok) seen.polls += 1;
    };
  // The overview as its page reads it: the traffic's 15 minutes once, then the seconds since.
  let trafficUntil: number | null = null;
  const overview = async () => {
    const res = await fetch(
      `${base}/admin/v1/overview${trafficUntil === null ? '' : `?trafficSince=${trafficUntil}`}`,
      { headers },
    );
    const body = (await res.json()) as { traffic?: { until: number } };
    if (res.ok) seen.polls += 1;
    if (body.traffic) trafficUntil = body.traffic.until;
  };
  const timers = [
    setInterval(poll('/sandbox/v1/handsets?limit=50'), 3000),
    setInterval(() => void overview(), 2000),
    // The top bar's gateway clock.
    setInterval(poll('/sandbox/v1/clock'), 3000),
    setInterval(poll(`/sandbox/v1/handsets/${phone}/read`, { method: 'POST', body: '{}' }), 2000),
  ];
  return {
    async close() {
      for (const t of timers) clearInterval(t);
      abort.abort();
      await reading;
      return seen;
    },
  };
}

/**
 * One fresh database: warm up, send REQUESTS requests, and (unless api-only) wait for delivery.
 * `split`: an API process and a worker process on the same SQLite file, one core each.
 */
async function run(
  mode: 'api' | 'all' | 'split',
  shape: { busy?: boolean; console?: boolean } = {},
): Promise<Run> {
  const total = REQUESTS * PER_REQUEST;
  const name = `${mode}${shape.busy ? '-busy' : ''}${shape.console ? '-console' : ''}`;
  const gw = await gatewayOf(mode === 'all' ? 'all' : 'api', name);
  const worker = mode === 'split' ? await gatewayOf('worker', mode) : null;
  const role = mode === 'api' ? 'api' : 'all';
  try {
    const acc = await benchAccount(gw.base);
    const client = { authorization: acc.apiKey };
    const body = (r: number) => sendBody(r, shape.busy ? BUSY : undefined);
    for (let w = 0; w < 5; w++) await post(`${gw.base}/api/comm/v1/send/omni`, client, body(REQUESTS + w));
    const reader = new Database(gw.dbFile, { readonly: true });
    const delivered = reader.prepare("select count(*) as n from messages where status = 'delivered'");
    // Warm-up messages may still be on their way: count from where they end.
    const deadline = performance.now() + 30_000;
    while (
      role === 'all' &&
      (delivered.get() as { n: number }).n < 5 * PER_REQUEST &&
      performance.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const before = (delivered.get() as { n: number }).n;
    // Bodies are written before the clock starts: the client shares this machine's two cores.
    const bodies = Array.from({ length: REQUESTS }, (_, r) => body(r));
    const latencies: number[] = [];
    let next = 0;
    const watching = shape.console ? await openConsole(gw.base, BUSY) : null;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const r = next++;
          const s = performance.now();
          await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[r]);
          latencies.push(performance.now() - s);
        }
      }),
    );
    const acceptSecs = (performance.now() - t0) / 1000;
    let e2eSecs: number | null = null;
    if (role === 'all') {
      for (;;) {
        const n = (delivered.get() as { n: number }).n - before;
        if (n >= total) break;
        if (performance.now() - t0 > 300_000) throw new Error(`only ${n} of ${total} delivered after 300 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      e2eSecs = (performance.now() - t0) / 1000;
    }
    const seen = await watching?.close();
    reader.close();
    latencies.sort((a, b) => a - b);
    return { acceptSecs, e2eSecs, latencies, ...(seen ? { console: seen } : {}) };
  } finally {
    await gw.stop();
    await worker?.stop();
  }
}

/** --policy: each variant --rounds times, alternating; medians, and with data / without. */
async function policyMain(): Promise<void> {
  const rounds = Number(values.rounds);
  const results = POLICY_VARIANTS.map(() => ({ accepted: [] as number[], p99: [] as number[] }));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, v] of POLICY_VARIANTS.entries()) {
        const r = await policyRun(dir, `${round}-${i}`, v, { requests: REQUESTS, concurrency: CONCURRENCY });
        results[i]?.accepted.push(r.accepted);
        results[i]?.p99.push(pct(r.latencies, 99));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `bench/send --policy: ${REQUESTS} requests x ${PER_REQUEST} recipients, concurrency ${CONCURRENCY}, ` +
      `--role api, SQLite; ${rounds} alternating rounds (${POLICY_RULES.toLocaleString('en-US')} rules, ` +
      `${POLICY_OPT_OUTS.toLocaleString('en-US')} opt-outs)`,
  );
  const med = POLICY_VARIANTS.map((_, i) => median(results[i]?.accepted ?? []));
  for (const [i, v] of POLICY_VARIANTS.entries()) {
    const r = results[i];
    console.log(
      `  ${v.label}: accepted ${(r?.accepted ?? []).map(fmt).join(' / ')} recipients/s (median ${fmt(med[i] ?? 0)}); ` +
        `p99 ${(r?.p99 ?? []).map((x) => x.toFixed(1)).join(' / ')} ms`,
    );
  }
  const ratio = (a: number, b: number) => ((med[a] ?? 0) / (med[b] ?? 1)).toFixed(3);
  console.log(
    `  with policy data / without: ordinary ${ratio(1, 0)}, advertising ${ratio(3, 2)} (target >= 0.95)`,
  );
}

/**
 * The same one-process run with a busy handset, without and then with a console watching it,
 * --rounds times alternating: one pair of runs of a few seconds each moved by ±15% from one pair
 * to the next on this machine, more than the difference being measured. Also what
 * `npm run bench:console` prints last (`--console-only`).
 */
async function consolePairs(): Promise<void> {
  const total = REQUESTS * PER_REQUEST;
  const f = fmt;
  const ms = (l: number[], p: number) => pct(l, p).toFixed(1);
  const line = (label: string, r: Run) =>
    `  end to end, a tenth of recipients to one handset, ${label}: ${f(total / (r.e2eSecs ?? Number.NaN))} delivered messages/s; ` +
    `accepted meanwhile ${f(total / r.acceptSecs)} recipients/s, p50 ${ms(r.latencies, 50)} ms, p99 ${ms(r.latencies, 99)} ms`;
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const busy = await run('all', { busy: true });
    const watched = await run('all', { busy: true, console: true });
    console.log(`  round ${round}:`);
    console.log(line('no console', busy));
    console.log(line('console open on it', watched));
    const c = watched.console;
    const ratio = (busy.e2eSecs ?? 0) / (watched.e2eSecs ?? 1);
    ratios.push(ratio);
    console.log(
      `    console saw ${f(c?.items ?? 0)} live items (${f(c?.gaps ?? 0)} gaps) and ${f(c?.polls ?? 0)} page polls; ` +
        `end to end with it = ${(ratio * 100).toFixed(1)}% of without`,
    );
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(
    `  console open / without, median of ${ROUNDS} alternating pairs: ${((sorted[Math.floor(sorted.length / 2)] ?? 0) * 100).toFixed(1)}% ` +
      `(${sorted.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')}; target >= 95%)`,
  );
}

async function main(): Promise<void> {
  if (values.policy) return policyMain();
  if (values['console-only']) {
    try {
      console.log(
        `bench/send --console-only: ${REQUESTS} requests x ${PER_REQUEST} recipients, concurrency ${CONCURRENCY}, ` +
          `SQLite, one process, ${ROUNDS} alternating pairs`,
      );
      await consolePairs();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const total = REQUESTS * PER_REQUEST;
  const ceiling = await rawInsertRate(total);
  try {
    // Acceptance is the API tier's work: measured on a gateway that runs no workers (--role api).
    const api = await run('api');
    // End to end: one process accepting and delivering at once, as `npm start` runs.
    const all = await run('all');
    // The same with the API and the workers in two processes (OMNIGATE_ROLE=api and worker).
    const split = await run('split');
    const accepted = total / api.acceptSecs;
    const e2e = total / (all.e2eSecs ?? Number.NaN);
    const f = fmt;
    const ms = (l: number[], p: number) => pct(l, p).toFixed(1);
    console.log(
      `bench/send: ${REQUESTS} requests x ${PER_REQUEST} recipients, concurrency ${CONCURRENCY}, SQLite, sandbox`,
    );
    console.log(`  raw better-sqlite3 insert of the same rows (ceiling): ${f(ceiling)} rows/s`);
    console.log(
      `  accepted (--role api):  ${f(accepted)} recipients/s = ${((accepted / ceiling) * 100).toFixed(1)}% of ceiling (target >= 50%); ` +
        `latency p50 ${ms(api.latencies, 50)} ms, p99 ${ms(api.latencies, 99)} ms (target p99 < 100 ms)`,
    );
    console.log(
      `  end to end (one process): ${f(e2e)} delivered messages/s (target >= 20,000); ` +
        `accepted meanwhile ${f(total / all.acceptSecs)} recipients/s, p50 ${ms(all.latencies, 50)} ms, p99 ${ms(all.latencies, 99)} ms`,
    );
    console.log(
      `  end to end (api + worker processes): ${f(total / (split.e2eSecs ?? Number.NaN))} delivered messages/s; ` +
        `accepted meanwhile ${f(total / split.acceptSecs)} recipients/s, p50 ${ms(split.latencies, 50)} ms, p99 ${ms(split.latencies, 99)} ms`,
    );
    if (values.console) await consolePairs();
    await asAClient(ceiling);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of a client-counted run: accepted meanwhile, latency, end to end, and their ratios. */
function clientLine(label: string, r: ClientRunResult, ceiling: number): string {
  const total = REQUESTS * PER_REQUEST;
  const accepted = total / r.acceptSecs;
  return (
    `  ${label}: end to end ${fmt(total / r.e2eSecs)} msg/s (target >= 40,000); accepted meanwhile ` +
    `${fmt(accepted)} recipients/s = ${(accepted / ceiling).toFixed(2)} x ceiling (target >= 0.5), ` +
    `p50 ${pct(r.latencies, 50).toFixed(1)} ms, p99 ${pct(r.latencies, 99).toFixed(1)} ms (target < 100 ms); ` +
    `peak RSS ${fmt(r.peakRssMb)} MB${r.duplicates > 0 ? `; ${r.duplicates} REPORTS RECEIVED TWICE` : ''}`
  );
}

/**
 * As a client sees the default `npm start` (one process, system clock): end to end until every
 * report is read and acknowledged, by polling and by webhook; a backlog; PostgreSQL instances.
 */
async function asAClient(ceiling: number): Promise<void> {
  const opts = { requests: REQUESTS, concurrency: CONCURRENCY };
  console.log('as a client counts it (npm start defaults; the clock stops at the last report acknowledged):');
  for (const reports of ['polling', 'webhook'] as const) {
    const gw = await startGateway(join(dir, `data-client-${reports}`));
    let r: ClientRunResult;
    try {
      r = await clientRun([gw], { ...opts, reports });
      console.log(clientLine(`SQLite, one process, ${reports} reports`, r, ceiling));
    } finally {
      await gw.stop();
    }
    if (reports === 'webhook') {
      // What one report per POST allows here at all, with the receiver sharing the machine.
      const bare = await webhookCeiling(REQUESTS * PER_REQUEST);
      const e2e = (REQUESTS * PER_REQUEST) / r.e2eSecs;
      console.log(
        `    webhook ceiling (the gateway's webhook client alone, no database, 200 at once, other process): ` +
          `${fmt(bare)} reports/s; the gateway's end to end = ${((e2e / bare) * 100).toFixed(1)}% of it`,
      );
    }
  }
  if (BACKLOG > 0) {
    const b = await backlogRun(join(dir, 'data-backlog'), { requests: BACKLOG, concurrency: CONCURRENCY });
    console.log(
      `  backlog: ${fmt(b.queued)} queued, drained with ${fmt(b.delivered - b.queued)} more sent meanwhile at ` +
        `${fmt(b.delivered / b.drainSecs)} msg/s; a request of 200 every 100 ms meanwhile: ` +
        `p50 ${pct(b.latencies, 50).toFixed(1)} ms, p99 ${pct(b.latencies, 99).toFixed(1)} ms (target < 100 ms); ` +
        `peak RSS ${fmt(b.peakRssMb)} MB (target < 300)`,
    );
  }
  const pgUrl = process.env.DATABASE_URL;
  if (!pgUrl?.startsWith('postgres')) {
    console.log(
      '  PostgreSQL: not measured (set DATABASE_URL=postgres://... to measure one and two instances)',
    );
    return;
  }
  const rates: number[] = [];
  for (const instances of [1, 2]) {
    const db = await freshDatabase(pgUrl);
    const gws: RunningGateway[] = [];
    // Instances of one database share its master key (each would make its own in its data folder).
    const key = randomBytes(32).toString('hex');
    try {
      // One after the other: the first migrates the fresh database.
      for (let i = 0; i < instances; i++) {
        gws.push(
          await startGateway(join(dir, `data-pg-${instances}-${i}`), {
            DATABASE_URL: db.url,
            OMNIGATE_SECRET_KEY: key,
          }),
        );
      }
      const r = await clientRun(gws, { ...opts, reports: 'polling' });
      rates.push((REQUESTS * PER_REQUEST) / r.e2eSecs);
      console.log(
        clientLine(
          `PostgreSQL, ${instances} instance${instances > 1 ? 's' : ''}, polling reports`,
          r,
          ceiling,
        ),
      );
      // Where the CPU went: the gateways, and the rest of the machine (PostgreSQL, this client).
      const cores = availableParallelism();
      console.log(
        `    CPU over the run (${r.e2eSecs.toFixed(1)} s x ${cores} cores = ${(r.e2eSecs * cores).toFixed(1)} s): ` +
          `gateway processes ${r.cpu.gateways.toFixed(1)} s, the rest (PostgreSQL, this client) ` +
          `${Math.max(0, r.cpu.machine - r.cpu.gateways).toFixed(1)} s; machine ` +
          `${((r.cpu.machine / (r.e2eSecs * cores)) * 100).toFixed(0)}% busy`,
      );
    } finally {
      for (const g of gws) await g.stop();
      await db.drop();
    }
  }
  console.log(
    `  PostgreSQL two instances / one: ${((rates[1] ?? 0) / (rates[0] ?? 1)).toFixed(2)}x (target >= 1.3)`,
  );
}

await main();
