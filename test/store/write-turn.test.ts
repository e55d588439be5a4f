import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setImmediate as turnOfLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/store/db/database.ts';
import { LockWait, shareWriteTurn, waitingWriters } from '../../src/store/db/write-turn.ts';

/*
 * SQLite only: its write lock has no queue, so the serving thread and the engine's thread of one
 * process take turns through src/store/db/write-turn.ts. PostgreSQL queues lock waiters itself and
 * never calls it. This file is the serving thread; the engine's side runs in a real worker thread
 * on its own connection to the same file.
 */

type Message = string | { wrote: string };

class EngineSide {
  readonly #worker: Worker;
  readonly #seen: Message[] = [];
  readonly #waiters: Array<() => void> = [];
  #failed: Error | null = null;

  constructor(file: string, buffer: SharedArrayBuffer, yieldMs: number) {
    this.#worker = new Worker(new URL('../helpers/write-turn-worker.mjs', import.meta.url), {
      workerData: { file, buffer, yieldMs },
    });
    this.#worker.on('message', (m: Message) => {
      this.#seen.push(m);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.#worker.on('error', (err) => {
      this.#failed = err;
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  send(m: Record<string, unknown>): void {
    this.#worker.postMessage(m);
  }

  has(want: Message): boolean {
    return this.#seen.some((m) => JSON.stringify(m) === JSON.stringify(want));
  }

  /** Resolves once the worker has said `want` (at once if it already has); fails after 10 s. */
  async said(want: Message): Promise<void> {
    const deadline = setTimeout(() => {
      this.#failed ??= new Error(`the worker never said ${JSON.stringify(want)}`);
      for (const wake of this.#waiters.splice(0)) wake();
    }, 10_000);
    try {
      while (!this.has(want)) {
        if (this.#failed) throw this.#failed;
        await new Promise<void>((resolve) => this.#waiters.push(resolve));
      }
    } finally {
      clearTimeout(deadline);
    }
  }

  async end(): Promise<void> {
    this.send({ end: true });
    await new Promise((resolve) => this.#worker.once('exit', resolve));
  }
}

/** Turns of the event loop until `check` holds; fails after `ms` (only a broken build waits that long). */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`never: ${what}`);
    await turnOfLoop();
  }
}

describe('write turn between the serving thread and the engine thread [sqlite]', () => {
  let file: string;
  let store: Store;
  const rows = async () =>
    (await sql<{ id: string }>`select id from turns order by id`.execute(store.db)).rows.map((r) => r.id);

  before(async () => {
    assert.equal(waitingWriters(), 0, 'nothing is counted before a turn is shared');
    new LockWait().refused(); // outside a shared turn: not counted
    assert.equal(waitingWriters(), 0);
    file = join(mkdtempSync(join(tmpdir(), 'omnigate-turn-')), 'turn.db');
    store = await openStore(`sqlite:${file}`);
    await sql`create table turns (id text primary key)`.execute(store.db);
  });
  after(async () => {
    await store.close();
  });

  /** A test with the engine's side joined at `yieldMs`; the wait, the thread and the rows end with it. */
  async function withEngine(yieldMs: number, run: (engine: EngineSide, waiting: LockWait) => Promise<void>) {
    const engine = new EngineSide(file, shareWriteTurn(), yieldMs);
    const waiting = new LockWait();
    try {
      await engine.said('ready');
      await run(engine, waiting);
    } finally {
      waiting.end();
      await engine.end();
      await sql`delete from turns`.execute(store.db);
    }
  }

  test('a serving statement refused the lock counts as waiting until it ends', () =>
    withEngine(20, async (engine) => {
      engine.send({ hold: true });
      await engine.said('holding');
      const write = sql`insert into turns (id) values ('serving')`.execute(store.db);
      await until(() => waitingWriters() === 1, 'the refused insert is counted');
      engine.send({ release: true });
      await write;
      assert.equal(waitingWriters(), 0, 'counted no longer once written');
      assert.deepEqual(await rows(), ['held', 'serving']);
    }));

  // A yield bound longer than the test: only the end of the wait lets the engine's write go.
  test('the engine thread begins no transaction while a serving writer waits, and then goes', () =>
    withEngine(600_000, async (engine, waiting) => {
      waiting.refused();
      engine.send({ write: 'engine' });
      // Without the turn the engine's insert lands within milliseconds; a tenth of a second of
      // real time shows it does not (a pause that can only miss a fault, never make one up).
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(engine.has({ wrote: 'engine' }), false);
      assert.deepEqual(await rows(), []);
      waiting.end();
      await engine.said({ wrote: 'engine' });
      assert.deepEqual(await rows(), ['engine']);
    }));

  test('the engine thread yields for its bound at most: a writer that never ends cannot starve it', () =>
    withEngine(50, async (engine, waiting) => {
      waiting.refused();
      const sent = performance.now();
      engine.send({ write: 'bounded' });
      await engine.said({ wrote: 'bounded' });
      // It did wait, for its bound: a write that never yields lands within a few milliseconds.
      assert.ok(performance.now() - sent >= 50, `wrote after ${performance.now() - sent} ms`);
      assert.equal(waitingWriters(), 1, 'the writer still counts');
      assert.deepEqual(await rows(), ['bounded']);
    }));
});
