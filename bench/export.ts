/**
 * bench/export: the operator's export of a message search (GET /admin/v1/messages/export), CSV
 * and JSON, of 100,000 messages beside 1,000: the time, the rows a second, and how much the
 * gateway process's peak resident memory (VmHWM) grew over the export.
 *
 * V8 collects the old generation lazily: a process that allocates fast lets its heap grow to a few
 * times what it keeps live before a full collection, so the default run's growth is garbage
 * waiting, not rows kept. The third case says which: the same 100,000-row export with the serving
 * thread's old generation limited to --heap MB (NODE_OPTIONS=--max-old-space-size), which a
 * gateway that held the rows (a few hundred MB of them) could not finish.
 *
 * Each case starts `npm start`'s shape (one process, the engine in its thread) on a fresh database
 * holding the messages (in requests of 200, each recipient with its own #{name} value, written by
 * the database itself), warms the route up with a one-row export, then reads the whole file as
 * a client would (the body counted, not kept). SQLite; with DATABASE_URL=postgres://...
 * PostgreSQL too. `--text` adds a text filter (every message matches it) checked on every row.
 *
 *   node --import tsx bench/export.ts [--rows 100000] [--small 1000] [--heap 96]
 *     [--databases sqlite,postgres] [--text order]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openStore } from '../src/store/db/database.ts';
import { ADMIN_TOKEN, fmt, peakRssMb, startGateway } from './lib/gateway.ts';
import { freshDatabase } from './lib/postgres.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    small: { type: 'string', default: '1000' },
    heap: { type: 'string', default: '96' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    // A filter no index serves, checked on every row (every message matches it).
    text: { type: 'string', default: '' },
  },
});
const DATABASES = values.databases.split(',');
const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-export-'));

const FLOW = JSON.stringify([
  {
    channel: 'sms',
    serviceType: 'SMS',
    msgType: 'SM',
    from: '0212345678',
    title: null,
    text: '#{name}, your order has shipped, "today"',
    payload: { from: '0212345678', text: '#{name}, your order has shipped, "today"' },
    responseMethod: null,
    timeoutSec: null,
  },
]);

/** `n` delivered messages in requests of 200, newest with the highest key. */
async function seed(url: string, n: number): Promise<void> {
  const store = await openStore(url);
  try {
    await store.migrate();
    // A bigint for PostgreSQL, which would read a bare parameter beside `i` as an int4.
    const at = sql`cast(${Date.parse('2026-11-25T01:00:00Z')} as bigint)`;
    const series = sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`;
    const padded = store.caps.dialect === 'postgres' ? sql`lpad(i::text, 9, '0')` : sql`printf('%09d', i)`;
    const req = sql`'req_bench_' || (i / 200)`;
    await sql`${series} insert into send_requests (id, account_id, key_id, flow, dlr, created_at)
      select ${req}, 'acc_bench', 'key_bench', ${FLOW}, 0, ${at}
      from n where i % 200 = 0`.execute(store.db);
    await sql`${series} insert into messages
      (msg_key, account_id, request_id, to_number, vars, step, status, report_code, report_text, created_at, updated_at, done_at)
      select 'bench' || ${padded}, 'acc_bench', ${req}, '010' || ${padded}, '{"replaceWords":{"name":"user' || i || '"}}',
        0, 'delivered', '10000', 'Delivered', ${at} + i, ${at} + i, ${at} + i
      from n`.execute(store.db);
    if (store.caps.dialect === 'postgres') await sql`analyze`.execute(store.db);
  } finally {
    await store.close();
  }
}

interface Run {
  rows: number;
  bytes: number;
  secs: number;
  /** VmHWM after the export minus VmHWM before it, MB. */
  rssGrowthMb: number;
  peakMb: number;
}

/** Reads the whole export, counting its lines, as a client saving the file would. */
async function exportOnce(base: string, pid: number, format: string, query: string): Promise<Run> {
  const before = peakRssMb(pid);
  const t0 = performance.now();
  const res = await fetch(`${base}/admin/v1/messages/export?format=${format}${query}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  const secs = (performance.now() - t0) / 1000;
  const peak = peakRssMb(pid);
  // CSV: the header and a line per row (no text here has a line break); JSON: "[", a line per
  // row, "]".
  return { rows: lines - (format === 'csv' ? 1 : 2), bytes, secs, rssGrowthMb: peak - before, peakMb: peak };
}

async function runCase(
  name: string,
  pgUrl: string | null,
  n: number,
  env: Record<string, string>,
): Promise<Record<string, Run>> {
  const dataDir = join(dir, `${name}-${n}-${Object.keys(env).length}`);
  mkdirSync(dataDir, { recursive: true });
  const url = pgUrl ?? `sqlite:${join(dataDir, 'omnigate.db')}`;
  await seed(url, n);
  const gw = await startGateway(dataDir, { ...(pgUrl ? { DATABASE_URL: pgUrl } : {}), ...env });
  try {
    const query = values.text ? `&text=${encodeURIComponent(values.text)}` : '';
    // The route's code compiled and the pools warmed: what the export itself adds is measured.
    await exportOnce(gw.base, gw.pid, 'csv', '&to=01000000000');
    const out: Record<string, Run> = {};
    for (const format of ['csv', 'json']) out[format] = await exportOnce(gw.base, gw.pid, format, query);
    return out;
  } finally {
    await gw.stop();
  }
}

const signed = (mb: number) => `${mb < 0 ? '-' : '+'}${Math.abs(mb).toFixed(1)}`;

function line(label: string, r: Run): string {
  return (
    `    ${label.padEnd(5)} ${fmt(r.rows).padStart(8)} rows  ${(r.bytes / 1e6).toFixed(1).padStart(6)} MB  ` +
    `${r.secs.toFixed(2).padStart(6)} s  ${fmt(r.rows / r.secs).padStart(7)} rows/s  ` +
    `peak RSS ${r.peakMb.toFixed(0)} MB (${signed(r.rssGrowthMb)} MB during the export)`
  );
}

try {
  for (const db of DATABASES) {
    let pg: { url: string; drop: () => Promise<void> } | null = null;
    if (db === 'postgres') {
      if (!process.env.DATABASE_URL?.startsWith('postgres')) {
        console.log('postgres: skipped (set DATABASE_URL=postgres://...)');
        continue;
      }
    }
    console.log(`${db}${values.text ? ` (text=${values.text}, checked on every row)` : ''}:`);
    const heap = { NODE_OPTIONS: `--max-old-space-size=${values.heap}` };
    const cases: Array<[string, number, Record<string, string>]> = [
      [`${fmt(Number(values.small))} messages`, Number(values.small), {}],
      [`${fmt(Number(values.rows))} messages`, Number(values.rows), {}],
      [
        `${fmt(Number(values.rows))} messages, old generation limited to ${values.heap} MB`,
        Number(values.rows),
        heap,
      ],
    ];
    const results: Array<Record<string, Run>> = [];
    for (const [label, n, env] of cases) {
      if (db === 'postgres') pg = await freshDatabase(process.env.DATABASE_URL ?? '');
      try {
        const r = await runCase(db, pg?.url ?? null, n, env);
        results.push(r);
        console.log(`  ${label}`);
        for (const [format, run] of Object.entries(r)) console.log(line(format, run));
      } finally {
        await pg?.drop();
      }
    }
    const [small, large] = results;
    for (const format of ['csv', 'json']) {
      const a = small?.[format];
      const b = large?.[format];
      if (!a || !b) continue;
      console.log(
        `  ${format}: ${fmt(b.rows)} rows in ${(b.secs / a.secs).toFixed(0)}x the time of ${fmt(a.rows)}; ` +
          `peak RSS grew ${signed(b.rssGrowthMb)} MB beside ${signed(a.rssGrowthMb)} MB`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
