import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import { requireAccount } from '../admin/accounts.ts';
import type { FeaturePlugin } from '../types.ts';
import {
  addRule,
  addToOptOutList,
  listRulePage,
  optOutPage,
  removeFromOptOutList,
  removeRule,
} from './manage.ts';
import * as S from './schemas.ts';

/** The client's own opt-out list: /api/comm/v1/optout. */
export const optOutRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/api/comm/v1/optout', { schema: S.clientList }, async (req) => {
    if (!req.principal) throw new GatewayError('A401', 'no API key');
    return success(req.id, await optOutPage(ctx, req.principal.account.id, req.query));
  });
  app.post('/api/comm/v1/optout', { schema: S.clientAdd }, async (req) => {
    if (!req.principal) throw new GatewayError('A401', 'no API key');
    return success(req.id, await addToOptOutList(ctx, req.principal.account.id, req.body, 'client'));
  });
  app.delete('/api/comm/v1/optout/:phone', { schema: S.clientRemove }, async (req) => {
    if (!req.principal) throw new GatewayError('A401', 'no API key');
    const input = { phone: req.params.phone, from: req.query.from };
    return success(req.id, await removeFromOptOutList(ctx, req.principal.account.id, input, 'client'));
  });
};

/** The operator's spam-filter rules and every account's opt-out list (under /admin/v1). */
export const adminPolicyRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post('/policy/rules', { schema: S.addRule }, async (req) => addRule(ctx, req.body));
  app.get('/policy/rules', { schema: S.listRules }, async (req) => listRulePage(ctx, req.query));
  app.delete('/policy/rules/:ruleId', { schema: S.removeRule }, async (req) =>
    removeRule(ctx, req.params.ruleId),
  );

  app.get('/accounts/:accountId/opt-outs', { schema: S.adminList }, async (req) => {
    const { accountId } = req.params;
    await requireAccount(ctx, accountId);
    return { accountId, ...(await optOutPage(ctx, accountId, req.query)) };
  });
  app.post('/accounts/:accountId/opt-outs', { schema: S.adminAdd }, async (req) => {
    const { accountId } = req.params;
    await requireAccount(ctx, accountId);
    return { accountId, ...(await addToOptOutList(ctx, accountId, req.body, 'operator')) };
  });
  app.delete('/accounts/:accountId/opt-outs/:phone', { schema: S.adminRemove }, async (req) => {
    const { accountId, phone } = req.params;
    await requireAccount(ctx, accountId);
    return {
      accountId,
      ...(await removeFromOptOutList(ctx, accountId, { phone, from: req.query.from }, 'operator')),
    };
  });
};
