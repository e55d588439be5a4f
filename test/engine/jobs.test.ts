import assert from 'node:assert/strict';
import { before, beforeEach, test } from 'node:test';
import type { Selectable } from 'kysely';
import type { Store } from '../../src/store/db/database.ts';
import { transact } from '../../src/store/db/work-signal.ts';
import {
  ABANDONED_ERROR,
  buryAbandonedJobs,
  claimJobs,
  completeJob,
  enqueueJobs,
  extendLeases,
  failJob,
  moveJob,
  type NewJob,
  nextDueAt,
  releaseJobs,
  rescheduleJob,
} from '../../src/store/jobs/jobs.ts';
import type { JobsTable } from '../../src/store/schema/schema.ts';
import { describeEachDb } from '../helpers/db.ts';

const T0 = Date.UTC(2030, 0, 1, 0, 0, 0);
const LEASE = 30_000;

function jobs(n: number, kind = 'test.a', runAt = T0): NewJob[] {
  return Array.from({ length: n }, (_, i) => ({ kind, payload: { n: i }, runAt }));
}

describeEachDb('durable jobs (store)', (db) => {
  let store: Store;

  before(async () => {
    store = await db.openStore();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('jobs').execute();
  });

  function row(id: number): Promise<Selectable<JobsTable> | undefined> {
    return store.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async function allIds(): Promise<number[]> {
    const rows = await store.db.selectFrom('jobs').select('id').orderBy('id').execute();
    return rows.map((r) => Number(r.id));
  }

  test('enqueue stores a ready job with its payload and no lease', async () => {
    assert.equal(
      await enqueueJobs(
        store.db,
        [{ kind: 'test.a', payload: { messageId: 7 }, runAt: T0, maxAttempts: 3 }],
        T0,
      ),
      1,
    );
    const [id] = await allIds();
    const r = await row(id ?? -1);
    assert.ok(r);
    assert.equal(r.state, 'ready');
    assert.equal(r.attempts, 0);
    assert.equal(r.max_attempts, 3);
    assert.equal(Number(r.run_at), T0);
    assert.equal(r.locked_by, null);
    assert.deepEqual(JSON.parse(r.payload), { messageId: 7 });
  });

  test('a transaction that rolls back takes its jobs with it (transactional outbox)', async () => {
    await assert.rejects(
      transact(store, async (trx) => {
        await enqueueJobs(trx, jobs(3), T0);
        throw new Error('the send failed after the jobs were written');
      }),
    );
    assert.deepEqual(await allIds(), []);
    await transact(store, (trx) => enqueueJobs(trx, jobs(2), T0));
    assert.equal((await allIds()).length, 2);
  });

  test('the lanes of added or moved jobs are told once the jobs are committed, never before nor on a rollback', async () => {
    const told: string[][] = [];
    const stop = store.work.on((kinds) => told.push([...kinds].sort()));
    try {
      // Outside a transaction: told as soon as the insert is done.
      await enqueueJobs(store.db, jobs(1, 'test.a'), T0);
      assert.deepEqual(told, [['test.a']]);
      told.length = 0;
      // Inside one: nothing until the commit, then every kind it added (and the moved job's).
      await transact(store, async (trx) => {
        await enqueueJobs(trx, [...jobs(2, 'test.b'), ...jobs(1, 'test.c')], T0);
        await enqueueJobs(trx, [{ kind: 'test.d', payload: {}, runAt: T0 + 60_000, dedupeKey: 'd' }], T0);
        assert.ok(await moveJob(trx, 'd', T0));
        assert.deepEqual(told, [], 'told before the commit');
      });
      assert.deepEqual(told, [['test.b', 'test.c', 'test.d']]);
      told.length = 0;
      await assert.rejects(
        transact(store, async (trx) => {
          await enqueueJobs(trx, jobs(1, 'test.e'), T0);
          throw new Error('rolled back');
        }),
      );
      // A dedupe key already there adds nothing, and nothing is told.
      await enqueueJobs(store.db, [{ kind: 'test.d', payload: {}, runAt: T0, dedupeKey: 'd' }], T0);
      assert.deepEqual(told, []);
    } finally {
      stop();
    }
  });

  test('jobs added in a transaction not begun by transact() are refused: nobody would wake their lane', async () => {
    await assert.rejects(
      store.db.transaction().execute((trx) => enqueueJobs(trx, jobs(1), T0)),
      /not begun by transact/,
    );
    assert.deepEqual(await allIds(), [], 'the refusal rolled the transaction back');
  });

  test('a large enqueue (past one statement’s parameter limit) adds every job, all or none', async () => {
    const many: NewJob[] = Array.from({ length: 10_000 }, (_, i) => ({
      kind: 'test.a',
      payload: { n: i },
      runAt: T0,
      // The same key in the first and the last statement: one of them is added.
      ...(i === 0 || i === 9_999 ? { dedupeKey: 'once' } : {}),
    }));
    assert.equal(await enqueueJobs(store.db, many, T0), 9_999);
    assert.equal((await allIds()).length, 9_999);
    await store.db.deleteFrom('jobs').execute();
    const broken = [
      ...many.slice(0, 5_000),
      { kind: 'test.a', payload: {}, runAt: Number.NaN },
      ...many.slice(5_000),
    ];
    await assert.rejects(enqueueJobs(store.db, broken, T0));
    assert.deepEqual(await allIds(), [], 'the statements before the failing one were rolled back');
  });

  test('a claim takes at most `limit` due jobs, oldest run_at first, and leases them', async () => {
    // Inserted newest first, so ids and run_at disagree: the order must follow run_at.
    await enqueueJobs(
      store.db,
      Array.from({ length: 25 }, (_, i) => ({ kind: 'test.a', payload: { n: i }, runAt: T0 - i })),
      T0,
    );
    const first = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.equal(first.length, 10);
    assert.deepEqual(
      first.map((j) => j.payload.n),
      [24, 23, 22, 21, 20, 19, 18, 17, 16, 15],
    );
    for (const j of first) {
      assert.equal(j.attempts, 1, 'a claim counts an attempt');
      const r = await row(j.id);
      assert.equal(r?.locked_by, 'w1');
      assert.equal(Number(r?.locked_until), T0 + LEASE);
    }
    const second = await claimJobs(store, ['test.a'], 'w2', T0, T0 + LEASE, 10);
    const third = await claimJobs(store, ['test.a'], 'w3', T0, T0 + LEASE, 10);
    assert.equal(second.length, 10);
    assert.equal(third.length, 5);
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w4', T0, T0 + LEASE, 10), []);
    const ids = new Set([...first, ...second, ...third].map((j) => j.id));
    assert.equal(ids.size, 25, 'no job claimed twice');
  });

  test('a claim over several kinds takes the oldest of them all, leaving out the running ones', async () => {
    // Many due jobs of a kind not asked for come first; test.a's are all older than test.b's.
    await enqueueJobs(
      store.db,
      [
        ...Array.from({ length: 300 }, (_, i) => ({
          kind: 'test.other',
          payload: { n: i },
          runAt: T0 - 1000,
        })),
        ...Array.from({ length: 6 }, (_, i) => ({ kind: 'test.b', payload: { n: `b${i}` }, runAt: T0 - i })),
        ...Array.from({ length: 6 }, (_, i) => ({
          kind: 'test.a',
          payload: { n: `a${i}` },
          runAt: T0 - 10 - i,
        })),
      ],
      T0,
    );
    const first = await claimJobs(store, ['test.a', 'test.b'], 'w1', T0, T0 + LEASE, 4);
    assert.deepEqual(
      first.map((j) => j.payload.n),
      ['a5', 'a4', 'a3', 'a2'],
    );
    // Their leases run out while the claimer still runs them: they are not taken again, and the
    // next oldest of every kind are, however many running ones stand before them.
    const later = T0 + LEASE + 1;
    const running = first.map((j) => j.id);
    const second = await claimJobs(store, ['test.a', 'test.b'], 'w1', later, later + LEASE, 4, running);
    assert.deepEqual(
      second.map((j) => j.payload.n),
      ['a1', 'a0', 'b5', 'b4'],
    );
  });

  test('a claim takes only the kinds asked for, and nothing for no kinds or no room', async () => {
    await enqueueJobs(store.db, [...jobs(3, 'test.a'), ...jobs(4, 'test.b'), ...jobs(2, 'test.c')], T0);
    assert.deepEqual(await claimJobs(store, [], 'w1', T0, T0 + LEASE, 10), []);
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 0), []);
    const a = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.deepEqual(
      a.map((j) => j.kind),
      ['test.a', 'test.a', 'test.a'],
    );
    const bc = await claimJobs(store, ['test.b', 'test.c', 'test.none'], 'w1', T0, T0 + LEASE, 10);
    assert.deepEqual(bc.map((j) => j.kind).sort(), [
      'test.b',
      'test.b',
      'test.b',
      'test.b',
      'test.c',
      'test.c',
    ]);
  });

  test('a job is not claimed before its run_at, and is at run_at exactly', async () => {
    await enqueueJobs(store.db, jobs(1, 'test.a', T0 + 60_000), T0);
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w1', T0 + 59_999, T0 + LEASE, 10), []);
    assert.equal(await nextDueAt(store, ['test.a']), T0 + 60_000);
    assert.equal(await nextDueAt(store, ['test.b']), null);
    const got = await claimJobs(store, ['test.a'], 'w1', T0 + 60_000, T0 + 60_000 + LEASE, 10);
    assert.equal(got.length, 1);
    assert.equal(await nextDueAt(store, ['test.a']), null, 'a running job is not waiting');
  });

  test('concurrent claims (two stores, like two instances) never return the same job', async () => {
    const other = await db.openStore();
    await enqueueJobs(store.db, jobs(200), T0);
    const seen = new Set<number>();
    for (let round = 0; round < 10 && seen.size < 200; round++) {
      // Eight claims at once over two connection pools: on PostgreSQL they really overlap and
      // SKIP LOCKED must steer each to other rows; on SQLite the single writer serialises them.
      const batches = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          claimJobs(i % 2 === 0 ? store : other, ['test.a'], `w${i}`, T0, T0 + LEASE, 10),
        ),
      );
      for (const b of batches) {
        assert.ok(b.length <= 10, `a claim returned ${b.length} jobs, over its limit`);
        for (const j of b) {
          assert.ok(!seen.has(j.id), `job ${j.id} claimed twice`);
          seen.add(j.id);
        }
      }
    }
    assert.equal(seen.size, 200);
  });

  test('two concurrent claims return disjoint full batches', async () => {
    const other = await db.openStore();
    await enqueueJobs(store.db, jobs(25), T0);
    const [a, b] = await Promise.all([
      claimJobs(store, ['test.a'], 'wa', T0, T0 + LEASE, 10),
      claimJobs(other, ['test.a'], 'wb', T0, T0 + LEASE, 10),
    ]);
    assert.equal(a.length, 10);
    assert.equal(b.length, 10, 'a claim skips rows another claim holds instead of coming back short');
    const ids = new Set([...a, ...b].map((j) => j.id));
    assert.equal(ids.size, 20);
  });

  test('a lease holds the job until it ends; then another worker takes it over', async () => {
    await enqueueJobs(store.db, jobs(1), T0);
    const [mine] = await claimJobs(store, ['test.a'], 'dead', T0, T0 + LEASE, 10);
    assert.ok(mine);
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w2', T0 + LEASE - 1, T0 + 2 * LEASE, 10), []);
    const [taken] = await claimJobs(store, ['test.a'], 'w2', T0 + LEASE, T0 + 2 * LEASE, 10);
    assert.equal(taken?.id, mine.id);
    assert.equal(taken?.attempts, 2, 'the attempt that died with its worker counts');
    assert.equal(await completeJob(store, mine.id, 'dead'), false, 'the old holder lost the job');
    assert.ok(await row(mine.id));
    assert.equal(await completeJob(store, mine.id, 'w2'), true);
    assert.equal(await row(mine.id), undefined, 'a completed job is deleted');
  });

  test('a worker restarted under the same id takes over the jobs its old self left', async () => {
    await enqueueJobs(store.db, jobs(2), T0);
    const left = await claimJobs(store, ['test.a'], 'w-fixed', T0, T0 + LEASE, 10);
    assert.equal(left.length, 2);
    const again = await claimJobs(store, ['test.a'], 'w-fixed', T0 + LEASE, T0 + 2 * LEASE, 10);
    assert.deepEqual(
      again.map((j) => j.id),
      left.map((j) => j.id),
    );
    // ...but never a job it says it is still running (the manual clock can jump past a lease).
    await enqueueJobs(store.db, jobs(1), T0);
    const [fresh] = await claimJobs(store, ['test.a'], 'w-fixed', T0, T0 + LEASE, 10);
    assert.ok(fresh);
    const running = [fresh.id];
    assert.deepEqual(
      await claimJobs(store, ['test.a'], 'w-fixed', T0 + LEASE, T0 + 2 * LEASE, 10, running),
      [],
    );
  });

  test('only the lease holder completes, fails, reschedules or extends a job', async () => {
    await enqueueJobs(store.db, jobs(1), T0);
    const [j] = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.ok(j);
    assert.equal(await completeJob(store, j.id, 'w2'), false);
    assert.equal(await failJob(store, j.id, 'w2', 'x', T0 + 1), 'lost');
    assert.equal(await rescheduleJob(store, j.id, 'w2', T0 + 1), false);
    await extendLeases(store, [j.id], 'w2', T0 + 10 * LEASE);
    await releaseJobs(store, [j.id], 'w2');
    const r = await row(j.id);
    assert.equal(r?.locked_by, 'w1');
    assert.equal(Number(r?.locked_until), T0 + LEASE);
    assert.equal(r?.attempts, 1);
    assert.equal(Number(r?.run_at), T0);

    await extendLeases(store, [j.id], 'w1', T0 + 2 * LEASE);
    assert.equal(Number((await row(j.id))?.locked_until), T0 + 2 * LEASE);
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w2', T0 + LEASE, T0 + 3 * LEASE, 10), []);
  });

  test('a failure keeps the error and waits until retryAt; the last attempt makes the job dead', async () => {
    await enqueueJobs(store.db, [{ kind: 'test.a', payload: {}, runAt: T0, maxAttempts: 2 }], T0);
    const [j1] = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.ok(j1);
    assert.equal(await failJob(store, j1.id, 'w1', 'boom 1', T0 + 1000), 'retry');
    let r = await row(j1.id);
    assert.equal(r?.state, 'ready');
    assert.equal(r?.attempts, 1);
    assert.equal(Number(r?.run_at), T0 + 1000);
    assert.equal(r?.last_error, 'boom 1');
    assert.equal(r?.locked_by, null);
    assert.equal(r?.locked_until, null);
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w1', T0 + 999, T0 + LEASE, 10), []);

    const [j2] = await claimJobs(store, ['test.a'], 'w1', T0 + 1000, T0 + LEASE, 10);
    assert.equal(j2?.attempts, 2);
    assert.equal(await failJob(store, j1.id, 'w1', 'boom 2', T0 + 3000), 'dead');
    r = await row(j1.id);
    assert.equal(r?.state, 'dead');
    assert.equal(r?.last_error, 'boom 2');
    assert.deepEqual(await claimJobs(store, ['test.a'], 'w1', T0 + 86_400_000, T0 + LEASE, 10), []);
    assert.equal(await nextDueAt(store, ['test.a']), null, 'a dead job never becomes due');
  });

  test('an error over 2000 characters is cut, not refused', async () => {
    await enqueueJobs(store.db, jobs(1), T0);
    const [j] = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.ok(j);
    assert.equal(await failJob(store, j.id, 'w1', 'e'.repeat(5000), T0 + 1), 'retry');
    assert.equal((await row(j.id))?.last_error?.length, 2000);
  });

  test('a job whose worker died on its last attempt is not run again', async () => {
    await enqueueJobs(store.db, [{ kind: 'test.a', payload: {}, runAt: T0, maxAttempts: 2 }], T0);
    // Each worker dies while running it (a poison job that crashes its process): no failJob.
    const [a] = await claimJobs(store, ['test.a'], 'crash-1', T0, T0 + LEASE, 10);
    const [b] = await claimJobs(store, ['test.a'], 'crash-2', T0 + LEASE, T0 + 2 * LEASE, 10);
    assert.equal(a?.attempts, 1);
    assert.equal(b?.attempts, 2);
    assert.deepEqual(
      await claimJobs(store, ['test.a'], 'w3', T0 + 2 * LEASE, T0 + 3 * LEASE, 10),
      [],
      'its attempts are used up',
    );
    // A job on its last attempt whose lease still runs, and one with attempts left, stay as they are.
    await enqueueJobs(
      store.db,
      [{ kind: 'test.b', payload: {}, runAt: T0, maxAttempts: 1 }, ...jobs(1, 'test.c')],
      T0,
    );
    const [live] = await claimJobs(store, ['test.b'], 'w4', T0 + 2 * LEASE, T0 + 3 * LEASE, 10);
    const [spare] = await claimJobs(store, ['test.c'], 'crash-3', T0, T0 + LEASE, 10);
    assert.ok(live && spare);

    assert.deepEqual(await buryAbandonedJobs(store, T0 + 2 * LEASE - 1), [], 'its lease has not run out yet');
    assert.deepEqual(await buryAbandonedJobs(store, T0 + 2 * LEASE), [
      { id: b?.id, kind: 'test.a', attempts: 2 },
    ]);
    const r = await row(b?.id ?? -1);
    assert.equal(r?.state, 'dead');
    assert.equal(r?.last_error, ABANDONED_ERROR);
    assert.equal(r?.locked_by, null);
    assert.equal((await row(live.id))?.state, 'ready');
    assert.equal((await row(spare.id))?.state, 'ready');
    assert.deepEqual(await buryAbandonedJobs(store, T0 + 2 * LEASE), [], 'buried once');
  });

  test('a job asked to have no attempts still gets one', async () => {
    await enqueueJobs(store.db, [{ kind: 'test.a', payload: {}, runAt: T0, maxAttempts: 0 }], T0);
    const [j] = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.equal(j?.maxAttempts, 1);
  });

  test('reschedule moves run_at, resets attempts and may replace the payload', async () => {
    await enqueueJobs(store.db, [{ kind: 'test.a', payload: { step: 1 }, runAt: T0, maxAttempts: 1 }], T0);
    const [j] = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    assert.ok(j);
    assert.equal(await rescheduleJob(store, j.id, 'w1', T0 + 5000, { step: 2 }), true);
    const r = await row(j.id);
    assert.equal(r?.attempts, 0);
    assert.equal(r?.state, 'ready');
    assert.equal(Number(r?.run_at), T0 + 5000);
    assert.equal(r?.locked_by, null);
    assert.deepEqual(JSON.parse(r?.payload ?? ''), { step: 2 });
    const [again] = await claimJobs(store, ['test.a'], 'w2', T0 + 5000, T0 + LEASE, 10);
    assert.equal(again?.attempts, 1, 'a rescheduled job is not closer to dying');
    assert.deepEqual(again?.payload, { step: 2 });
    assert.equal(await rescheduleJob(store, j.id, 'w2', T0 + 6000), true);
    assert.deepEqual(
      JSON.parse((await row(j.id))?.payload ?? ''),
      { step: 2 },
      'payload kept when not given',
    );
  });

  test('release hands a job back at once without counting the attempt', async () => {
    await enqueueJobs(store.db, jobs(2), T0);
    const claimed = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    await releaseJobs(
      store,
      claimed.map((j) => j.id),
      'w1',
    );
    for (const j of claimed) {
      const r = await row(j.id);
      assert.equal(r?.locked_by, null);
      assert.equal(r?.locked_until, null);
      assert.equal(r?.attempts, 0);
    }
    const again = await claimJobs(store, ['test.a'], 'w2', T0, T0 + LEASE, 10);
    assert.equal(again.length, 2);
  });

  test('a dedupe key admits one job while it exists, and again once it is done', async () => {
    const keyed = (n: number): NewJob => ({ kind: 'test.a', payload: { n }, runAt: T0, dedupeKey: 'tick:1' });
    assert.equal(await enqueueJobs(store.db, [keyed(1)], T0), 1);
    assert.equal(await enqueueJobs(store.db, [keyed(2)], T0), 0);
    assert.equal(
      await enqueueJobs(store.db, [keyed(3), keyed(4), { ...keyed(5), dedupeKey: 'tick:2' }], T0),
      1,
    );
    assert.equal((await allIds()).length, 2);

    const claimed = await claimJobs(store, ['test.a'], 'w1', T0, T0 + LEASE, 10);
    const first = claimed.find((j) => j.payload.n === 1);
    assert.ok(first, 'the first enqueue won');
    assert.equal(await enqueueJobs(store.db, [keyed(6)], T0), 0, 'still there while it runs');
    assert.equal(await completeJob(store, first.id, 'w1'), true);
    assert.equal(await enqueueJobs(store.db, [keyed(7)], T0), 1, 'usable again once done');
    // Jobs without a key never collide with each other.
    assert.equal(await enqueueJobs(store.db, jobs(3), T0), 3);
  });
});
