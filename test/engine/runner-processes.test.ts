import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { enqueueJobs } from '../../src/store/jobs/jobs.ts';
import { describeEachDb, type TestDb } from '../helpers/db.ts';
import { within } from './runner-helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');

interface Worker {
  readonly name: string;
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;
  stderr(): string;
}

function spawnWorker(db: TestDb, name: string): Worker {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url };
  // The child is a worker, not a test file: it must not report to this test runner.
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'test/helpers/job-worker-process.ts'),
      '--worker',
      name,
      ...(db.schema ? ['--schema', db.schema] : []),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.trim() === 'ready') resolve();
    });
    void exited.then((code) => reject(new Error(`worker ${name} exited (${code}) before ready: ${err}`)));
  });
  return { name, child, ready, exited, stderr: () => err };
}

async function stopWorker(w: Worker): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  w.child.kill('SIGTERM');
  const gone = await Promise.race([w.exited.then(() => true), delay(5000, false, { ref: false })]);
  if (!gone) w.child.kill('SIGKILL');
}

describeEachDb('job runner across processes', (db) => {
  test('two worker processes never run the same job', { timeout: 120_000 }, async (t) => {
    const store = await db.openStore();
    await sql`create table job_runs (job_id bigint not null, worker text not null)`.execute(store.db);
    const workers = [spawnWorker(db, 'worker-a'), spawnWorker(db, 'worker-b')];
    t.after(() => Promise.all(workers.map(stopWorker)));
    await within('both workers to be ready', Promise.all(workers.map((w) => w.ready)), 30_000);

    const total = 600;
    const now = Date.now();
    await enqueueJobs(
      store.db,
      Array.from({ length: total }, (_, i) => ({ kind: 'test.record', payload: { i }, runAt: now })),
      now,
    );

    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await store.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const left = Number(r?.n ?? 0);
      if (left === 0) break;
      const dead = workers.find((w) => w.child.exitCode !== null);
      if (dead) assert.fail(`worker ${dead.name} exited with ${dead.child.exitCode}: ${dead.stderr()}`);
      if (Date.now() > deadline) {
        assert.fail(
          `after 30 s ${left} of ${total} jobs are still in the jobs table; stderr: ${workers.map((w) => w.stderr()).join('\n')}`,
        );
      }
      await delay(25);
    }

    const dupes = await sql<{ job_id: number | string; n: number | string }>`
      select job_id, count(*) as n from job_runs group by job_id having count(*) > 1`.execute(store.db);
    assert.deepEqual(dupes.rows, [], 'a job ran more than once');
    const counts = await sql<{ runs: number | string; jobs: number | string }>`
      select count(*) as runs, count(distinct job_id) as jobs from job_runs`.execute(store.db);
    assert.equal(Number(counts.rows[0]?.runs), total, 'every job ran exactly once');
    assert.equal(Number(counts.rows[0]?.jobs), total);
    const byWorker = await sql<{ worker: string; n: number | string }>`
      select worker, count(*) as n from job_runs group by worker order by worker`.execute(store.db);
    const split = byWorker.rows.map((r) => `${r.worker}: ${r.n}`).join(', ');
    t.diagnostic(`${db.dialect}: ${total} jobs, ${split}`);
    assert.equal(byWorker.rows.length, 2, `both workers took jobs (${split})`);
  });
});
