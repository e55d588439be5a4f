/**
 * bench/relay: a gateway in front of another one (an `upstream` connector, docs/connectors.md#upstream-connectors)
 * against the upstream gateway alone, in one run on one machine (loopback only).
 *
 * - Upstream alone (the ceiling): a client sends --messages SMS to a gateway (its sandbox delivers
 *   them) in requests of --per-request recipients from --concurrency connections, and polls and
 *   acknowledges its reports; the clock stops when it holds the final report of every message.
 * - Relay: the same client and load against a second gateway whose connectors file routes sms to
 *   the upstream (a fresh one, started the same way) with `reports: "polling"`: the relay hands
 *   every message on over /api/comm/v1/send/omni and polls the upstream's reports; the clock
 *   stops when the relay's client holds every final report.
 *
 * Printed: both end-to-end rates, relay / upstream alone (target >= 0.5), and where the time and
 * CPU went: each gateway process's CPU, the requests the relay made to the upstream (from the
 * relay's upstream_batches and the upstream's /metrics) and their recipients each. The same again
 * with one recipient per request (--single messages; 0 skips it).
 *
 *   npm run bench:relay -- [--messages 20000] [--per-request 100] [--concurrency 8]
 *                          [--single 2000] [--single-concurrency 16] [--rounds 1]
 *                          [--upstream-concurrency 8] [--poll-interval 0.05] [--pg] [--only alone|relay]
 *
 * BENCH_RELAY_MESSAGES sets the default of --messages. Every gateway is `omnigate serve` in a
 * process of its own (bench/lib/gateway.ts; npm start's defaults: the engine in a thread of its
 * own, SQLite, system clock), on a fresh database. --pg, with DATABASE_URL=postgres://..., gives
 * each gateway a fresh PostgreSQL database on that server instead. With --rounds > 1 the two
 * measurements alternate and the medians are compared. BENCH_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=/tmp/prof" profiles the gateways.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  benchAccount,
  cpuSeconds,
  fmt,
  machineBusySeconds,
  type RunningGateway,
  startGateway,
} from './lib/gateway.ts';
import { freshDatabase } from './lib/postgres.ts';
import { grown, type LoadResult, type LoadShape, loadClient, scrape } from './lib/relay-load.ts';
import { type ThreadSplit, watchThreads } from './lib/threads.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: process.env.BENCH_RELAY_MESSAGES ?? '20000' },
    'per-request': { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '8' },
    single: { type: 'string', default: '2000' },
    'single-concurrency': { type: 'string', default: '16' },
    rounds: { type: 'string', default: '1' },
    'upstream-concurrency': { type: 'string', default: '8' },
    'poll-interval': { type: 'string', default: '0.05' },
    pg: { type: 'boolean', default: false },
    /** `alone` or `relay`: measure one side only (to profile it); no ratio then. */
    only: { type: 'string', default: '' },
  },
});
const PER_REQUEST = Number(values['per-request']);
const ROUNDS = Math.max(1, Number(values.rounds));
const UP_CONCURRENCY = Number(values['upstream-concurrency']);
const POLL_INTERVAL = Number(values['poll-interval']);
/** --pg: each gateway on a fresh database of the PostgreSQL server DATABASE_URL names. */
const PG_URL = values.pg ? process.env.DATABASE_URL : undefined;
if (values.pg && !PG_URL?.startsWith('postgres')) {
  throw new Error('--pg needs DATABASE_URL=postgres://... (a server where databases may be created)');
}
/** Recipients sent and reported before each measured run (numbers apart from the measured ones). */
const WARM_UP = 400;
const WARM_OFFSET = 80_000_000;
const CONNECTOR = 'hq';

const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-relay-'));

interface Case {
  label: string;
  shape: LoadShape;
}

const cases: Case[] = [
  {
    label: `requests of ${PER_REQUEST} recipients, ${values.concurrency} clients`,
    shape: {
      requests: Math.ceil(Number(values.messages) / PER_REQUEST),
      perRequest: PER_REQUEST,
      concurrency: Number(values.concurrency),
    },
  },
];
if (Number(values.single) > 0) {
  cases.push({
    label: `one recipient per request, ${values['single-concurrency']} clients`,
    shape: {
      requests: Number(values.single),
      perRequest: 1,
      concurrency: Number(values['single-concurrency']),
    },
  });
}

/** A gateway's database: SQLite in its data folder, or a fresh PostgreSQL database. */
interface Db {
  env: Record<string, string>;
  /** Runs a read-only query on it (after the gateway wrote it). */
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function database(dataDir: string): Promise<Db> {
  if (!PG_URL) {
    return {
      env: {},
      async query<T>(sql: string, params: unknown[]) {
        const db = new Database(join(dataDir, 'omnigate.db'), { readonly: true });
        try {
          // The same text as PostgreSQL's, in SQLite's words.
          return db.prepare(sql.replace(/::json\b/g, '').replace(/\$\d+/g, '?')).all(...params) as T[];
        } finally {
          db.close();
        }
      },
      drop: async () => {},
    };
  }
  const fresh = await freshDatabase(PG_URL);
  return {
    env: { DATABASE_URL: fresh.url },
    async query<T>(sql: string, params: unknown[]) {
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows as T[];
      } finally {
        await c.end();
      }
    },
    drop: fresh.drop,
  };
}

/** Starts `omnigate serve` on its own data folder and database. */
async function gateway(name: string, env: Record<string, string> = {}): Promise<RunningGateway & { db: Db }> {
  const dataDir = join(dir, name);
  const db = await database(dataDir);
  try {
    const gw = await startGateway(dataDir, {
      OMNIGATE_CLOCK: 'system',
      OMNIGATE_SANDBOX: 'true',
      ...db.env,
      ...env,
    });
    return { ...gw, db };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

/** /metrics of a gateway before and after the measured run. */
interface Scrapes {
  before: Map<string, number>;
  after: Map<string, number>;
}

interface Measured {
  load: LoadResult;
  cpu: { upstream: number; relay: number; client: number; machine: number };
  /** Each gateway's threads over the measured run. */
  threads: { upstream: ThreadSplit; relay: ThreadSplit | null };
  /** Statements each gateway ran on its database over the measured run, by kind. */
  statements: { upstream: Map<string, number>; relay: Map<string, number> };
  /** Relay runs only: its requests to the upstream over the measured run. */
  relay?: {
    sends: number;
    recipients: number;
    tries: number;
    /** When the last of them was answered, seconds after the first send. */
    handedOnSecs: number;
    /** As the upstream counted them: sends, report polls (empty or not), acknowledgements. */
    upSends: number;
    upSendMs: number;
    polls: number;
    pollMs: number;
    acks: number;
  };
}

const STATEMENT_KINDS = ['select', 'insert', 'update', 'delete', 'transaction'];

function statements(m: Scrapes | null): Map<string, number> {
  const out = new Map<string, number>();
  if (!m) return out;
  for (const k of STATEMENT_KINDS) {
    out.set(k, grown(m.before, m.after, 'omnigate_store_statements_total', `kind="${k}"`));
  }
  return out;
}

/**
 * Warms the client's gateway (the relay when there is one, else the upstream) up, then measures
 * `shape` on it, with both gateways' CPU, threads and /metrics over the measured run.
 */
async function measure(
  gws: { upstream: RunningGateway; relay?: RunningGateway },
  apiKey: string,
  shape: LoadShape,
): Promise<{
  load: LoadResult;
  cpu: Measured['cpu'];
  threads: Measured['threads'];
  up: Scrapes;
  rel: Scrapes | null;
}> {
  const target = gws.relay ?? gws.upstream;
  const client = loadClient(target.base, apiKey, shape.concurrency);
  const relayPid = gws.relay?.pid ?? 0;
  try {
    const per = shape.perRequest;
    await client.run(
      { requests: Math.ceil(WARM_UP / per), perRequest: per, concurrency: shape.concurrency },
      WARM_OFFSET,
      60_000,
    );
    const upBefore = await scrape(gws.upstream.base);
    const relBefore = gws.relay ? await scrape(gws.relay.base) : null;
    const cpu0 = {
      upstream: cpuSeconds(gws.upstream.pid),
      relay: relayPid ? cpuSeconds(relayPid) : 0,
      client: process.cpuUsage(),
      machine: machineBusySeconds(),
    };
    const upThreads = watchThreads(gws.upstream.pid);
    const relThreads = relayPid ? watchThreads(relayPid) : null;
    const load = await client.run(shape, 0);
    const threads = { upstream: upThreads(), relay: relThreads?.() ?? null };
    const clientUsage = process.cpuUsage(cpu0.client);
    const cpu = {
      upstream: cpuSeconds(gws.upstream.pid) - cpu0.upstream,
      relay: relayPid ? cpuSeconds(relayPid) - cpu0.relay : 0,
      client: (clientUsage.user + clientUsage.system) / 1e6,
      machine: machineBusySeconds() - cpu0.machine,
    };
    const up = { before: upBefore, after: await scrape(gws.upstream.base) };
    const rel = gws.relay && relBefore ? { before: relBefore, after: await scrape(gws.relay.base) } : null;
    return { load, cpu, threads, up, rel };
  } finally {
    await client.close();
  }
}

/** The upstream gateway alone, its client sending to it directly. */
async function alone(name: string, shape: LoadShape): Promise<Measured> {
  const up = await gateway(`${name}-upstream`);
  try {
    const acc = await benchAccount(up.base);
    const m = await measure({ upstream: up }, acc.apiKey, shape);
    return {
      load: m.load,
      cpu: m.cpu,
      threads: m.threads,
      statements: { upstream: statements(m.up), relay: new Map() },
    };
  } finally {
    await up.stop();
    await up.db.drop();
  }
}

/** The relay in front of a fresh upstream, its client sending to the relay. */
async function relayed(name: string, shape: LoadShape): Promise<Measured> {
  const up = await gateway(`${name}-upstream`);
  let relay: (RunningGateway & { db: Db }) | null = null;
  try {
    // The relay's account on the upstream, with the sender number its messages go out with.
    const link = await benchAccount(up.base);
    const file = join(dir, `${name}-connectors.json`);
    writeFileSync(
      file,
      JSON.stringify({
        connectors: [
          {
            name: CONNECTOR,
            type: 'upstream',
            baseUrl: up.base,
            apiKey: link.apiKey,
            reports: 'polling',
            concurrency: UP_CONCURRENCY,
            pollIntervalSeconds: POLL_INTERVAL,
            timeoutSeconds: 30,
          },
        ],
        routes: [{ channel: 'sms', connector: CONNECTOR }],
      }),
    );
    relay = await gateway(`${name}-relay`, { OMNIGATE_CONNECTORS: file });
    // The relay's client: the same sender number, registered on the relay too.
    const acc = await benchAccount(relay.base);
    const m = await measure({ upstream: up, relay }, acc.apiKey, shape);
    const { before: upBefore, after: upAfter } = m.up;
    const [b] = await relay.db.query<{ n: number; recipients: number; tries: number; last: number | null }>(
      `select count(*) as n, coalesce(sum(json_array_length(members::json)), 0) as recipients,
              coalesce(sum(tries), 0) as tries, max(answered_at) as last
         from upstream_batches where connector = $1 and created_at >= $2`,
      [CONNECTOR, m.load.startedAt],
    );
    const send = 'route="/api/comm/v1/send/omni"';
    const poll = 'route="/api/comm/v1/report/polling"';
    const dur = (route: string, method: string) =>
      (grown(upBefore, upAfter, 'omnigate_http_request_duration_seconds_sum', route, `method="${method}"`) *
        1000) /
      Math.max(
        1,
        grown(upBefore, upAfter, 'omnigate_http_request_duration_seconds_count', route, `method="${method}"`),
      );
    return {
      load: m.load,
      cpu: m.cpu,
      threads: m.threads,
      statements: { upstream: statements(m.up), relay: statements(m.rel) },
      relay: {
        sends: Number(b?.n ?? 0),
        recipients: Number(b?.recipients ?? 0),
        tries: Number(b?.tries ?? 0),
        handedOnSecs: b?.last ? (Number(b.last) - m.load.startedAt) / 1000 : Number.NaN,
        upSends: grown(upBefore, upAfter, 'omnigate_http_requests_total', send),
        upSendMs: dur(send, 'POST'),
        polls: grown(upBefore, upAfter, 'omnigate_http_requests_total', poll, 'method="GET"'),
        pollMs: dur(poll, 'GET'),
        acks: grown(
          upBefore,
          upAfter,
          'omnigate_http_requests_total',
          'route="/api/comm/v1/report/polling/',
          'method="DELETE"',
        ),
      },
    };
  } finally {
    await relay?.stop();
    await up.stop();
    await relay?.db.drop();
    await up.db.drop();
  }
}

const rate = (m: Measured) => m.load.messages / m.load.e2eSecs;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Says so when not every message was delivered, or a report came twice or unasked. */
function check(m: Measured, what: string): void {
  const l = m.load;
  const notDelivered = [...l.codes].filter(([c]) => c !== '10000');
  const problems = [
    ...notDelivered.map(([c, n]) => `${fmt(n)} reported ${c}`),
    ...(l.duplicates > 0 ? [`${l.duplicates} reports received twice`] : []),
    ...(l.strangers > 0 ? [`${l.strangers} reports of keys not sent`] : []),
  ];
  if (problems.length > 0) console.log(`    !! ${what}: ${problems.join(', ')}`);
}

function threadsLine(t: ThreadSplit): string {
  return (
    `main ${t.main.cpu.toFixed(1)} / ${t.main.wait.toFixed(1)} s, engine (nice ${t.engine.nice}) ` +
    `${t.engine.cpu.toFixed(1)} / ${t.engine.wait.toFixed(1)} s, others ${t.rest.cpu.toFixed(1)} s`
  );
}

/** "4.1 (select 1.0, insert 1.2, ...)": statements per message, by kind. */
function perMessage(counts: Map<string, number>, messages: number): string {
  const all = [...counts.values()].reduce((a, b) => a + b, 0);
  const parts = [...counts].filter(([, n]) => n > 0).map(([k, n]) => `${k} ${(n / messages).toFixed(2)}`);
  return `${(all / messages).toFixed(2)} (${parts.join(', ')})`;
}

function line(label: string, m: Measured): string {
  const l = m.load;
  const c = m.cpu;
  const perMsg = (secs: number) => ((secs * 1000) / l.messages).toFixed(3);
  const cpu =
    `CPU: upstream ${c.upstream.toFixed(1)} s (${perMsg(c.upstream)} ms/msg)` +
    (m.relay ? `, relay ${c.relay.toFixed(1)} s (${perMsg(c.relay)} ms/msg)` : '') +
    `, client ${c.client.toFixed(1)} s, other processes${PG_URL ? ' (PostgreSQL among them)' : ''} ` +
    `${Math.max(0, c.machine - c.upstream - c.relay - c.client).toFixed(1)} s; ` +
    `machine ${((c.machine / (l.e2eSecs * availableParallelism())) * 100).toFixed(0)}% busy`;
  return (
    `    ${label}: ${fmt(rate(m))} msg/s end to end (${fmt(l.messages)} in ${l.e2eSecs.toFixed(2)} s; ` +
    `all accepted after ${l.acceptSecs.toFixed(2)} s, p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms; ` +
    `first report after ${l.firstReportSecs.toFixed(2)} s; ${fmt(l.polls.full)} report batches read, ${fmt(l.polls.empty)} empty polls)` +
    `\n      ${cpu}` +
    `\n      threads (CPU / waiting for a core): upstream ${threadsLine(m.threads.upstream)}` +
    (m.threads.relay ? `; relay ${threadsLine(m.threads.relay)}` : '') +
    `\n      database statements per message: upstream ${perMessage(m.statements.upstream, l.messages)}` +
    (m.relay ? `; relay ${perMessage(m.statements.relay, l.messages)}` : '')
  );
}

function relayLine(m: Measured): string {
  const r = m.relay;
  if (!r) return '';
  return (
    `      relay -> upstream: ${fmt(r.sends)} sends (${r.sends > 0 ? (r.recipients / r.sends).toFixed(1) : '-'} recipients each, ` +
    `${fmt(r.tries)} tries unanswered), the last answered ${r.handedOnSecs.toFixed(2)} s after the first send; ` +
    `the upstream answered ${fmt(r.upSends)} sends (mean ${r.upSendMs.toFixed(1)} ms), ${fmt(r.polls)} report polls ` +
    `(mean ${r.pollMs.toFixed(1)} ms), ${fmt(r.acks)} acknowledgements`
  );
}

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `bench/relay: ${availableParallelism()} CPUs (${cpu.trim()}), Node ${process.version}, ` +
      `${PG_URL ? 'PostgreSQL (a fresh database per gateway)' : 'SQLite'}, every gateway its own process ` +
      `(omnigate serve, engine thread), loopback; upstream connector: concurrency ${UP_CONCURRENCY}, ` +
      `pollIntervalSeconds ${POLL_INTERVAL}; ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}`,
  );
  for (const [i, c] of cases.entries()) {
    const ups: Measured[] = [];
    const rels: Measured[] = [];
    console.log(`  ${c.label}, ${fmt(c.shape.requests * c.shape.perRequest)} SMS:`);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating, the relay first on odd rounds: a drift of the machine's speed falls on both.
      const order = round % 2 === 0 ? (['alone', 'relay'] as const) : (['relay', 'alone'] as const);
      for (const which of order) {
        if (values.only !== '' && values.only !== which) continue;
        const name = `c${i}-r${round}-${which}`;
        const m = which === 'alone' ? await alone(name, c.shape) : await relayed(name, c.shape);
        const tag = ROUNDS > 1 ? ` (round ${round + 1})` : '';
        console.log(line(which === 'alone' ? `upstream alone${tag}` : `relay -> upstream${tag}`, m));
        if (m.relay) console.log(relayLine(m));
        check(m, which);
        (which === 'alone' ? ups : rels).push(m);
      }
    }
    if (ups.length === 0 || rels.length === 0) continue;
    const up = median(ups.map(rate));
    const rel = median(rels.map(rate));
    const ratio = rel / up;
    console.log(
      `    => relay ${fmt(rel)} msg/s / upstream alone ${fmt(up)} msg/s = ${ratio.toFixed(2)}` +
        `${ROUNDS > 1 ? ' (medians)' : ''} (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
    );
  }
}

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
