import { Type } from '@sinclair/typebox';
import type { Ctx } from '../context.ts';
import { dropRetiredKeys } from '../store/accounts/secret-keys.ts';
import { defineJob } from '../store/jobs/job-kind.ts';
import { enqueueJobs, type NewJob } from '../store/jobs/jobs.ts';
import { strandedMessages } from '../store/messages/messages.ts';
import { makeDue } from '../store/messages/queue.ts';
import { pruneEarlyReceipts } from '../store/messages/receipts.ts';
import { eraseRequestSecrets } from '../store/messages/request-secrets.ts';
import type { Reschedule } from './runner.ts';
import { WAIT } from './work-kinds.ts';

/** The sweep (below): one job for all instances, run again after each look. */
export const SWEEP = defineJob('engine.sweep', Type.Object({}));
export const SWEEP_JOB = SWEEP.kind;
/** How often the sweep looks, and how long past its time a message must be to count as stranded. */
export const SWEEP_EVERY_MS = 60_000;
export const STRANDED_AFTER_MS = 10 * 60_000;
const BATCH = 1000;

/** The sweep's own job: one for all instances (dedupe key), run again after each look. */
export function sweepJob(now: number): NewJob {
  return SWEEP.job({}, { runAt: now + SWEEP_EVERY_MS, dedupeKey: SWEEP_JOB });
}

/**
 * The safety net under "an accepted message is never lost". A queued message is its own queue
 * entry, due at its time (a claim whose engine died is taken again when its lease runs out); one
 * with no due time at all (none is written so: an older version's row, a hand edit) is made due
 * here. A wait whose job was given up is settled. A pass that races another one on the same
 * messages rolls back (dispatch.ts).
 */
export function sweepHandler(
  ctx: Ctx,
  reconcileReceipts: () => Promise<void> = async () => {},
): () => Promise<Reschedule | undefined> {
  return async () => {
    const now = ctx.clock.now();
    const stranded = await strandedMessages(
      ctx.store,
      now - STRANDED_AFTER_MS,
      now - STRANDED_AFTER_MS,
      BATCH,
    );
    const jobs: NewJob[] = [];
    if (stranded.queued.length > 0) {
      ctx.logger.warn(
        { messages: stranded.queued.length },
        'sweep: queued messages with no due time; dispatching',
      );
      await makeDue(ctx.store.db, { msgKeys: stranded.queued }, now);
    }
    if (stranded.waiting > 0) {
      ctx.logger.warn({ messages: stranded.waiting }, 'sweep: waits past their end; settling');
      jobs.push(WAIT.job({}, { runAt: now, dedupeKey: `${WAIT.kind}:sweep` }));
    }
    await enqueueJobs(ctx.store.db, jobs, now);
    await reconcileReceipts();
    await pruneEarlyReceipts(ctx.store);
    // The sealed texts of expired 2FA codes go (nothing may send them any more), and so does a key
    // a rotation had to keep until the last code under it expired.
    await eraseRequestSecrets(ctx.store, now);
    await dropRetiredKeys(ctx.store, now);
    return { rescheduleAt: now + SWEEP_EVERY_MS };
  };
}
