import { reviewByHand } from '../infomsg/review.ts';
import { SandboxReviewBody } from '../infomsg/schemas.ts';
import type { FeaturePlugin } from '../types.ts';
import { listReviews } from './review-list.ts';
import { ReviewsList, ReviewsQuery } from './review-schemas.ts';

/** The sandbox reviewer: GET /sandbox/v1/reviews lists the requests, POST decides one. */
export const sandboxReviewRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    '/reviews',
    {
      schema: {
        operationId: 'listSandboxReviews',
        tags: ['sandbox'],
        summary:
          'Informational templates under review (REQ, oldest request first), with their text and buttons',
        description:
          'What the sandbox reviewer decides with POST /sandbox/v1/reviews. `status` lists APR, REJ or REG templates instead (latest change first).',
        querystring: ReviewsQuery,
        response: { 200: ReviewsList },
      },
    },
    async (req) => listReviews(ctx, req.query),
  );
  app.post(
    '/reviews',
    {
      schema: {
        operationId: 'decideSandboxReview',
        tags: ['sandbox'],
        summary: 'Decide an informational template under review (REQ): approve → APR and A; reject → REJ',
        body: SandboxReviewBody,
      },
    },
    async (req) => reviewByHand(ctx, req.body),
  );
};
