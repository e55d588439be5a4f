/**
 * A separate worker process for the "two workers never run the same job" test: one JobRunner on
 * the system clock, handling kind `test.record` by writing (job id, worker) into `job_runs`, a
 * table the test created. Run as
 *   DATABASE_URL=... node --import tsx test/helpers/job-worker-process.ts --worker a [--schema s]
 * Prints "ready" once it claims; SIGTERM stops it gracefully.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { SystemClock } from '../../src/clock.ts';
import { type EngineEventMap, EventBus } from '../../src/engine/events.ts';
import { type JobHandler, JobRunner } from '../../src/engine/runner.ts';
import { openStore } from '../../src/store/db/database.ts';

const { values } = parseArgs({
  options: {
    worker: { type: 'string' },
    schema: { type: 'string' },
    batch: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '20' },
  },
});
const url = process.env.DATABASE_URL;
const worker = values.worker;
if (!url || !worker) {
  process.stderr.write('usage: DATABASE_URL=... job-worker-process.ts --worker <name> [--schema <s>]\n');
  process.exit(2);
}

// The test migrated the database already; a second migrator here would only race it.
const store = await openStore(url, values.schema ? { schema: values.schema } : {});
const handlers = new Map<string, JobHandler>([
  [
    'test.record',
    async (job) => {
      // Recorded before the simulated I/O, so a job handed to both workers shows up twice even if
      // one of them later fails to complete it.
      await sql`insert into job_runs (job_id, worker) values (${job.id}, ${worker})`.execute(store.db);
      await delay(1 + Math.floor(Math.random() * 3));
      return undefined;
    },
  ],
]);
const runner = new JobRunner({
  store,
  clock: new SystemClock(),
  events: new EventBus<EngineEventMap>(),
  handlers,
  workerId: worker,
  batchSize: Number(values.batch),
  concurrency: Number(values.concurrency),
  // Far longer than the test runs: any job run twice is a claim bug, not a legitimate takeover.
  leaseMs: 120_000,
  pollMs: 20,
});
runner.start();
// The runner's timers are unref'd (they must not hold a gateway open) and better-sqlite3 holds no
// handle, so on SQLite nothing else would keep this process alive between polls.
const keepAlive = setInterval(() => {}, 60_000);
process.stdout.write('ready\n');

let stopping = false;
const shutdown = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  clearInterval(keepAlive);
  await runner.stop(1000);
  await store.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
