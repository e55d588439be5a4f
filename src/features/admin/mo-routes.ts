import type { FeaturePlugin } from '../types.ts';

/** Operator view of MO messages and their redelivery. */
export const adminMoRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
