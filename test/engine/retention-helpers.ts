import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DAY_MS } from '../../src/clock.ts';
import { RETENTION_JOB, retentionJob } from '../../src/engine/retention.ts';
import { enqueueJobs } from '../../src/store/jobs/jobs.ts';
import type { DB } from '../../src/store/schema/schema.ts';
import { type Client, send, settle } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/* What the retention tests (retention*.test.ts) share. */

const ENDED = ['job.completed', 'job.rescheduled', 'job.failed', 'job.dead', 'job.lost'] as const;

/**
 * Lets the workers finish everything due now, looking again while jobs kept ending: a look that
 * saw nothing due may have started before a job that was ending committed more work.
 */
export async function settleAll(t: TestGateway): Promise<void> {
  for (;;) {
    let ended = 0;
    const offs = ENDED.map((k) =>
      t.gw.ctx.events.on(k, () => {
        ended += 1;
      }),
    );
    try {
      await settle(t);
    } finally {
      for (const off of offs) off();
    }
    if (ended === 0) return;
  }
}

/** Moves the manual clock (without waiting for what becomes due). */
export async function moveClock(t: TestGateway, seconds: number): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/sandbox/v1/clock',
    admin: true,
    body: { advanceSeconds: seconds },
  });
  assert.equal(res.statusCode, 200, res.body);
}

/** Moves the manual clock by whole days and lets everything due run, the purge included. */
export async function advanceDays(t: TestGateway, days: number): Promise<void> {
  await moveClock(t, (days * DAY_MS) / 1000);
  await settleAll(t);
}

/** Rows of a table, optionally only those whose `column` is in `values`. */
export async function rowCount(
  t: TestGateway,
  table: keyof DB & string,
  column?: string,
  values?: readonly string[],
): Promise<number> {
  if (values?.length === 0) return 0;
  const where = column && values ? sql`where ${sql.ref(column)} in (${sql.join([...values])})` : sql``;
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} ${where}`.execute(
    t.gw.ctx.store.db,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Takes the purge's job away, so that only the test decides when a purge runs. */
export async function holdPurgeJob(t: TestGateway): Promise<void> {
  await t.gw.ctx.store.db.deleteFrom('jobs').where('kind', '=', RETENTION_JOB).execute();
}

/** Gives the purge its job back, due at the next clock move. */
export async function releasePurgeJob(t: TestGateway): Promise<void> {
  const now = t.gw.ctx.clock.now();
  await enqueueJobs(t.gw.ctx.store.db, [{ ...retentionJob(now), runAt: now }], now);
}

/** Sends one SMS to each number; answers the msgKeys in the order of `to`. */
export async function sendTo(
  t: TestGateway,
  c: Client,
  to: readonly string[],
  text = 'hello',
): Promise<string[]> {
  const res = await send(t, c, {
    destinations: to.map((n) => ({ to: n })),
    messageFlow: [{ sms: { from: c.sender, text } }],
  });
  assert.equal(res.statusCode, 200, res.body);
  const dests = res.json<{ data: { data: { destinations: Array<{ msgKey: string; code: string }> } } }>().data
    .data.destinations;
  for (const d of dests) assert.equal(d.code, 'A000', res.body);
  return dests.map((d) => d.msgKey);
}
