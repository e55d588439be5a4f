import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export type PriorityOutcome =
  | { kind: 'lowered'; tid: number; nice: number }
  /** Already at that nice value or lower in priority (the process was started with `nice`). */
  | { kind: 'kept'; nice: number }
  | { kind: 'unsupported'; reason: string };

/**
 * Lowers the calling thread's scheduling priority to the nice value `nice` (1 to 19), never
 * raising it. On Linux a nice value belongs to a thread, not to its process, and
 * /proc/thread-self names the calling thread; elsewhere `setpriority` would renice the whole
 * process, the serving thread with it, so nothing is done there.
 *
 * Why the engine's thread: where the cores are all busy (a burst of sends on a machine that also
 * runs the client, or the database), the serving thread and the engine split them evenly, and a
 * send waited for the engine's turn. Acceptance is what a client waits on; dispatch is queued
 * work that catches up as soon as acceptance pauses, and when a core is free the nice value
 * changes nothing (docs/performance-log.md).
 */
export function lowerThreadPriority(nice: number): PriorityOutcome {
  if (process.platform !== 'linux') {
    return {
      kind: 'unsupported',
      reason: `a thread's own priority needs Linux (this is ${process.platform})`,
    };
  }
  let link: string;
  try {
    link = readlinkSync('/proc/thread-self');
  } catch (err) {
    return { kind: 'unsupported', reason: `/proc/thread-self: ${err instanceof Error ? err.message : err}` };
  }
  // "PID/task/TID". A /proc of another PID namespace (a container's, mounted oddly) would name
  // ids that are not this process's: renicing one of those could touch another program.
  const [pid, , tidText] = link.split('/');
  const tid = Number(tidText);
  if (Number(pid) !== process.pid || !Number.isSafeInteger(tid) || tid <= 0) {
    return { kind: 'unsupported', reason: `/proc/thread-self names ${link}, not a thread of ${process.pid}` };
  }
  try {
    const current = getPriority(tid);
    if (current >= nice) return { kind: 'kept', nice: current };
    setPriority(tid, nice);
    return { kind: 'lowered', tid, nice: getPriority(tid) };
  } catch (err) {
    // A sandbox (seccomp, a container's policy) may refuse it: the engine runs on regardless.
    return { kind: 'unsupported', reason: `setpriority: ${err instanceof Error ? err.message : err}` };
  }
}
