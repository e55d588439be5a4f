/*
 * SQLite's write lock has no queue. The engine's thread begins its next pass's transaction within
 * a millisecond of committing the last, and the serving thread, refused, tries again a
 * millisecond later (PatientConnection): it lost that race pass after pass, and a request's
 * transaction waited out several passes. So the serving thread counts here the statements it has
 * waiting for the lock, and the engine's thread does not begin a transaction while that count is
 * above zero (for at most its yield bound): a request waits for the pass under way, no more.
 * One count per process: `omnigate serve` runs one serving thread and one engine thread.
 * PostgreSQL queues its lock waiters itself, and its connections never call these.
 */

/** The longest the engine's thread waits, before a transaction, for the serving thread's writers. */
export const ENGINE_YIELD_MS = 20;

type Turn =
  | { role: 'serving'; buffer: SharedArrayBuffer; waiting: Int32Array }
  | { role: 'engine'; waiting: Int32Array; yieldMs: number };

let turn: Turn | null = null;

/** In the serving thread: the count, to hand to the engine's thread. */
export function shareWriteTurn(): SharedArrayBuffer {
  if (turn?.role === 'serving') return turn.buffer;
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  turn = { role: 'serving', buffer, waiting: new Int32Array(buffer) };
  return buffer;
}

/** In the engine's thread: the serving thread's count. */
export function joinWriteTurn(buffer: SharedArrayBuffer, yieldMs = ENGINE_YIELD_MS): void {
  turn = { role: 'engine', waiting: new Int32Array(buffer), yieldMs };
}

/**
 * One statement's wait for the lock: in the serving thread it counts from the statement's first
 * refusal until it ends (elsewhere nothing is counted).
 */
export class LockWait {
  #counted: Int32Array | null = null;

  refused(): void {
    if (this.#counted !== null || turn?.role !== 'serving') return;
    this.#counted = turn.waiting;
    Atomics.add(this.#counted, 0, 1);
  }

  end(): void {
    if (this.#counted === null) return;
    Atomics.sub(this.#counted, 0, 1);
    Atomics.notify(this.#counted, 0);
    this.#counted = null;
  }
}

/** How many of the serving thread's statements wait for the lock now (0 outside a shared turn). */
export function waitingWriters(): number {
  return turn ? Atomics.load(turn.waiting, 0) : 0;
}

/**
 * In the engine's thread, before it begins a transaction: lets the serving thread's waiting
 * writers go first, up to the yield bound (the engine must not starve under a stream of sends).
 */
export async function yieldToWaitingWriters(): Promise<void> {
  if (turn?.role !== 'engine') return;
  const { waiting, yieldMs } = turn;
  const deadline = performance.now() + yieldMs;
  for (;;) {
    const n = Atomics.load(waiting, 0);
    const left = deadline - performance.now();
    if (n === 0 || left <= 0) return;
    const wait = Atomics.waitAsync(waiting, 0, n, left);
    if (wait.async) await wait.value;
  }
}
