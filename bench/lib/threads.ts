/**
 * Where a gateway process's CPU went, thread by thread (Linux /proc): its main thread (HTTP),
 * its engine thread (`npm start` runs the engine in a worker thread of its own, at a lower
 * priority: OMNIGATE_ENGINE_NICE), and the rest (V8's GC helpers, libuv's pool). Beside the CPU
 * each used, the time each spent ready to run but waiting for a core (schedstat): on a busy
 * two-core machine, what a thread that wants more CPU than it gets is held back by.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU and run-queue wait of one thread so far, in seconds. */
interface ThreadTimes {
  cpu: number;
  wait: number;
  nice: number;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ). */
const TICKS = 100;

function threadTimes(pid: number): Map<number, ThreadTimes> {
  const out = new Map<number, ThreadTimes>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // schedstat: time on a CPU, time waiting on a run queue (ns), timeslices.
      const sched = readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').trim().split(' ');
      out.set(Number(t), {
        cpu: (Number(f[11]) + Number(f[12])) / TICKS,
        wait: Number(sched[1] ?? 0) / 1e9,
        nice: Number(f[16]),
      });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

export interface ThreadSplit {
  main: { cpu: number; wait: number };
  /** The thread other than the main one that used the most CPU over the interval: the engine's. */
  engine: { cpu: number; wait: number; nice: number };
  rest: { cpu: number };
}

/** Starts watching `pid`; the answer's function gives the split since then. */
export function watchThreads(pid: number): () => ThreadSplit {
  const before = threadTimes(pid);
  return () => {
    const after = threadTimes(pid);
    const split: ThreadSplit = {
      main: { cpu: 0, wait: 0 },
      engine: { cpu: 0, wait: 0, nice: 0 },
      rest: { cpu: 0 },
    };
    let engineTid = -1;
    const grown = new Map<number, ThreadTimes>();
    for (const [tid, a] of after) {
      const b = before.get(tid) ?? { cpu: 0, wait: 0, nice: a.nice };
      const d = { cpu: a.cpu - b.cpu, wait: a.wait - b.wait, nice: a.nice };
      grown.set(tid, d);
      if (tid !== pid && (engineTid < 0 || d.cpu > (grown.get(engineTid)?.cpu ?? 0))) engineTid = tid;
    }
    for (const [tid, d] of grown) {
      if (tid === pid) split.main = { cpu: d.cpu, wait: d.wait };
      else if (tid === engineTid) split.engine = d;
      else split.rest.cpu += d.cpu;
    }
    return split;
  };
}
