import assert from 'node:assert/strict';
import { afterEach, before, beforeEach, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { ManualClock } from '../../src/clock.ts';
import { type EngineEventMap, EventBus } from '../../src/engine/events.ts';
import { handles, JobRunner } from '../../src/engine/runner.ts';
import type { Store } from '../../src/store/db/database.ts';
import { transact } from '../../src/store/db/work-signal.ts';
import { defineJob } from '../../src/store/jobs/job-kind.ts';
import { enqueueJobs, moveJob } from '../../src/store/jobs/jobs.ts';
import { describeEachDb } from '../helpers/db.ts';
import { deferred, LEASE, LIMIT, recordEvents, T0, within } from './runner-helpers.ts';

const GREET = defineJob(
  'test.greet',
  Type.Object({ name: Type.String({ minLength: 1 }), times: Type.Integer({ minimum: 1 }) }),
  { maxAttempts: 5 },
);

describeEachDb('job kinds: typed payloads, and lanes woken by the commit', (db) => {
  let store: Store;
  let clock: ManualClock;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    store = await db.openStore();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('jobs').execute();
    clock = new ManualClock(T0);
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  /** A runner woken only by what the store tells it: its poll (a minute) never comes in a test. */
  function start(run: (payload: { name: string; times: number }) => void) {
    const events = new EventBus<EngineEventMap>();
    const log = recordEvents(events);
    const runner = new JobRunner({
      store,
      clock,
      events,
      handlers: new Map([
        handles(GREET, async (payload) => {
          run(payload);
          return undefined;
        }),
      ]),
      leaseMs: LEASE,
      pollMs: 60_000,
    });
    const unlisten = store.work.on((kinds) => runner.nudge(kinds));
    runner.start();
    stops.push(async () => {
      unlisten();
      await runner.stop(0);
    });
    return { runner, log };
  }

  test(
    'a job made by its kind reaches the handler with its payload; the commit wakes the lane',
    LIMIT,
    async () => {
      const ran = deferred<{ name: string; times: number }>();
      const { runner, log } = start((p) => ran.resolve(p));
      await within('idle', runner.whenIdle());
      await transact(store, (tx) =>
        enqueueJobs(tx, [GREET.job({ name: 'kim', times: 2 }, { runAt: T0 })], T0),
      );
      // No wake() here, no clock move and no poll: only the commit's signal can have started it.
      assert.deepEqual(await within('the job to run', ran.promise), { name: 'kim', times: 2 });
      assert.equal(log.dead.length, 0);
    },
  );

  test('a moved job is run once its move is committed', LIMIT, async () => {
    const ran = deferred<{ name: string; times: number }>();
    const { runner } = start((p) => ran.resolve(p));
    await enqueueJobs(
      store.db,
      [GREET.job({ name: 'lee', times: 1 }, { runAt: T0 + 3_600_000, dedupeKey: 'greet:lee' })],
      T0,
    );
    await within('idle', runner.whenIdle());
    await transact(store, async (tx) => assert.ok(await moveJob(tx, 'greet:lee', T0)));
    assert.deepEqual(await within('the moved job to run', ran.promise), { name: 'lee', times: 1 });
  });

  test(
    'a payload that does not fit its kind ends the job dead at once, saying which field',
    LIMIT,
    async () => {
      let runs = 0;
      const { runner, log } = start(() => {
        runs += 1;
      });
      // Written as another version (or a hand) might: the kind's name with a payload of another shape.
      await enqueueJobs(
        store.db,
        [{ kind: GREET.kind, payload: { name: 'park', times: 'twice' }, runAt: T0 }],
        T0,
      );
      await within('idle', runner.whenIdle());
      assert.equal(runs, 0, 'the handler never saw the payload');
      assert.equal(log.dead.length, 1, 'dead on its first attempt, not after five');
      assert.equal(log.dead[0]?.attempts, 1);
      assert.match(log.dead[0]?.error ?? '', /malformed test\.greet payload \(\/times: /);
      const row = await store.db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'last_error'])
        .executeTakeFirst();
      assert.equal(row?.state, 'dead');
      assert.equal(row?.attempts, 1);
    },
  );
});
