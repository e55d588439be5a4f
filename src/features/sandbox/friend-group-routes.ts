import type { FeaturePlugin } from '../types.ts';

/** POST /sandbox/v1/friend-groups/complete. */
export const sandboxFriendGroupRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
