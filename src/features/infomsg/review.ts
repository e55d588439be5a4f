import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { transact } from '../../store/db/work-signal.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import { enqueueJobs, type NewJob } from '../../store/jobs/jobs.ts';
import { addReviewEntry } from '../../store/templates/infomsg-reviews.ts';
import {
  findInfomsgTemplate,
  getTemplateById,
  type InfomsgTemplate,
  moveReview,
} from '../../store/templates/infomsg-templates.ts';
import { type CheckedAttachment, storeAttachment } from './attachment.ts';
import { LIMITS } from './limits.ts';
import { loadOwn, refuseState, viewOf } from './templates.ts';
import type { TemplateView } from './views.ts';

/** The automatic decision of one review request (jobs.ts runs it). */
export const REVIEW = defineJob(
  'infomsg.review',
  Type.Object({ templateId: Type.String({ minLength: 1 }), reviewSeq: Type.Integer() }),
);
export const REVIEW_JOB = REVIEW.kind;

export type Decision = 'approve' | 'reject';

function checkComment(comment: string | undefined): string {
  const c = comment ?? '';
  if ([...c].length > LIMITS.comment)
    throw new GatewayError('A529', `comment has ${[...c].length} characters`);
  return c;
}

/** The automatic decision of one review request, when the gateway decides them by itself. */
function autoReviewJob(ctx: Ctx, templateId: string, reviewSeq: number, now: number): NewJob | null {
  if (ctx.config.reviewAuto === 'off') return null;
  return REVIEW.job(
    { templateId, reviewSeq },
    { runAt: now + ctx.config.reviewDelayMs, dedupeKey: `${REVIEW_JOB}:${templateId}:${reviewSeq}` },
  );
}

/**
 * Review request: status R and inspectionStatus REG → REQ (spec: accepted when the template is
 * pending and registered). The request, its comment and attachment go into the review history;
 * with automatic review a job decides it later on the gateway clock, never within this request.
 */
export async function requestReview(
  ctx: Ctx,
  accountId: string,
  input: { senderKey: string; senderKeyType?: string | undefined; templateCode: string; comment: string },
  attachment: CheckedAttachment | undefined,
): Promise<void> {
  const comment = checkComment(input.comment);
  const t = await loadOwn(ctx, accountId, input.senderKey, input.templateCode, input.senderKeyType);
  const needs = 'status R (pending) and inspectionStatus REG (registered)';
  if (t.status !== 'R' || t.inspectionStatus !== 'REG') refuseState(t, 'a review request', needs);
  // Stored before the transaction: a file never sits in a transaction; a request that loses a
  // race below leaves an unreferenced file, not a reference to a missing one.
  const stored = attachment ? await storeAttachment(ctx, accountId, attachment) : undefined;
  const now = ctx.clock.now();
  await transact(ctx.store, async (tx) => {
    const seq = await addReviewEntry(
      tx,
      {
        templateId: t.id,
        kind: 'REQ',
        comment,
        attachmentName: stored?.fileName ?? null,
        attachmentPath: stored?.path ?? null,
      },
      now,
    );
    const moved = await moveReview(
      tx,
      t.id,
      { inspectionStatus: 'REG', status: 'R' },
      { inspectionStatus: 'REQ', reviewSeq: seq, comment },
      now,
    );
    if (!moved) refuseState((await getTemplateById(tx, t.id)) ?? t, 'a review request', needs);
    const job = autoReviewJob(ctx, t.id, seq, now);
    if (job) await enqueueJobs(tx, [job], now);
  });
}

/** Cancel: REQ → REG. An automatic decision scheduled for the request then finds nothing to decide. */
export async function cancelReview(
  ctx: Ctx,
  accountId: string,
  input: {
    senderKey: string;
    senderKeyType?: string | undefined;
    templateCode: string;
    comment?: string | undefined;
  },
): Promise<void> {
  const comment = checkComment(input.comment);
  const t = await loadOwn(ctx, accountId, input.senderKey, input.templateCode, input.senderKeyType);
  if (t.inspectionStatus !== 'REQ') refuseState(t, 'cancelling a review', 'inspectionStatus REQ');
  const now = ctx.clock.now();
  await transact(ctx.store, async (tx) => {
    const moved = await moveReview(
      tx,
      t.id,
      { inspectionStatus: 'REQ' },
      { inspectionStatus: 'REG', reviewSeq: null, comment },
      now,
    );
    if (!moved)
      refuseState((await getTemplateById(tx, t.id)) ?? t, 'cancelling a review', 'inspectionStatus REQ');
    await addReviewEntry(tx, { templateId: t.id, kind: 'CANCEL', comment }, now);
  });
}

/**
 * The reviewer's decision on an open request: approve → APR and status A (sendable); reject →
 * REJ, status stays R (the client edits it, which puts it back to REG, and asks again).
 * `reviewSeq`: decide only that request (an automatic decision of a request since cancelled and
 * made again must not decide the new one early). Returns the template as decided, or undefined
 * when there was no such open request.
 */
export async function decide(
  ctx: Ctx,
  t: InfomsgTemplate,
  decision: Decision,
  comment: string,
  reviewSeq?: number,
): Promise<InfomsgTemplate | undefined> {
  const now = ctx.clock.now();
  return transact(ctx.store, async (tx) => {
    const moved = await moveReview(
      tx,
      t.id,
      { inspectionStatus: 'REQ', ...(reviewSeq !== undefined ? { reviewSeq } : {}) },
      decision === 'approve'
        ? { inspectionStatus: 'APR', status: 'A', reviewSeq: null, comment }
        : { inspectionStatus: 'REJ', reviewSeq: null, comment },
      now,
    );
    if (moved) {
      await addReviewEntry(
        tx,
        { templateId: t.id, kind: decision === 'approve' ? 'APR' : 'REJ', comment },
        now,
      );
    }
    return moved;
  });
}

/** The sandbox reviewer (POST /sandbox/v1/reviews): decides a template under review by hand. */
export async function reviewByHand(
  ctx: Ctx,
  input: { senderKey: string; templateCode: string; decision: Decision; comment?: string | undefined },
): Promise<TemplateView> {
  const comment = checkComment(input.comment);
  const t = await findInfomsgTemplate(ctx.store, input.senderKey, input.templateCode);
  if (!t) throw new GatewayError('A820', `template ${input.templateCode} of senderKey ${input.senderKey}`);
  if (t.inspectionStatus !== 'REQ') refuseState(t, 'a review decision', 'inspectionStatus REQ');
  const decided = await decide(ctx, t, input.decision, comment);
  if (!decided) {
    const now = (await findInfomsgTemplate(ctx.store, input.senderKey, input.templateCode)) ?? t;
    refuseState(now, 'a review decision', 'inspectionStatus REQ');
  }
  return viewOf(ctx, decided);
}
