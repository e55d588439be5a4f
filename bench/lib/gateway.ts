/**
 * What the send benchmarks share: a gateway started as `npm start` starts it (a child process of
 * bin/omnigate.mjs, with environment overrides), JSON calls, percentiles and peak memory.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

export interface RunningGateway {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts `omnigate serve` on a free port. `env` adds to the environment (OMNIGATE_ROLE,
 * DATABASE_URL...); BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it.
 */
export async function startGateway(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningGateway> {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const bin = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--port', '0'], {
    env: {
      ...process.env,
      OMNIGATE_DATA_DIR: dataDir,
      OMNIGATE_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The bench's webhook receivers listen on the loopback.
      OMNIGATE_WEBHOOK_ALLOW: '127.0.0.0/8,::1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /"url":"http:\/\/127\.0\.0\.1:(\d+)".*"msg":"listening"/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`gateway exited: ${out}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function call(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

export const post = (url: string, headers: Record<string, string>, body: unknown) =>
  call('POST', url, headers, body);

export function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The process's peak resident memory so far (VmHWM), in MB; 0 where /proc is missing. */
export function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds the process has used so far (user + system, its threads together); 0 without /proc. */
export function cpuSeconds(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has been busy so far (all cores; not idle, not waiting for I/O). */
export function machineBusySeconds(): number {
  try {
    const [, ...t] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const n = t.map(Number);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return (total - (n[3] ?? 0) - (n[4] ?? 0)) / TICKS;
  } catch {
    return 0;
  }
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const SENDER = '0212345678';
export const PER_REQUEST = 200;

/** An account with the bench's sender number registered: its id and API key. */
export async function benchAccount(base: string): Promise<{ accountId: string; apiKey: string }> {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const acc = (await post(`${base}/admin/v1/accounts`, admin, { name: 'bench' })) as {
    accountId: string;
    apiKey: string;
  };
  await post(`${base}/admin/v1/accounts/${acc.accountId}/senders`, admin, { number: SENDER });
  return acc;
}

/**
 * Request `r`: 200 distinct recipients, each with a `#{name}` substitution, as JSON; with `busy`,
 * every tenth recipient is that one handset instead.
 */
export function sendBody(r: number, busy?: string): string {
  return JSON.stringify({
    destinations: Array.from({ length: PER_REQUEST }, (_, i) => ({
      to: busy && i % 10 === 0 ? busy : `010${10_000_000 + ((r * PER_REQUEST + i) % 89_999_999)}`,
      replaceWords: { name: `user${i}` },
    })),
    messageFlow: [{ sms: { from: SENDER, text: '#{name}, your code is 1234' } }],
  });
}
