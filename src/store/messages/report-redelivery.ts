import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';
import { enqueueJobs } from '../jobs/jobs.ts';
import { type DeliveryJob, jobsOfReports } from './admin-deliveries.ts';
import { REPORT_WEBHOOK, REPORT_WEBHOOK_JOB } from './reports.ts';

/* A report's webhook delivery started over by the operator (POST /admin/v1/reports/{id}/redeliver). */

export type Restart = 'moved' | 'revived' | 'added' | 'running';

export interface Restarted {
  outcome: Restart;
  /** The job as the restart left it, read in its transaction (a worker may take it the moment after). */
  job: DeliveryJob | undefined;
}

/**
 * A report's redelivery, in one transaction, never leaving two jobs for one report: the waiting
 * job is moved to now with its attempts reset (a new schedule), a dead one is made ready again
 * the same way, and a report without a job gets one (with a dedupe key, so two redeliveries at
 * once add one). A job being run right now is left alone: `running`.
 */
export async function restartReportDelivery(store: Store, reportId: number, now: number): Promise<Restarted> {
  return transact(store, async (trx) => {
    const outcome = await restart(trx, reportId, now);
    return { outcome, job: (await jobsOfReports(trx, [reportId])).get(reportId) };
  });
}

async function restart(trx: Executor, reportId: number, now: number): Promise<Restart> {
  const job = (await jobsOfReports(trx, [reportId])).get(reportId);
  if (job) {
    const running = job.state === 'ready' && job.lockedBy !== null && (job.lockedUntil ?? 0) > now;
    if (running) return 'running';
    const res = await trx
      .updateTable('jobs')
      .set({ state: 'ready', attempts: 0, run_at: now, locked_by: null, locked_until: null })
      .where('id', '=', job.id)
      .where('state', '=', job.state)
      .where((eb) => eb.or([eb('locked_by', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) return job.state === 'dead' ? 'revived' : 'moved';
    // Changed between the read and the write: revived by another redelivery (then it waits,
    // as asked), or claimed by a worker.
    const current = (await jobsOfReports(trx, [reportId])).get(reportId);
    const waiting =
      current?.state === 'ready' && !(current.lockedBy !== null && (current.lockedUntil ?? 0) > now);
    return waiting ? 'moved' : 'running';
  }
  await enqueueJobs(
    trx,
    [REPORT_WEBHOOK.job({ reportId }, { runAt: now, dedupeKey: `${REPORT_WEBHOOK_JOB}:${reportId}` })],
    now,
  );
  return 'added';
}
