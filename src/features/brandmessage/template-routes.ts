import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import type { FeaturePlugin } from '../types.ts';
import {
  deleteTemplate,
  lastModifiedTemplates,
  listTemplates,
  registerTemplate,
  updateTemplate,
  viewTemplate,
} from './template-manage.ts';
import {
  DeleteParams,
  GetQuery,
  LastModifiedQuery,
  ListQuery,
  RegisterBody,
  UpdateBody,
} from './template-schema.ts';

const BASE = '/api/comm/v1/center/brandmessage/template';
const tags = ['brand message templates'];
const security = [{ apiKey: [] }];

function accountOf(principal: KeyPrincipal | null): string {
  if (!principal) throw new GatewayError('A401');
  return principal.account.id;
}

/** Brand message templates: register, update, look up, list, recently changed, delete. */
export const brandTemplateRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createBrandMessageTemplate',
        tags,
        security,
        summary: 'Register a brand message template',
        body: RegisterBody,
      },
    },
    async (req) =>
      success(req.id, {
        brandmessage: await registerTemplate(ctx, accountOf(req.principal), req.body.brandmessage),
      }),
  );

  app.put(
    BASE,
    {
      schema: {
        operationId: 'updateBrandMessageTemplate',
        tags,
        security,
        summary: 'Replace a brand message template',
        body: UpdateBody,
      },
    },
    async (req) =>
      success(req.id, {
        brandmessage: await updateTemplate(ctx, accountOf(req.principal), req.body.brandmessage),
      }),
  );

  app.get(
    BASE,
    {
      schema: {
        operationId: 'getBrandMessageTemplate',
        tags,
        security,
        summary: 'One brand message template',
        querystring: GetQuery,
      },
    },
    async (req) =>
      success(req.id, { brandmessage: await viewTemplate(ctx, accountOf(req.principal), req.query) }),
  );

  app.get(
    `${BASE}/list`,
    {
      schema: {
        operationId: 'listBrandMessageTemplates',
        tags,
        security,
        summary: 'Brand message templates of a senderKey',
        querystring: ListQuery,
      },
    },
    async (req) =>
      success(req.id, { brandmessage: await listTemplates(ctx, accountOf(req.principal), req.query) }),
  );

  app.get(
    `${BASE}/lastModified`,
    {
      schema: {
        operationId: 'listBrandMessageTemplateChanges',
        tags,
        security,
        summary: 'Brand message templates changed since a time, latest first',
        querystring: LastModifiedQuery,
      },
    },
    async (req) =>
      success(req.id, {
        brandmessage: await lastModifiedTemplates(ctx, accountOf(req.principal), req.query),
      }),
  );

  app.delete(
    `${BASE}/senderKey/:senderKey/templateCode/:templateCode`,
    {
      schema: {
        operationId: 'deleteBrandMessageTemplate',
        tags,
        security,
        summary: 'Delete a brand message template',
        params: DeleteParams,
      },
    },
    async (req) => {
      await deleteTemplate(ctx, accountOf(req.principal), req.params.senderKey, req.params.templateCode);
      return success(req.id);
    },
  );
};
