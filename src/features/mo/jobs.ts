import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { MO_DELIVERY } from '../../store/mo/mo.ts';
import { deliverMo } from './deliver.ts';
import { MO_WEBHOOK_TIMEOUT_MS } from './schedule.ts';

export interface MoJobOptions {
  /** How long the client's webhook has to answer. */
  webhookTimeoutMs?: number;
}

/**
 * Background work of MO messages: webhook delivery and its retries. A failed attempt is not a
 * failed job: the MO row records it and the job is rescheduled to the MO's next attempt, so the
 * schedule (schedule.ts) is the MO's, durable in its row and its job across restarts.
 */
export function moJobHandlers(ctx: Ctx, options: MoJobOptions = {}): ReadonlyMap<string, JobHandler> {
  const timeoutMs = options.webhookTimeoutMs ?? MO_WEBHOOK_TIMEOUT_MS;
  return new Map([
    handles(MO_DELIVERY, async ({ msgKey }) => {
      const attempt = await deliverMo(ctx, msgKey, timeoutMs);
      return attempt.outcome === 'retry' ? { rescheduleAt: attempt.at } : undefined;
    }),
  ]);
}
