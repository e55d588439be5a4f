import type { FeaturePlugin } from '../types.ts';

/** POST /sandbox/v1/videos/{vid}/state. */
export const sandboxVideoRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
