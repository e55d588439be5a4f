import type { FeaturePlugin } from '../types.ts';

/** The direct video upload address (x-upload-token, no API key). */
export const videoUploadRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
