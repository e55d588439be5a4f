import type { FeaturePlugin } from '../types.ts';

/** Two-factor authentication (/api/verify/v1/2fa/...). */
export const twofaRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
