import type { FeaturePlugin } from '../types.ts';

/** Report polling, report inquiry and message inquiry (client API). */
export const reportRoutes: FeaturePlugin = async () => {};
