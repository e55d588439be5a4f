import type { FeaturePlugin } from '../types.ts';

/** Friend groups, group tags and the audience checks (possible, friend/possible, friendCount). */
export const friendGroupRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
