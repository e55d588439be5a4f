import type { FeaturePlugin } from '../types.ts';

/** POST /api/comm/v1/send/omni. */
export const sendRoutes: FeaturePlugin = async () => {};
