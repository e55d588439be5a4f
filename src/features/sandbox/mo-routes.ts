import type { FeaturePlugin } from '../types.ts';

/** POST /sandbox/v1/mo: a handset sends an MO message. */
export const sandboxMoRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
