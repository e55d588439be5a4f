import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { CATEGORIES, findCategory } from './categories.ts';
import { previewSvg } from './preview.ts';
import { findPublicTemplate, PUBLIC_TEMPLATES, type PublicTemplate, releasedAt } from './public-templates.ts';
import { CategoryQuery, PublicParams, PublicQuery } from './schemas.ts';
import { parseSince } from './since.ts';
import { BASE, security, tags } from './template-routes.ts';

/** Categories and public templates: fixed sets, the same for every client. */
export const catalogRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    `${BASE}/category`,
    {
      schema: {
        tags,
        security,
        operationId: 'listInfomsgCategories',
        summary: 'Every category (data.data.categories[]), or one with categoryCode (data.data.category)',
        querystring: CategoryQuery,
      },
    },
    async (req) => {
      const code = req.query.categoryCode;
      if (code === undefined) return success(req.id, { categories: CATEGORIES });
      const category = findCategory(code);
      if (!category) throw new GatewayError('A820', `categoryCode ${JSON.stringify(code)}`);
      return success(req.id, { category });
    },
  );

  const publicView = (t: PublicTemplate) => ({
    templateName: t.templateName,
    templateCode: t.templateCode,
    status: t.status,
    categoryCode: t.categoryCode,
    releaseDate: t.releaseDate,
    previewImageUrl: `${ctx.config.publicUrl}${BASE}/public/template/${encodeURIComponent(t.templateCode)}/preview`,
    msgType: t.msgType,
    text: t.text,
    charCount: t.charCount,
    variables: t.variables,
  });

  app.get(
    `${BASE}/public/template`,
    {
      schema: {
        tags,
        security,
        operationId: 'listPublicTemplates',
        summary: 'Public templates released since a time (data.data.templates[]); lookup only',
        querystring: PublicQuery,
      },
    },
    async (req) => {
      const since = parseSince(req.query.since) ?? 0;
      const page = req.query.page ?? 1;
      const count = req.query.count ?? 100;
      const released = PUBLIC_TEMPLATES.filter((t) => releasedAt(t) >= since);
      const templates = released.slice((page - 1) * count, page * count).map(publicView);
      return success(req.id, { templates, page, count, hasNext: released.length > page * count });
    },
  );

  app.get(
    `${BASE}/public/template/:templateCode/preview`,
    {
      schema: {
        operationId: 'getPublicTemplatePreview',
        tags,
        security,
        summary: 'A public template’s preview image (SVG)',
        params: PublicParams,
      },
    },
    async (req, reply) => {
      const t = findPublicTemplate(req.params.templateCode);
      if (!t) throw new GatewayError('A820', `public template ${JSON.stringify(req.params.templateCode)}`);
      return reply.type('image/svg+xml; charset=utf-8').send(previewSvg(t));
    },
  );
};
