import type { FeaturePlugin } from '../types.ts';

/** Uploads of the client API (MMS images first). */
export const fileRoutes: FeaturePlugin = async () => {};
