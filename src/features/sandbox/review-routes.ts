import type { FeaturePlugin } from '../types.ts';

/** The sandbox reviewer: POST /sandbox/v1/reviews decides a template review. */
export const sandboxReviewRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
