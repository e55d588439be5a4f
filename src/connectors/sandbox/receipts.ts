import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import { dueJobsByDedupe, type NewJob } from '../../store/jobs/jobs.ts';
import { findHandset, findHandsets } from '../../store/sandbox/sandbox.ts';
import type { DeliveryResult, OutboundMessage, ReceiptSink } from '../types.ts';
import { DELIVERED, resolveHandset } from './handset.ts';
import { parseSettings } from './settings.ts';

/** The job that brings a handset's delivery receipt in, `receiptDelaySeconds` after the send. */
export const RECEIPT = defineJob(
  'sandbox.receipt',
  Type.Object({
    networkId: Type.String({ minLength: 1 }),
    phone: Type.String({ minLength: 1 }),
    // For whoever reads the job row; the receipt itself is matched by networkId.
    msgKey: Type.Optional(Type.String()),
    step: Type.Optional(Type.Integer()),
  }),
);
export const RECEIPT_JOB = RECEIPT.kind;

/** The name the sandbox reports results under (ConnectorSink.deliveryResult's `connector`). */
export const SANDBOX_CONNECTOR = 'sandbox';

/** The network's id of a submission: the same for a resubmitted (msgKey, step), like its inbox row. */
export function networkIdOf(msg: Pick<OutboundMessage, 'msgKey' | 'step'>): string {
  return `${msg.msgKey}-${msg.step}`;
}

/**
 * The receipt job of one delivered message. Ids only (style: jobs carry ids); the dedupe key
 * keeps a resubmission from queueing a second receipt while the first still waits.
 */
export function receiptJob(msg: OutboundMessage, networkId: string, afterMs: number): NewJob {
  return RECEIPT.job(
    { networkId, msgKey: msg.msgKey, step: msg.step, phone: msg.to },
    { runAt: msg.submittedAt + afterMs, dedupeKey: `${RECEIPT_JOB}:${networkId}` },
  );
}

/** Hands the receipt to the engine; a failing sink fails the job, which is retried with backoff. */
export function receiptHandler(ctx: Ctx, sink: ReceiptSink): [string, JobHandler] {
  return handles(RECEIPT, async ({ networkId, phone }, job) => {
    const now = ctx.clock.now();
    // The carrier as the handset is set now: a number's carrier is not expected to change.
    const row = await findHandset(ctx.store, phone);
    const handset = resolveHandset(phone, row ? parseSettings(row.props) : undefined, now);
    await sink.deliveryResult(SANDBOX_CONNECTOR, networkId, {
      delivered: true,
      code: DELIVERED.code,
      text: DELIVERED.text,
      carrier: handset.carrier,
      // The receipt's own time: on the manual clock the job may run long after it was due.
      at: Math.min(job.runAt, now),
    });
    return undefined;
  });
}

/**
 * Receipts already scheduled to arrive by `until`: when the clock jumps past both a receipt and
 * the end of its wait, the engine asks before it declares the wait over, so a receipt that came
 * in time is never beaten by its own timeout.
 */
export async function receiptsDueBy(
  ctx: Ctx,
  networkIds: readonly string[],
  until: number,
): Promise<Map<string, DeliveryResult>> {
  const due = await dueJobsByDedupe(
    ctx.store,
    networkIds.map((id) => `${RECEIPT_JOB}:${id}`),
    until,
  );
  const out = new Map<string, DeliveryResult>();
  if (due.length === 0) return out;
  const phones = due.map((d) => d.payload.phone).filter((p): p is string => typeof p === 'string');
  const settings = new Map(
    (await findHandsets(ctx.store, phones)).map((r) => [r.phone, parseSettings(r.props)]),
  );
  for (const d of due) {
    const { networkId, phone } = d.payload;
    if (typeof networkId !== 'string' || typeof phone !== 'string') continue;
    const handset = resolveHandset(phone, settings.get(phone), d.runAt);
    out.set(networkId, {
      delivered: true,
      code: DELIVERED.code,
      text: DELIVERED.text,
      carrier: handset.carrier,
      at: d.runAt,
    });
  }
  return out;
}
