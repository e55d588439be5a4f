import type { FeaturePlugin } from '../types.ts';

/** Brand message templates. */
export const brandTemplateRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
