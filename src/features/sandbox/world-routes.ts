import type { FeaturePlugin } from '../types.ts';

/** The sandbox world: handsets and their inboxes (admin token, under /sandbox/v1). */
export const sandboxWorldRoutes: FeaturePlugin = async () => {};
