/**
 * bench/rows: what one delivered single-step message costs the database, counted rather than
 * estimated. For each database (SQLite; PostgreSQL when one answers at --pg) and each report
 * mode (polling, read and acknowledged by the client; webhook, posted to a local receiver), a
 * fresh gateway as `npm start` runs it (sandbox) takes --messages one-recipient requests from 16
 * keep-alive clients, and the run ends when the client holds every report. Printed per message:
 * the statements the gateway ran (from omnigate_store_statements_total, both threads), the rows
 * it inserted, updated and deleted (omnigate_store_rows_total), the gateway's CPU and, on
 * PostgreSQL, the CPU of every postgres process of this machine over the run (/proc): what an
 * instance costs a shared database, the figure docs/architecture.md's capacity section uses.
 *
 *   npm run bench:rows -- [--messages 3000] [--pg postgres://postgres@127.0.0.1:5432/test]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROW_CHANGES, STATEMENT_KINDS } from '../src/store/db/statement-counts.ts';
import { pollUntil, startReceiver } from './lib/client-run.ts';
import {
  ADMIN_TOKEN,
  benchAccount,
  call,
  cpuSeconds,
  post,
  type RunningGateway,
  SENDER,
  sleep,
  startGateway,
} from './lib/gateway.ts';
import { freshDatabase } from './lib/postgres.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '16' },
    pg: { type: 'string', default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const MESSAGES = Number(values.messages);
const CONCURRENCY = Number(values.concurrency);
const WARM_UP = 100;
const TICKS = 100;

/** CPU seconds every postgres process of this machine has used so far (server and backends). */
function postgresCpuSeconds(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      sum += (Number(fields[11]) + Number(fields[12])) / TICKS;
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

type Counts = Map<string, number>;

async function storeCounts(base: string): Promise<Counts> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out: Counts = new Map();
  for (const m of text.matchAll(
    /^omnigate_store_(statements|rows)_total\{(?:kind|change)="(\w+)"\} (\S+)$/gm,
  ))
    out.set(`${m[1]}.${m[2]}`, Number(m[3]));
  return out;
}

/** The counts once the engine's thread has sent its last ones (every 200 ms when they move). */
async function settledCounts(base: string): Promise<Counts> {
  let last = await storeCounts(base);
  for (;;) {
    await sleep(500);
    const now = await storeCounts(base);
    // A scrape runs a few statements of its own (job gauges): settled is "only those moved".
    const moved = [...now].some(([k, v]) => k.startsWith('rows.') && v !== last.get(k));
    if (!moved) return now;
    last = now;
  }
}

const body = (i: number) =>
  JSON.stringify({
    destinations: [{ to: `010${10_000_000 + i}` }],
    messageFlow: [{ sms: { from: SENDER, text: 'Your code is 1234' } }],
  });

interface Run {
  perMessage: Counts;
  rate: number;
  gatewayCpuMs: number;
  postgresCpuMs: number | null;
}

async function run(gw: RunningGateway, mode: 'polling' | 'webhook', onPostgres: boolean): Promise<Run> {
  const acc = await benchAccount(gw.base);
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const receiver = mode === 'webhook' ? await startReceiver() : null;
  if (receiver) {
    const accUrl = `${gw.base}/admin/v1/accounts/${acc.accountId}`;
    await call('PUT', `${accUrl}/webhook`, admin, { url: receiver.url, secret: 'bench-webhook-secret' });
    await call('PUT', `${accUrl}/report-mode`, admin, { mode: 'webhook' });
  }
  const client = { authorization: acc.apiKey };
  const seen = receiver?.seen ?? new Set<string>();
  const counters = { duplicates: 0 };
  const received = async (want: number) => {
    if (!receiver) return pollUntil(gw.base, acc.apiKey, seen, want, counters);
    while (seen.size < want) await sleep(5);
  };
  const send = async (from: number, n: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) await post(`${gw.base}/api/comm/v1/send/omni`, client, body(from + next++));
      }),
    );
  };
  try {
    await send(MESSAGES, WARM_UP);
    await received(WARM_UP);
    const before = await settledCounts(gw.base);
    const cpu0 = { gateway: cpuSeconds(gw.pid), postgres: onPostgres ? postgresCpuSeconds() : 0 };
    const t0 = performance.now();
    const reading = received(WARM_UP + MESSAGES);
    await send(0, MESSAGES);
    await reading;
    const secs = (performance.now() - t0) / 1000;
    const cpu = {
      gateway: cpuSeconds(gw.pid) - cpu0.gateway,
      postgres: onPostgres ? postgresCpuSeconds() - cpu0.postgres : 0,
    };
    const after = await settledCounts(gw.base);
    const duplicates = counters.duplicates + (receiver?.duplicates ?? 0);
    if (duplicates > 0) throw new Error(`${duplicates} reports came twice`);
    const perMessage: Counts = new Map();
    for (const [k, v] of after) perMessage.set(k, (v - (before.get(k) ?? 0)) / MESSAGES);
    return {
      perMessage,
      rate: MESSAGES / secs,
      gatewayCpuMs: (cpu.gateway * 1000) / MESSAGES,
      postgresCpuMs: onPostgres ? (cpu.postgres * 1000) / MESSAGES : null,
    };
  } finally {
    receiver?.close();
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const n2 = (n: number | undefined) => (n ?? 0).toFixed(2);

function print(db: string, mode: string, r: Run): void {
  const get = (k: string) => r.perMessage.get(k) ?? 0;
  const statements = STATEMENT_KINDS.reduce((s, k) => s + get(`statements.${k}`), 0);
  console.log(
    `  ${db.padEnd(10)} ${mode.padEnd(8)} ${n2(statements).padStart(6)} statements (${STATEMENT_KINDS.map(
      (k) => `${k} ${n2(get(`statements.${k}`))}`,
    ).join(', ')})`,
  );
  console.log(
    `  ${''.padEnd(19)} rows ${ROW_CHANGES.map((k) => `${k} ${n2(get(`rows.${k}`))}`).join(', ')}; ` +
      `${Math.round(r.rate)} msg/s; gateway CPU ${r.gatewayCpuMs.toFixed(3)} ms` +
      (r.postgresCpuMs === null ? '' : `; PostgreSQL CPU ${r.postgresCpuMs.toFixed(3)} ms`),
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-rows-'));
  const withPostgres = await postgresAnswers(values.pg);
  console.log(
    `bench/rows: per delivered one-recipient SMS (sandbox, ${MESSAGES} requests, ${CONCURRENCY} clients), counted by the gateway's store`,
  );
  try {
    for (const mode of ['polling', 'webhook'] as const) {
      const sqlite = await startGateway(join(dir, `sqlite-${mode}`));
      try {
        print('SQLite', mode, await run(sqlite, mode, false));
      } finally {
        await sqlite.stop();
      }
      if (!withPostgres) continue;
      const fresh = await freshDatabase(values.pg);
      const gw = await startGateway(join(dir, `pg-${mode}`), { DATABASE_URL: fresh.url });
      try {
        print('PostgreSQL', mode, await run(gw, mode, true));
      } finally {
        await gw.stop();
        await fresh.drop();
      }
    }
    if (!withPostgres) console.log(`  (no PostgreSQL answered at ${values.pg}: SQLite only)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
