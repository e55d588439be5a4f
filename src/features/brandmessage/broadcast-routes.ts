import type { FeaturePlugin } from '../types.ts';

/** Brand message broadcasts (groupMessage) and the estimate. */
export const broadcastRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
