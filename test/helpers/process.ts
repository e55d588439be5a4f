import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');

export interface Served {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exit: Promise<number | null>;
  waitFor(pattern: RegExp): Promise<void>;
}

const children = new Set<ChildProcess>();
after(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** Another way to start the gateway than this checkout's bin/omnigate.mjs (an installed package). */
export interface ServeCommand {
  /** The executable and its arguments before `--port 0`; by default node and bin/omnigate.mjs serve. */
  command?: readonly [string, ...string[]];
  cwd?: string;
}

/** `omnigate serve` as a user runs it, on a free port, with the given environment. */
export async function serveProcess(env: Record<string, string>, how: ServeCommand = {}): Promise<Served> {
  const [file, ...args] = how.command ?? [process.execPath, BIN, 'serve'];
  const child = spawn(file, [...args, '--port', '0'], {
    ...(how.cwd ? { cwd: how.cwd } : {}),
    // Receivers of the tests listen on the loopback, allowed as an operator would allow them.
    // The engine's thread at nice 0: the CI machine runs four test files at once, and at nice 19
    // a child's engine thread starved there long enough for SMSC answers and job leases to run
    // out (resubmissions, lease_lost). engine-thread.test.ts tests the default nice on its own.
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      OMNIGATE_WEBHOOK_ALLOW: '127.0.0.0/8,::1',
      OMNIGATE_ENGINE_NICE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  const waiters: Array<{ re: RegExp; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.splice(0)) {
      if (w.re.test(out)) w.resolve();
      else waiters.push(w);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (re.test(out)) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${re}; output:\n${out}`)),
        // A cold start transpiles every module (tsx); on a loaded machine that took over 30 s.
        90_000,
      );
      waiters.push({
        re,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      void exit.then(() => reject(new Error(`exited before ${re}; output:\n${out}`)));
    });
  await waitFor(/"url":"http:\/\/127\.0\.0\.1:(\d+)".*"msg":"listening"/);
  const port = Number(/"url":"http:\/\/127\.0\.0\.1:(\d+)".*"msg":"listening"/.exec(out)?.[1]);
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => out, exit, waitFor };
}

/**
 * The nice value of each thread of a process (Linux: /proc/PID/task/TID/stat, field 19), by
 * thread id; the main thread's id is the process id.
 */
export function threadNices(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch (err) {
      // A thread that ended since the directory was read.
      if (err instanceof Error && 'code' in err && err.code === 'ENOENT') continue;
      throw err;
    }
    // The command name (field 2) may hold spaces: count from its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), Number(fields[16]));
  }
  return out;
}

/** What a one-off `omnigate` command printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `omnigate <args>` as a user runs it (this checkout's bin/omnigate.mjs), to its exit. */
export function runOmnigate(args: string[], env: Record<string, string>, timeout = 60_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env }, timeout },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}
