/**
 * bench/send: N requests of 200 recipients to a running gateway (sandbox, SQLite), printing
 * accepted recipients/s, p50 and p99 request latency, end-to-end delivered messages/s, and the
 * raw better-sqlite3 insert rate of the same message rows measured in the same run (the ceiling).
 *
 *   npm run bench:send -- [--requests 300] [--concurrency 8]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '300' }, concurrency: { type: 'string', default: '8' } },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const PER_REQUEST = 200;
const TOKEN = 'bench-admin-token';
const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-'));

/** The ceiling: the same message rows inserted with a prepared statement, 200 per transaction. */
function rawInsertRate(rows: number): number {
  const db = new Database(join(dir, 'ceiling.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table messages (msg_key text primary key, account_id text not null, request_id text not null,
    to_number text not null, dest_ref text, vars text, step integer not null, status text not null, next_at integer,
    report_code text, report_text text, created_at integer not null, updated_at integer not null, done_at integer)`);
  const ins = db.prepare(
    'insert into messages values (?, ?, ?, ?, null, null, 0, ?, null, null, null, ?, ?, null)',
  );
  const batch = db.transaction((start: number) => {
    const now = Date.now();
    for (let i = start; i < start + PER_REQUEST; i++) {
      ins.run(`k${String(i).padStart(12, '0')}`, 'acc_bench', `req_${start}`, `010${10_000_000 + (i % 9_000_000)}`, 'queued', now, now);
    }
  });
  const t0 = performance.now();
  for (let i = 0; i < rows; i += PER_REQUEST) batch(i);
  const secs = (performance.now() - t0) / 1000;
  db.close();
  return rows / secs;
}

async function startGateway(): Promise<{ base: string; stop: () => void; dbFile: string }> {
  const dataDir = join(dir, 'data');
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the gateway.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const bin = join(import.meta.dirname, '..', 'bin', 'omnigate.mjs');
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--port', '0'], {
    env: { ...process.env, OMNIGATE_DATA_DIR: dataDir, OMNIGATE_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`gateway exited: ${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM'), dbFile: join(dataDir, 'omnigate.db') };
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const total = REQUESTS * PER_REQUEST;
  const ceiling = rawInsertRate(total);
  const gw = await startGateway();
  try {
    const admin = { authorization: `Bearer ${TOKEN}` };
    const acc = (await post(`${gw.base}/admin/v1/accounts`, admin, { name: 'bench' })) as { accountId: string; apiKey: string };
    await post(`${gw.base}/admin/v1/accounts/${acc.accountId}/senders`, admin, { number: '0212345678' });
    const client = { authorization: acc.apiKey };
    const body = (r: number) => ({
      destinations: Array.from({ length: PER_REQUEST }, (_, i) => ({
        to: `010${10_000_000 + ((r * PER_REQUEST + i) % 89_999_999)}`,
        replaceWords: { name: `user${i}` },
      })),
      messageFlow: [{ sms: { from: '0212345678', text: '#{name}, your code is 1234' } }],
    });
    for (let w = 0; w < 5; w++) await post(`${gw.base}/api/comm/v1/send/omni`, client, body(REQUESTS + w));
    const reader = new Database(gw.dbFile, { readonly: true });
    const delivered = reader.prepare("select count(*) as n from messages where status = 'delivered'");
    const before = (delivered.get() as { n: number }).n;

    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const r = next++;
          const s = performance.now();
          await post(`${gw.base}/api/comm/v1/send/omni`, client, body(r));
          latencies.push(performance.now() - s);
        }
      }),
    );
    const acceptSecs = (performance.now() - t0) / 1000;
    for (;;) {
      const n = (delivered.get() as { n: number }).n - before;
      if (n >= total) break;
      if (performance.now() - t0 > 300_000) throw new Error(`only ${n} of ${total} delivered after 300 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const e2eSecs = (performance.now() - t0) / 1000;
    reader.close();
    latencies.sort((a, b) => a - b);
    const accepted = total / acceptSecs;
    const e2e = total / e2eSecs;
    const f = (n: number) => Math.round(n).toLocaleString('en-US');
    console.log(`bench/send: ${REQUESTS} requests x ${PER_REQUEST} recipients, concurrency ${CONCURRENCY}, SQLite, sandbox`);
    console.log(`  raw better-sqlite3 insert (ceiling):   ${f(ceiling)} rows/s`);
    console.log(`  accepted:                               ${f(accepted)} recipients/s  (${((accepted / ceiling) * 100).toFixed(1)}% of ceiling; target >= 50%)`);
    console.log(`  request latency:                        p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (target p99 < 100 ms)`);
    console.log(`  end to end (accepted -> delivered):     ${f(e2e)} messages/s  (target >= 20,000)`);
  } finally {
    gw.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
