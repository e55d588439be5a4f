import type { FeaturePlugin } from '../types.ts';

/** The informational template channel: templates, review, categories, public templates. */
export const infomsgRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
