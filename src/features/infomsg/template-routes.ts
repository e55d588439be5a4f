import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import type { FeaturePlugin } from '../types.ts';
import { KeyParams, KeyQuery, LastModifiedQuery, ListQuery, RegisterBody, UpdateBody } from './schemas.ts';
import {
  getTemplate,
  lastModified,
  listOwn,
  registerTemplate,
  removeTemplate,
  updateTemplate,
} from './templates.ts';

export const BASE = '/api/comm/v1/center/infomsg';
export const tags = ['infomsg'];
export const security = [{ apiKey: [] }];

export function accountOf(principal: KeyPrincipal | null): string {
  if (!principal) throw new GatewayError('A401');
  return principal.account.id;
}

/** Informational templates: register, update, delete, look up, list, changes since. */
export const templateRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    `${BASE}/template`,
    {
      schema: {
        operationId: 'getInfomsgTemplate',
        tags,
        security,
        summary: 'One template (data.data.infomsg)',
        querystring: KeyQuery,
      },
    },
    async (req) => {
      const infomsg = await getTemplate(
        ctx,
        accountOf(req.principal),
        req.query.senderKey,
        req.query.templateCode,
      );
      return success(req.id, { infomsg });
    },
  );

  app.get(
    `${BASE}/template/list`,
    {
      schema: {
        tags,
        security,
        operationId: 'listInfomsgTemplates',
        summary: 'The profile’s templates, filtered (data.data.infomsg.templates[])',
        querystring: ListQuery,
      },
    },
    async (req) => success(req.id, { infomsg: await listOwn(ctx, accountOf(req.principal), req.query) }),
  );

  app.get(
    `${BASE}/template/lastModified`,
    {
      schema: {
        tags,
        security,
        operationId: 'listInfomsgTemplateChanges',
        summary: 'Templates changed since a time, oldest change first (data.data.infomsg.templates[])',
        querystring: LastModifiedQuery,
      },
    },
    async (req) => success(req.id, { infomsg: await lastModified(ctx, accountOf(req.principal), req.query) }),
  );

  app.post(
    `${BASE}/template`,
    {
      schema: {
        tags,
        security,
        operationId: 'createInfomsgTemplate',
        summary: 'Register a template: status R, inspectionStatus REG (data.data.infomsg)',
        body: RegisterBody,
      },
    },
    async (req) => {
      const infomsg = await registerTemplate(ctx, accountOf(req.principal), req.body.infomsg);
      return success(req.id, { infomsg });
    },
  );

  app.put(
    `${BASE}/template`,
    {
      schema: {
        tags,
        security,
        operationId: 'updateInfomsgTemplate',
        summary:
          'Update a template: given fields replace, absent ones stay (what may change depends on the review)',
        body: UpdateBody,
      },
    },
    async (req) => {
      const infomsg = await updateTemplate(ctx, accountOf(req.principal), req.body.infomsg);
      return success(req.id, { infomsg });
    },
  );

  app.delete(
    `${BASE}/template/senderKey/:senderKey/templateCode/:templateCode`,
    {
      schema: {
        operationId: 'deleteInfomsgTemplate',
        tags,
        security,
        summary: 'Delete a template (not while under review)',
        params: KeyParams,
      },
    },
    async (req) => {
      await removeTemplate(ctx, accountOf(req.principal), req.params.senderKey, req.params.templateCode);
      return success(req.id);
    },
  );
};
