import assert from 'node:assert/strict';
import { afterEach, before, beforeEach, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Selectable } from 'kysely';
import { ManualClock } from '../../src/clock.ts';
import { backoffMs } from '../../src/engine/backoff.ts';
import { type EngineEventMap, type EngineEvents, EventBus } from '../../src/engine/events.ts';
import {
  type JobHandler,
  JobRunner,
  type Reschedule,
  RetryAt,
  type RunnerOptions,
} from '../../src/engine/runner.ts';
import type { Store } from '../../src/store/db/database.ts';
import {
  ABANDONED_ERROR,
  type ClaimedJob,
  claimJobs,
  enqueueJobs,
  type NewJob,
} from '../../src/store/jobs/jobs.ts';
import type { JobsTable } from '../../src/store/schema/schema.ts';
import { describeEachDb } from '../helpers/db.ts';
import {
  type Deferred,
  deferred,
  type EventLog,
  LEASE,
  LIMIT,
  recordEvents,
  T0,
  waitFor,
  within,
} from './runner-helpers.ts';

describeEachDb('job runner', (db) => {
  let store: Store;
  let clock: ManualClock;
  const runners: JobRunner[] = [];

  before(async () => {
    store = await db.openStore();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('jobs').execute();
    clock = new ManualClock(T0);
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop(0);
  });

  function makeRunner(
    handlers: Record<string, JobHandler>,
    options: Partial<Omit<RunnerOptions, 'store' | 'clock' | 'events' | 'handlers'>> = {},
  ): { runner: JobRunner; log: EventLog } {
    const events: EngineEvents = new EventBus<EngineEventMap>();
    const log = recordEvents(events);
    const runner = new JobRunner({
      store,
      clock,
      events,
      handlers: new Map(Object.entries(handlers)),
      leaseMs: LEASE,
      // Only wakes move these runners (clock moves, whenIdle, finished jobs): no poll can hide a
      // missing wake-up behind a lucky timer.
      pollMs: 60_000,
      ...options,
    });
    runners.push(runner);
    return { runner, log };
  }

  /** A handler that records every run of every job. */
  function recorder(outcome?: (run: number) => Reschedule | undefined): {
    handler: JobHandler;
    runs: ClaimedJob[];
    count: (id: number) => number;
  } {
    const runs: ClaimedJob[] = [];
    return {
      runs,
      count: (id) => runs.filter((j) => j.id === id).length,
      handler: async (job) => {
        runs.push(job);
        return outcome?.(runs.filter((j) => j.id === job.id).length);
      },
    };
  }

  async function enqueue(list: NewJob[]): Promise<number[]> {
    const before = await store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    await enqueueJobs(store.db, list, clock.now());
    const rows = await store.db
      .selectFrom('jobs')
      .select('id')
      .where('id', '>', Number(before?.m ?? 0))
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  function row(id: number): Promise<Selectable<JobsTable> | undefined> {
    return store.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function jobCount(): Promise<number> {
    const r = await store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  test('a job scheduled for later runs once the clock reaches its run_at, not before', LIMIT, async () => {
    const rec = recorder();
    const { runner } = makeRunner({ 'test.a': rec.handler });
    const [id] = await enqueue([{ kind: 'test.a', payload: {}, runAt: T0 + 60_000 }]);
    assert.ok(id);
    runner.start();
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 0);
    clock.advance(59_999);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 0, 'one millisecond early is early');
    clock.set(T0 + 60_000);
    await within('idle', runner.whenIdle());
    assert.equal(rec.count(id), 1);
    assert.equal(await row(id), undefined, 'done jobs are deleted');
    clock.advance(3_600_000);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 1, 'and it runs once');
  });

  test('jobs of a dead worker are taken over when its lease ends, not before', LIMIT, async () => {
    const ids = await enqueue(
      Array.from({ length: 5 }, (_, i) => ({ kind: 'test.a', payload: { i }, runAt: T0 })),
    );
    const dead = await claimJobs(store, ['test.a'], 'dead-worker', T0, T0 + LEASE, 10);
    assert.equal(dead.length, 5);
    const rec = recorder();
    const { runner, log } = makeRunner({ 'test.a': rec.handler }, { workerId: 'survivor' });
    runner.start();
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 0, 'leased jobs are not run by another worker');
    clock.advance(LEASE - 1);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 0, 'not one millisecond before the lease ends');
    clock.advance(1);
    await within('idle', runner.whenIdle());
    assert.deepEqual(
      rec.runs.map((j) => j.id).sort((a, b) => a - b),
      ids,
    );
    for (const j of rec.runs) assert.equal(j.attempts, 2, 'the attempt that died with its worker counts');
    assert.equal(await jobCount(), 0);
    assert.equal(log.completed.length, 5);
    clock.advance(10 * LEASE);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 5, 'each ran exactly once');
  });

  test('a runner restarted under the same worker id takes over what its old self left', LIMIT, async () => {
    const [id] = await enqueue([{ kind: 'test.a', payload: {}, runAt: T0 }]);
    assert.ok(id);
    await claimJobs(store, ['test.a'], 'host-1', T0, T0 + LEASE, 10);
    const rec = recorder();
    const { runner } = makeRunner({ 'test.a': rec.handler }, { workerId: 'host-1' });
    runner.start();
    clock.advance(LEASE);
    await within('idle', runner.whenIdle());
    assert.equal(rec.count(id), 1);
    assert.equal(await row(id), undefined);
  });

  test(
    'a failing job is retried after backoffMs(attempts) and is dead after max_attempts',
    LIMIT,
    async () => {
      let calls = 0;
      const { runner, log } = makeRunner({
        'test.fail': async () => {
          calls++;
          throw new Error(`boom ${calls}`);
        },
      });
      const [id] = await enqueue([{ kind: 'test.fail', payload: {}, runAt: T0, maxAttempts: 3 }]);
      assert.ok(id);
      runner.start();
      await within('idle', runner.whenIdle());
      assert.equal(calls, 1);
      let r = await row(id);
      assert.equal(r?.attempts, 1);
      assert.equal(r?.state, 'ready');
      assert.equal(Number(r?.run_at), T0 + backoffMs(1));
      assert.equal(backoffMs(1), 1000, 'first retry after a second');
      assert.equal(r?.last_error, 'boom 1');
      assert.equal(r?.locked_by, null);
      assert.deepEqual(log.failed, [
        { kind: 'test.fail', id, attempts: 1, error: 'boom 1', retryAt: T0 + 1000 },
      ]);

      clock.advance(999);
      await within('idle', runner.whenIdle());
      assert.equal(calls, 1, 'not retried before its time');
      clock.advance(1);
      await within('idle', runner.whenIdle());
      assert.equal(calls, 2);
      r = await row(id);
      assert.equal(r?.attempts, 2);
      assert.equal(Number(r?.run_at), T0 + 1000 + backoffMs(2));
      assert.equal(backoffMs(2), 2000, 'the delay doubles');
      assert.equal(r?.last_error, 'boom 2');

      clock.set(T0 + 3000);
      await within('idle', runner.whenIdle());
      assert.equal(calls, 3);
      r = await row(id);
      assert.equal(r?.state, 'dead');
      assert.equal(r?.attempts, 3);
      assert.equal(r?.last_error, 'boom 3');
      assert.deepEqual(log.dead, [{ kind: 'test.fail', id, attempts: 3, error: 'boom 3' }]);
      assert.equal(log.failed.length, 2);

      clock.advance(86_400_000);
      await within('idle', runner.whenIdle());
      assert.equal(calls, 3, 'a dead job is never claimed again');
    },
  );

  test('backoff doubles from one second and stops growing at one hour', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 10].map((n) => backoffMs(n)),
      [1000, 2000, 4000, 8000, 512_000],
    );
    assert.equal(backoffMs(0), 1000, 'attempt 0 is treated as the first');
    assert.equal(backoffMs(13), 3_600_000);
    assert.equal(backoffMs(25), 3_600_000);
    assert.equal(backoffMs(10_000), 3_600_000, 'no overflow on absurd attempt counts');
  });

  test('RetryAt sets the exact time of the next attempt', LIMIT, async () => {
    let calls = 0;
    const { runner, log } = makeRunner({
      'test.retry': async () => {
        calls++;
        if (calls === 1) throw new RetryAt('carrier busy', T0 + 12_345);
        return undefined;
      },
    });
    const [id] = await enqueue([{ kind: 'test.retry', payload: {}, runAt: T0 }]);
    assert.ok(id);
    runner.start();
    await within('idle', runner.whenIdle());
    const r = await row(id);
    assert.equal(Number(r?.run_at), T0 + 12_345);
    assert.equal(r?.attempts, 1);
    assert.equal(r?.last_error, 'carrier busy');
    assert.equal(log.failed[0]?.retryAt, T0 + 12_345);
    clock.set(T0 + 12_344);
    await within('idle', runner.whenIdle());
    assert.equal(calls, 1);
    clock.set(T0 + 12_345);
    await within('idle', runner.whenIdle());
    assert.equal(calls, 2);
    assert.equal(await row(id), undefined);
  });

  test('a reschedule moves run_at and resets attempts without counting a failure', LIMIT, async () => {
    // maxAttempts 1: were a reschedule counted as a failure, the job would die at the first one.
    const rec = recorder((run) =>
      run <= 3 ? { rescheduleAt: clock.now() + 5000, payload: { step: run + 1 } } : undefined,
    );
    const { runner, log } = makeRunner({ 'test.later': rec.handler });
    const [id] = await enqueue([{ kind: 'test.later', payload: { step: 1 }, runAt: T0, maxAttempts: 1 }]);
    assert.ok(id);
    runner.start();
    await within('idle', runner.whenIdle());
    const r = await row(id);
    assert.equal(r?.attempts, 0);
    assert.equal(r?.state, 'ready');
    assert.equal(r?.last_error, null);
    assert.equal(Number(r?.run_at), T0 + 5000);
    assert.deepEqual(log.rescheduled, [{ kind: 'test.later', id, runAt: T0 + 5000 }]);
    assert.equal(log.failed.length, 0);

    clock.advance(4999);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 1, 'not before the new run_at');
    for (let i = 0; i < 3; i++) {
      clock.set(Number((await row(id))?.run_at));
      await within('idle', runner.whenIdle());
    }
    assert.deepEqual(
      rec.runs.map((j) => [j.payload.step, j.attempts]),
      [
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 1],
      ],
    );
    assert.equal(await row(id), undefined, 'completed on the fourth run');
    assert.equal(log.dead.length, 0);
  });

  test('a dedupe key admits one job while it exists; usable again once the job ran', LIMIT, async () => {
    const rec = recorder();
    const { runner } = makeRunner({ 'test.tick': rec.handler });
    const tick: NewJob = {
      kind: 'test.tick',
      payload: {},
      runAt: T0 + 60_000,
      dedupeKey: 'tick:2030-01-01T00:01',
    };
    // Two instances fire the same scheduled work: only one job results.
    assert.equal(await enqueueJobs(store.db, [tick], T0), 1);
    assert.equal(await enqueueJobs(store.db, [tick], T0), 0);
    runner.start();
    clock.advance(60_000);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 1);
    assert.equal(await enqueueJobs(store.db, [tick], clock.now()), 1, 'the key is free once its job is done');
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 2);
  });

  test('claims go in batches of batchSize', LIMIT, async () => {
    const rec = recorder();
    const { runner, log } = makeRunner({ 'test.a': rec.handler }, { batchSize: 4 });
    await enqueue(Array.from({ length: 10 }, (_, i) => ({ kind: 'test.a', payload: { i }, runAt: T0 })));
    runner.start();
    await within('idle', runner.whenIdle());
    assert.deepEqual(
      log.claimed.map((e) => e.count),
      [4, 4, 2],
    );
    assert.equal(rec.runs.length, 10);
  });

  test('no more jobs run at once than `concurrency`, and all of them run', LIMIT, async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    const { runner } = makeRunner(
      {
        'test.a': async () => {
          running++;
          most = Math.max(most, running);
          // Simulated I/O: the handler yields so that others could start if the runner let them.
          await delay(1);
          running--;
          done++;
          return undefined;
        },
      },
      { concurrency: 3 },
    );
    await enqueue(Array.from({ length: 20 }, (_, i) => ({ kind: 'test.a', payload: { i }, runAt: T0 })));
    runner.start();
    await within('idle', runner.whenIdle());
    assert.equal(done, 20);
    assert.equal(most, 3);
    assert.equal(runner.inflight, 0);
  });

  test(
    'stop() completes jobs that finish in the grace time and hands the rest back at once',
    LIMIT,
    async () => {
      const gates = new Map<string, Deferred<undefined>>();
      const bothStarted = deferred();
      const { runner, log } = makeRunner(
        {
          'test.block': async (job) => {
            const gate = deferred<undefined>();
            gates.set(String(job.payload.name), gate);
            if (gates.size === 2) bothStarted.resolve();
            return gate.promise;
          },
        },
        { workerId: 'stopping' },
      );
      const [quick, stuck] = await enqueue([
        { kind: 'test.block', payload: { name: 'quick' }, runAt: T0 },
        { kind: 'test.block', payload: { name: 'stuck' }, runAt: T0 },
      ]);
      assert.ok(quick && stuck);
      runner.start();
      await within('both jobs to start', bothStarted.promise);
      assert.equal(runner.inflight, 2);

      const stopping = runner.stop(500);
      assert.equal(runner.stop(500), stopping, 'a second stop() joins the first');
      gates.get('quick')?.resolve(undefined);
      await within('stop', stopping);
      assert.equal(await row(quick), undefined, 'finished during the grace time: completed');
      assert.deepEqual(
        log.completed.map((e) => e.id),
        [quick],
      );
      const r = await row(stuck);
      assert.equal(r?.locked_by, null);
      assert.equal(r?.locked_until, null);
      assert.equal(r?.attempts, 0, 'the interrupted attempt is not counted');
      assert.equal(r?.state, 'ready');
      await within('stop again', runner.stop());
      await within('whenIdle after stop', runner.whenIdle());

      // Another runner takes the handed-back job at once: no lease to wait out, the clock stands still.
      const rec = recorder();
      const other = makeRunner({ 'test.block': rec.handler });
      other.runner.start();
      await within('idle', other.runner.whenIdle());
      assert.equal(rec.count(stuck), 1);
      assert.equal(rec.runs[0]?.attempts, 1);
      assert.equal(await row(stuck), undefined);

      // The first runner's handler finishing late must not count as a completion of its own.
      gates.get('stuck')?.resolve(undefined);
      await waitFor('the late finish to be reported', () => log.lost.length === 1);
      assert.deepEqual(log.lost, [{ kind: 'test.block', id: stuck }]);
      assert.equal(log.completed.length, 1);
    },
  );

  test('stop() before start() and start() after stop() do nothing', LIMIT, async () => {
    const rec = recorder();
    const { runner } = makeRunner({ 'test.a': rec.handler });
    await enqueue([{ kind: 'test.a', payload: {}, runAt: T0 }]);
    await within('stop', runner.stop(0));
    runner.start();
    await within('whenIdle', runner.whenIdle());
    assert.equal(rec.runs.length, 0);
    assert.equal(await jobCount(), 1);
  });

  test('a running job keeps its lease: the heartbeat extends it on the gateway clock', LIMIT, async () => {
    // leaseMs 600 makes the heartbeat tick every 250 ms of real time (its floor).
    const gate = deferred<undefined>();
    const started = deferred();
    const { runner } = makeRunner(
      {
        'test.long': async () => {
          started.resolve();
          return gate.promise;
        },
      },
      { leaseMs: 600, workerId: 'long' },
    );
    const [id] = await enqueue([{ kind: 'test.long', payload: {}, runAt: T0 }]);
    assert.ok(id);
    runner.start();
    await within('the job to start', started.promise);
    assert.equal(Number((await row(id))?.locked_until), T0 + 600);

    clock.advance(400);
    await waitFor('the lease to be renewed', async () => Number((await row(id))?.locked_until) === T0 + 1000);
    assert.deepEqual(
      await claimJobs(store, ['test.long'], 'other', T0 + 700, T0 + 10_000, 10),
      [],
      'past the first lease, the job is still held',
    );
    gate.resolve(undefined);
    await within('idle', runner.whenIdle());
    assert.equal(await row(id), undefined);
  });

  /**
   * A runner whose test.a jobs stay running until `gate` opens, except those with `probe` in their
   * payload, which end at once (`probeRan`); `stuck` is a job it has started, `runs` counts its starts.
   */
  async function stuckJob() {
    const gate = deferred<undefined>();
    const probeRan = deferred();
    let runs = 0;
    const { runner } = makeRunner({
      'test.a': async (job) => {
        if (job.payload.probe) {
          probeRan.resolve();
          return undefined;
        }
        runs++;
        return gate.promise;
      },
    });
    const [stuck] = await enqueue([{ kind: 'test.a', payload: {}, runAt: T0 }]);
    assert.ok(stuck);
    runner.start();
    await waitFor('the job to start', () => runs === 1);
    return { runner, gate, probeRan, stuck, runs: () => runs };
  }

  test(
    'a clock jump past a running job’s lease does not start it again in the same runner',
    LIMIT,
    async () => {
      const { runner, gate, probeRan, stuck, runs } = await stuckJob();
      await enqueue([{ kind: 'test.a', payload: { probe: true }, runAt: T0 + 2 * LEASE }]);
      // The claim that takes the probe would take the older, expired job first, were it not excluded.
      clock.advance(2 * LEASE);
      await within('the probe to run', probeRan.promise);
      assert.equal(runs(), 1);
      gate.resolve(undefined);
      await within('idle', runner.whenIdle());
      assert.equal(runs(), 1);
      assert.equal(await row(stuck), undefined);
    },
  );

  test(
    'a running job a redelivery freed after its lease ran out is not started again here',
    LIMIT,
    async () => {
      const { runner, gate, probeRan, stuck, runs } = await stuckJob();
      await enqueue([{ kind: 'test.a', payload: { probe: true }, runAt: T0 + 2 * LEASE }]);
      // What restartReportDelivery does to a job whose lease ran out: free, and due as if new (at
      // the time the clock then moves to, beside the probe, which comes after it).
      await store.db
        .updateTable('jobs')
        .set({ state: 'ready', attempts: 0, run_at: T0 + 2 * LEASE, locked_by: null, locked_until: null })
        .where('id', '=', stuck)
        .execute();
      clock.advance(2 * LEASE);
      await within('the probe to run', probeRan.promise);
      assert.equal(runs(), 1, 'the freed job is older than the probe, and still running here');
      gate.resolve(undefined);
      await within('idle', runner.whenIdle());
      // Then once more, after it ended (its completion found the lease gone): the redelivery asked.
      assert.equal(runs(), 2);
      assert.equal(await row(stuck), undefined);
    },
  );

  test('a job whose worker died on its last attempt becomes dead, without running again', LIMIT, async () => {
    const [id] = await enqueue([{ kind: 'test.poison', payload: {}, runAt: T0, maxAttempts: 1 }]);
    assert.ok(id);
    await claimJobs(store, ['test.poison'], 'crashed', T0, T0 + LEASE, 10);
    const rec = recorder();
    // leaseMs 600: the heartbeat that buries such jobs ticks every 250 ms of real time.
    const { runner, log } = makeRunner({ 'test.poison': rec.handler }, { leaseMs: 600 });
    runner.start();
    clock.advance(LEASE);
    await waitFor('the job to be declared dead', () => log.dead.length === 1);
    assert.deepEqual(log.dead, [{ kind: 'test.poison', id, attempts: 1, error: ABANDONED_ERROR }]);
    const r = await row(id);
    assert.equal(r?.state, 'dead');
    assert.equal(r?.locked_by, null);
    await within('idle', runner.whenIdle());
    assert.equal(rec.runs.length, 0);
  });

  const jobs = (n: number, kind: string): NewJob[] =>
    Array.from({ length: n }, (_, i) => ({ kind, payload: { n: i }, runAt: T0 }));

  test('a lane kept busy by a stream of short jobs does not hide due work of another lane', {
    timeout: 90_000,
  }, async () => {
    let aDone = 0;
    let aDoneWhenB = -1;
    const hold = deferred();
    const { runner } = makeRunner(
      {
        // Holds a slot of the busy lane throughout: something always runs.
        'test.hold': async () => {
          await hold.promise;
          return undefined;
        },
        'test.a': async () => {
          await new Promise((r) => setImmediate(r));
          aDone += 1;
          return undefined;
        },
        'test.b': async () => {
          aDoneWhenB = aDone;
          return undefined;
        },
      },
      // A short poll: jobs of test.a end far more often than it, and each wakes its own lane.
      { pollMs: 20, lanes: [{ kinds: ['test.hold', 'test.a'], concurrency: 8 }] },
    );
    await enqueueJobs(store.db, jobs(1, 'test.hold'), T0 - 1);
    await enqueueJobs(store.db, jobs(3000, 'test.a'), T0);
    runner.start();
    await waitFor('test.a under way', () => aDone > 0);
    // Enqueued with no wake-up here, as by another instance: only a look at every lane finds it.
    await enqueueJobs(store.db, jobs(1, 'test.b'), T0);
    await waitFor('test.b', () => aDoneWhenB >= 0, 15_000);
    hold.resolve();
    // What is left of the 3000 jobs runs out first: a hang guard, generous for a loaded machine
    // (the assertion is about the order above, not about how fast the rest goes).
    await within('idle', runner.whenIdle(), 60_000);
    assert.ok(aDoneWhenB < 3000, `test.b ran only after the ${aDoneWhenB} jobs of the busy lane`);
  });

  test('slow jobs holding most of a lane leave its free room to a job woken in', LIMIT, async () => {
    const release = deferred();
    const started: number[] = [];
    const quick = deferred();
    const { runner } = makeRunner(
      {
        'test.slow': async (job) => {
          started.push(job.id);
          await release.promise;
          return undefined;
        },
        'test.quick': async () => {
          quick.resolve();
          return undefined;
        },
      },
      { concurrency: 8 },
    );
    await enqueueJobs(store.db, jobs(7, 'test.slow'), T0);
    runner.start();
    await waitFor('the slow jobs running', () => started.length === 7);
    // One slot free of eight: less than a batch, but a wake-up claims what room there is.
    await enqueueJobs(store.db, jobs(1, 'test.quick'), T0);
    runner.wake();
    await within('the quick job, while the slow ones hold their slots', quick.promise);
    release.resolve();
    await within('idle', runner.whenIdle());
  });
});

describeEachDb('job runner: work added wakes the lanes that run it', (db) => {
  let store: Store;
  before(async () => {
    store = await db.openStore();
  });

  test(
    'nudge(kinds) claims in the lanes of those kinds only; wake() looks at every lane',
    LIMIT,
    async () => {
      await store.db.deleteFrom('jobs').execute();
      const ran: string[] = [];
      const otherStarted = deferred();
      const hold = deferred();
      const runner = new JobRunner({
        store,
        clock: new ManualClock(T0),
        events: new EventBus<EngineEventMap>(),
        handlers: new Map<string, JobHandler>([
          [
            'test.lane',
            async () => {
              ran.push('test.lane');
              return undefined;
            },
          ],
          [
            'test.other',
            async () => {
              ran.push('test.other');
              otherStarted.resolve();
              await hold.promise;
              return undefined;
            },
          ],
        ]),
        concurrency: 4,
        batchSize: 50,
        leaseMs: LEASE,
        // No poll in the test's time: only wake-ups and nudges make rounds.
        pollMs: 60_000,
        // test.lane's lane comes first in a round, test.other is in the lane of the rest.
        lanes: [{ kinds: ['test.lane'], concurrency: 4 }],
      });
      try {
        runner.start();
        await within('the first round', runner.whenIdle());
        // Both due, as another instance would leave them; this runner hears of test.other only.
        await enqueueJobs(store.db, [job('test.lane'), job('test.other')], T0);
        runner.nudge(['test.other']);
        await within('test.other', otherStarted.promise);
        // That round passed test.lane's lane first and left it alone: nothing ran was named there.
        assert.deepEqual(ran, ['test.other']);
        assert.equal(await lockedCount(store, 'test.lane'), 0);
        hold.resolve();
        // A wake-up (a clock move, a test waiting for idle) looks at every lane.
        await within('idle', runner.whenIdle());
        assert.deepEqual(ran, ['test.other', 'test.lane']);
      } finally {
        hold.resolve();
        await runner.stop(0);
      }
    },
  );
});

function job(kind: string): NewJob {
  return { kind, payload: {}, runAt: T0 };
}

async function lockedCount(store: Store, kind: string): Promise<number> {
  const rows = await store.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('locked_by', 'is not', null)
    .execute();
  return rows.length;
}
