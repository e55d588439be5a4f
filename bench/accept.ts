/**
 * bench/accept: the accept path alone, one recipient per request, against its ceiling in the
 * same run. A gateway with `--role api` (it accepts and stores; nothing delivers) and a bare
 * Fastify route committing one SQLite row per request (bench/lib/bare-route.ts) each take
 * --requests POSTs of the same body from 16 keep-alive connections, alternating, --runs times.
 * Printed: requests/s, the server's CPU per request, p50/p99, and the ratio gateway / bare route.
 *
 *   npm run bench:accept -- [--requests 20000] [--runs 3] [--concurrency 16]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { benchAccount, cpuSeconds, fmt, pct, SENDER, startGateway } from './lib/gateway.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const WARM_UP = 500;

const body = (i: number) =>
  JSON.stringify({
    destinations: [{ to: `010${10_000_000 + (i % 89_999_999)}` }],
    messageFlow: [{ sms: { from: SENDER, text: 'Your code is 1234' } }],
  });

interface Result {
  rate: number;
  cpuMs: number;
  p50: number;
  p99: number;
}

/**
 * The clients share the machine's two cores with the server: they post through undici's pool (a
 * keep-alive connection each), which costs a fraction of what fetch does per request, so that
 * the client is less of what both servers wait for.
 */
async function drive(
  url: string,
  headers: Record<string, string>,
  pid: number,
  offset: number,
): Promise<Result> {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  const post = async (i: number) => {
    const res = await pool.request({
      method: 'POST',
      path: pathname,
      headers: { 'content-type': 'application/json', ...headers },
      body: body(i),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200 || !text.includes('A000'))
      throw new Error(`${url}: ${res.statusCode} ${text}`);
  };
  const run = async (n: number, from: number, latencies?: number[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) {
          const i = from + next++;
          const s = performance.now();
          await post(i);
          latencies?.push(performance.now() - s);
        }
      }),
    );
  };
  await run(WARM_UP, offset + REQUESTS);
  const latencies: number[] = [];
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  await run(REQUESTS, offset, latencies);
  const secs = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  latencies.sort((a, b) => a - b);
  await pool.close();
  return {
    rate: REQUESTS / secs,
    cpuMs: (cpu * 1000) / REQUESTS,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

async function bareRoute(dir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'lib', 'bare-route.ts'), join(dir, 'bare.db')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`the bare route exited: ${out}`)));
  });
  return { port, child };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const line = (name: string, rs: Result[]) =>
  `  ${name}: ${rs.map((r) => fmt(r.rate)).join(' / ')} requests/s; CPU ${rs
    .map((r) => r.cpuMs.toFixed(3))
    .join(' / ')} ms/request; p50 ${rs.map((r) => r.p50.toFixed(1)).join(' / ')} ms; p99 ${rs
    .map((r) => r.p99.toFixed(1))
    .join(' / ')} ms`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-accept-'));
  const bare: Result[] = [];
  const gateway: Result[] = [];
  try {
    for (let run = 0; run < Number(values.runs); run++) {
      const b = await bareRoute(join(dir));
      try {
        bare.push(await drive(`http://127.0.0.1:${b.port}/send`, {}, b.child.pid ?? 0, run * 2 * REQUESTS));
      } finally {
        b.child.kill('SIGTERM');
      }
      const gw = await startGateway(join(dir, `gateway-${run}`), { OMNIGATE_ROLE: 'api' });
      try {
        const acc = await benchAccount(gw.base);
        gateway.push(
          await drive(
            `${gw.base}/api/comm/v1/send/omni`,
            { authorization: acc.apiKey },
            gw.pid,
            run * 2 * REQUESTS,
          ),
        );
      } finally {
        await gw.stop();
      }
    }
    console.log(
      `bench/accept: one recipient per request, ${fmt(REQUESTS)} requests from ${CONCURRENCY} keep-alive clients, alternating`,
    );
    console.log(line('bare Fastify route, one SQLite commit each', bare));
    console.log(line('Omnigate --role api                       ', gateway));
    console.log(
      `  median Omnigate / bare route: ${(median(gateway.map((r) => r.rate)) / median(bare.map((r) => r.rate))).toFixed(2)}x`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
