import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { templatesInReview } from '../../store/templates/infomsg-review-queue.ts';
import {
  REVIEW_STATUSES,
  REVIEWS_PAGE_DEFAULT,
  REVIEWS_PAGE_MAX,
  type ReviewsList,
} from './review-schemas.ts';

/** GET /sandbox/v1/reviews: the informational templates waiting for the sandbox reviewer. */

export type ReviewsListView = Static<typeof ReviewsList>;

export async function listReviews(
  ctx: Ctx,
  input: { status?: string | undefined; offset?: number | undefined; limit?: number | undefined },
): Promise<ReviewsListView> {
  const status = REVIEW_STATUSES.find((s) => s === (input.status ?? 'REQ'));
  if (!status) throw new GatewayError('A300', `status must be one of ${REVIEW_STATUSES.join(', ')}`);
  const offset = input.offset ?? 0;
  const limit = input.limit ?? REVIEWS_PAGE_DEFAULT;
  if (!Number.isInteger(offset) || offset < 0) throw new GatewayError('A300', 'offset must be 0 or more');
  if (!Number.isInteger(limit) || limit < 1 || limit > REVIEWS_PAGE_MAX) {
    throw new GatewayError('A300', `limit must be 1 to ${REVIEWS_PAGE_MAX}`);
  }
  const rows = await templatesInReview(ctx.store, status, offset, limit + 1);
  return {
    reviews: rows.slice(0, limit).map(({ template: t, accountName, request }) => ({
      accountId: t.accountId,
      accountName,
      senderKey: t.senderKey,
      templateCode: t.templateCode,
      templateName: t.templateName,
      inspectionStatus: t.inspectionStatus,
      status: t.status,
      requestedAt: request ? isoKst(request.at) : null,
      requestComment: request?.comment ?? null,
      attachmentName: request?.attachmentName ?? null,
      comment: t.comment,
      modifiedAt: isoKst(t.modifiedAt),
      template: {
        msgType: t.msgType,
        templateMessageType: t.templateMessageType,
        templateEmphasizeType: t.templateEmphasizeType,
        categoryCode: t.categoryCode,
        text: t.text,
        title: t.title,
        subtitle: t.subtitle,
        header: t.header,
        extra: t.extra,
        ad: t.ad,
        imgUrl: t.imgUrl,
        itemHighlight: t.itemHighlight,
        item: t.item,
        buttons: t.buttons,
        variables: t.variables,
      },
    })),
    offset,
    limit,
    hasMore: rows.length > limit,
  };
}
