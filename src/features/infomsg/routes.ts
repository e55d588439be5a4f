import type { FeaturePlugin } from '../types.ts';
import { catalogRoutes } from './catalog-routes.ts';
import { requestRoutes } from './request-routes.ts';
import { templateRoutes } from './template-routes.ts';

/** The informational template channel: templates, review, categories, public templates. */
export const infomsgRoutes: FeaturePlugin = async (app, opts) => {
  await app.register(templateRoutes, opts);
  await app.register(requestRoutes, opts);
  await app.register(catalogRoutes, opts);
};
