/**
 * bench/startup: how long `omnigate serve` takes from spawn to answering /healthz, and the
 * process's resident memory (VmRSS, the engine's thread included) once it has been idle a while;
 * with the processes it leaves beside itself (an esbuild service, before the production build).
 *
 * The floor, measured in the same run: a bare Node HTTP server started the same way, so the
 * figures are also given as ratios to it (this machine's speed moves from one day to the next).
 * With `--base DIR` (a checkout of an earlier commit, its node_modules installed or linked), the
 * rounds alternate between it and this checkout: before and after under the same load.
 *
 *   node --import tsx bench/startup.ts [--rounds 5] [--idle 5] [--base /tmp/omnigate-base]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    idle: { type: 'string', default: '5' },
    base: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const IDLE_MS = Number(values.idle) * 1000;
const HERE = join(import.meta.dirname, '..');

interface Sample {
  readyMs: number;
  rssMb: number;
  /** Processes the gateway started beside itself (children of its process). */
  children: string[];
}

const FLOOR_SCRIPT =
  "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('listening ' + this.address().port); });";

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

function childrenOf(pid: number): string[] {
  try {
    return execFileSync('ps', ['--ppid', String(pid), '-o', 'comm='], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when it lists none
  }
}

async function sample(args: string[], env: Record<string, string>): Promise<Sample> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no listening line:\n${out}`)), 60_000);
      const onData = (b: Buffer) => {
        out += b.toString();
        const m = /"url":"http:\/\/[^:]+:(\d+)"|listening (\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1] ?? m[2]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    await res.text();
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const pid = child.pid ?? 0;
    return { readyMs, rssMb: rssMb(pid), children: childrenOf(pid) };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

async function gateway(root: string): Promise<Sample> {
  const data = mkdtempSync(join(tmpdir(), 'omnigate-startup-'));
  try {
    return await sample([join(root, 'bin', 'omnigate.mjs'), 'serve', '--port', '0'], {
      OMNIGATE_DATA_DIR: data,
    });
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (x: number) => x.toFixed(0);

const runs: Record<string, Sample[]> = { floor: [], this: [], ...(values.base ? { base: [] } : {}) };
for (let i = 0; i < ROUNDS; i++) {
  runs.floor?.push(await sample(['-e', FLOOR_SCRIPT], {}));
  if (values.base) runs.base?.push(await gateway(values.base));
  runs.this?.push(await gateway(HERE));
}

const floor = runs.floor ?? [];
const floorReady = median(floor.map((s) => s.readyMs));
const floorRss = median(floor.map((s) => s.rssMb));
console.log(
  `startup: ${ROUNDS} rounds, ${IDLE_MS / 1000} s idle before RSS; floor = a bare node HTTP server (${fmt(floorReady)} ms, ${fmt(floorRss)} MB)`,
);
for (const [name, samples] of Object.entries(runs)) {
  if (name === 'floor') continue;
  const ready = samples.map((s) => s.readyMs);
  const rss = samples.map((s) => s.rssMb);
  const kids = [...new Set(samples.flatMap((s) => s.children))];
  console.log(
    `${name.padEnd(5)} ready ${fmt(median(ready))} ms (${fmt(Math.min(...ready))}-${fmt(Math.max(...ready))}, ` +
      `${(median(ready) / floorReady).toFixed(1)}x floor)  idle RSS ${fmt(median(rss))} MB ` +
      `(${fmt(Math.min(...rss))}-${fmt(Math.max(...rss))}, ${(median(rss) / floorRss).toFixed(1)}x floor)  ` +
      `processes beside it: ${kids.length ? kids.join(', ') : 'none'}`,
  );
}
