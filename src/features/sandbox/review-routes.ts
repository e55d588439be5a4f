import { reviewByHand } from '../infomsg/review.ts';
import { SandboxReviewBody } from '../infomsg/schemas.ts';
import type { FeaturePlugin } from '../types.ts';

/** The sandbox reviewer: POST /sandbox/v1/reviews decides a template review. */
export const sandboxReviewRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    '/reviews',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Decide an informational template under review (REQ): approve → APR and A; reject → REJ',
        body: SandboxReviewBody,
      },
    },
    async (req) => reviewByHand(ctx, req.body),
  );
};
