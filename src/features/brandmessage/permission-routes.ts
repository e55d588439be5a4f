import type { FeaturePlugin } from '../types.ts';

/** Brand message send permission: check and apply. */
export const permissionRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
