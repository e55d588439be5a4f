import type { FeaturePlugin } from '../types.ts';

/** The RCS center: brand, common message formats, message-base files, logos. */
export const rcsRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
