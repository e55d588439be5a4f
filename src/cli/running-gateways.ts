import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE } from '../data-modes.ts';

/*
 * Which gateways serve on a data folder: each `omnigate serve` keeps a file serve-<pid>.pid there
 * while it runs, which `omnigate restore` reads (a database must not be replaced under a gateway
 * that has it open). A process killed with SIGKILL leaves its file: a file whose process is gone
 * is stale, told apart by process.kill(pid, 0); one written on another host (a container sharing
 * the folder) cannot be checked from here and counts as running.
 */

const FILE = /^serve-(\d+)\.pid$/;

interface Mark {
  pid: number;
  host: string;
  startedAt: string;
}

/** Marks this process as a gateway serving on the folder, until it exits. */
export function markServing(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const file = join(dataDir, `serve-${process.pid}.pid`);
  const mark: Mark = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(mark)}\n`, { mode: PRIVATE_FILE });
  process.on('exit', () => {
    try {
      unlinkSync(file);
    } catch {
      // Gone already (the folder was removed): nothing to clear.
    }
  });
}

export interface RunningGateway {
  pid: number;
  host: string;
  file: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The gateways serving on the folder now; stale files are removed on the way. */
export function runningGateways(dataDir: string): RunningGateway[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const running: RunningGateway[] = [];
  const here = hostname();
  for (const name of names) {
    const m = FILE.exec(name);
    if (!m) continue;
    const file = join(dataDir, name);
    let host = here;
    try {
      const mark = JSON.parse(readFileSync(file, 'utf8')) as Partial<Mark>;
      if (typeof mark.host === 'string') host = mark.host;
    } catch {
      // Half written, or unreadable: judged by its pid alone.
    }
    const pid = Number(m[1]);
    if (host !== here || alive(pid)) {
      running.push({ pid, host, file });
      continue;
    }
    try {
      unlinkSync(file);
    } catch {
      // Another command cleared it first.
    }
  }
  return running;
}
