import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { ackPollBatch, takePollBatch } from '../../store/messages/reports.ts';
import type { ReportBatchT } from './schemas.ts';

/**
 * GET /report/polling: the open batch again, or the next one. When nothing waits: reportId "" and
 * report null, not [], what existing clients read (docs/reports.md#polling).
 */
export async function pollReports(ctx: Ctx, accountId: string): Promise<ReportBatchT> {
  const batch = await takePollBatch(ctx.store, accountId);
  return batch ? { reportId: batch.batchId, report: batch.reports } : { reportId: '', report: null };
}

/**
 * DELETE /report/polling/{reportId}. A batch acknowledged before answers A000 again: a client
 * whose first DELETE timed out must be able to retry it without an error.
 */
export async function ackReports(
  ctx: Ctx,
  input: { accountId: string; reportId: string },
): Promise<{ reportId: string }> {
  const outcome = await ackPollBatch(ctx.store, input.accountId, input.reportId, ctx.clock.now());
  if (outcome === 'unknown') throw new GatewayError('A820', `reportId ${input.reportId}`);
  return { reportId: input.reportId };
}
