import type { FeaturePlugin } from '../types.ts';

/** MO messages of the client: GET /api/comm/v1/message/history/mo. */
export const moRoutes: FeaturePlugin = async (_app, _opts) => {
  // filled by the work that owns these routes
};
