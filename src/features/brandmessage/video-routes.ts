import type { FeaturePlugin } from '../types.ts';

/** Brand message videos (behind the API key). */
export const videoRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
