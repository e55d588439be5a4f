import { Type } from '@sinclair/typebox';
import type { Ctx } from '../context.ts';
import { defineJob } from '../store/jobs/job-kind.ts';
import type { NewJob } from '../store/jobs/jobs.ts';
import { purge } from './purge.ts';
import { handles, type JobHandler } from './runner.ts';

/** The purge (below): one job for all instances, run again after each run. */
export const RETENTION = defineJob('retention.purge', Type.Object({}));
export const RETENTION_JOB = RETENTION.kind;
/** How often the purge looks for records past their age (gateway clock). */
export const RETENTION_EVERY_MS = 3600_000;
/** The first purge after a start waits this long (gateway clock), as the sweep's first look does. */
const FIRST_RUN_AFTER_MS = 60_000;
/**
 * Batches of one run. A large backlog (the first purge of an old database) takes many runs, each
 * rescheduled at once: a run stays seconds long, so a graceful stop waits for little, and the
 * lease renewal, the claim of other work and a stop get their turns in between.
 */
export const BATCHES_PER_RUN = 100;

/** The purge's own job: one for all instances (its dedupe key), run again after each run. */
export function retentionJob(now: number): NewJob {
  return RETENTION.job({}, { runAt: now + FIRST_RUN_AFTER_MS, dedupeKey: RETENTION_JOB });
}

/**
 * Deletes what is past its age (src/engine/purge.ts), a run's share of batches at a time: again
 * at once while more is due, otherwise at the next hour.
 */
export function retentionHandler(ctx: Ctx): [string, JobHandler] {
  return handles(RETENTION, async () => {
    const result = await purge(ctx, { maxBatches: BATCHES_PER_RUN });
    const gone = result.kinds.filter((k) => Object.keys(k.rows).length > 0 || k.files > 0);
    if (gone.length > 0) {
      ctx.logger.info(
        {
          kinds: Object.fromEntries(
            gone.map((k) => [k.kind, { ...k.rows, ...(k.files ? { disk_files: k.files } : {}) }]),
          ),
        },
        result.done
          ? 'purge: records past their age deleted'
          : 'purge: records past their age deleted; more to go',
      );
    }
    const now = ctx.clock.now();
    return { rescheduleAt: result.done ? now + RETENTION_EVERY_MS : now };
  });
}
