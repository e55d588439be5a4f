import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { getTemplateById } from '../../store/templates/infomsg-templates.ts';
import { decide, REVIEW } from './review.ts';

/**
 * The automatic review (OMNIGATE_REVIEW_AUTO): decides the one request it was scheduled for, when
 * that request is still open. A request cancelled, or decided by a reviewer first, is left alone;
 * the decision is a conditional move, so a second run (another instance, a retry) changes nothing.
 */
export function infomsgJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  const review = handles(REVIEW, async ({ templateId, reviewSeq }) => {
    const mode = ctx.config.reviewAuto;
    // Switched off since the request: a reviewer decides it.
    if (mode === 'off') return undefined;
    const t = await getTemplateById(ctx.store.db, templateId);
    if (t?.inspectionStatus !== 'REQ' || t.reviewSeq !== reviewSeq) return undefined;
    const comment = mode === 'approve' ? 'approved by automatic review' : 'rejected by automatic review';
    await decide(ctx, t, mode, comment, reviewSeq);
    return undefined;
  });
  return new Map([review]);
}
