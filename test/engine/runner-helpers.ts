import { setTimeout as delay } from 'node:timers/promises';
import type { EngineEventMap, EngineEvents } from '../../src/engine/events.ts';

/* Shared by the job runner's tests (runner.test.ts, runner-processes.test.ts). */

export const T0 = Date.UTC(2030, 0, 1, 0, 0, 0);
export const LEASE = 30_000;
/** A runner that never goes idle fails its test instead of hanging the file. */
export const LIMIT = { timeout: 20_000 };

export interface EventLog {
  claimed: EngineEventMap['job.claimed'][];
  completed: EngineEventMap['job.completed'][];
  failed: EngineEventMap['job.failed'][];
  dead: EngineEventMap['job.dead'][];
  rescheduled: EngineEventMap['job.rescheduled'][];
  lost: EngineEventMap['job.lost'][];
}

export function recordEvents(events: EngineEvents): EventLog {
  const log: EventLog = { claimed: [], completed: [], failed: [], dead: [], rescheduled: [], lost: [] };
  events.on('job.claimed', (e) => log.claimed.push(e));
  events.on('job.completed', (e) => log.completed.push(e));
  events.on('job.failed', (e) => log.failed.push(e));
  events.on('job.dead', (e) => log.dead.push(e));
  events.on('job.rescheduled', (e) => log.rescheduled.push(e));
  events.on('job.lost', (e) => log.lost.push(e));
  return log;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Waits for a condition that real time brings about (a heartbeat, another process), polling and
 * failing with `what` after `timeoutMs`. It waits for a fact; it never asserts that time passed.
 */
export async function waitFor(
  what: string,
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(10);
  }
}

/** Rejects with `what` when `p` has not settled in `timeoutMs` (a hung runner fails, not hangs). */
export async function within<T>(what: string, p: Promise<T>, timeoutMs = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
