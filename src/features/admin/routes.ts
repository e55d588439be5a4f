import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import { refusedRequestRoutes } from '../debugger/refused-routes.ts';
import { createAccount, listAccountSummaries, showAccount } from './accounts.ts';
import { auditRoutes } from './audit-routes.ts';
import { demoRoutes } from './demo-routes.ts';
import { createKey, listAccountKeys, revokeApiKey, setApiKeyDlr } from './keys.ts';
import { adminMoRoutes } from './mo-routes.ts';
import { opsRoutes } from './ops-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import * as S from './schemas.ts';
import { clearWebhook, setLimits, setReportMode, setWebhook } from './settings.ts';

export interface AdminRoutesOptions {
  ctx: Ctx;
  /**
   * Forgets the API keys the client API has cached. Called after every change to what a cached
   * key carries (revocation, DLR flag, the account's limits and report settings), so that this
   * instance applies it at once; other instances follow within the cache time.
   */
  onKeysChanged: () => void;
}

/** The operator API (docs/operations.md#operator-api): accounts, their keys and settings; registrations below. */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (
  app,
  { ctx, onKeysChanged },
) => {
  app.post(
    '/accounts',
    {
      schema: {
        operationId: 'createAccount',
        ...S.adminDoc('Create an account and its first API key (shown once)'),
        body: S.CreateAccountBody,
        response: S.answers(S.CreatedAccount),
      },
    },
    async (req) => createAccount(ctx, req.body),
  );
  app.get(
    '/accounts',
    {
      schema: {
        operationId: 'listAccounts',
        ...S.adminDoc('List accounts'),
        response: S.answers(S.AccountList),
      },
    },
    async () => listAccountSummaries(ctx),
  );
  app.get(
    '/accounts/:accountId',
    {
      schema: {
        operationId: 'getAccount',
        ...S.adminDoc('An account with its settings, keys (without secrets) and registrations'),
        params: S.AccountIdParams,
        response: S.answers(S.AccountDetail),
      },
    },
    async (req) => showAccount(ctx, req.params.accountId),
  );

  app.post(
    '/accounts/:accountId/keys',
    {
      schema: {
        operationId: 'createApiKey',
        ...S.adminDoc('Create another API key for the account (shown once)'),
        params: S.AccountIdParams,
        response: S.answers(S.CreatedKey),
      },
    },
    async (req) => createKey(ctx, req.params.accountId),
  );
  app.get(
    '/accounts/:accountId/keys',
    {
      schema: {
        operationId: 'listApiKeys',
        ...S.adminDoc("List the account's API keys (without the keys themselves)"),
        params: S.AccountIdParams,
        response: S.answers(S.KeyList),
      },
    },
    async (req) => listAccountKeys(ctx, req.params.accountId),
  );
  app.delete(
    '/keys/:keyId',
    {
      schema: {
        operationId: 'revokeApiKey',
        ...S.adminDoc('Revoke an API key for good'),
        params: S.KeyIdParams,
        response: S.answers(S.RevokedKey),
      },
    },
    async (req) => {
      const out = await revokeApiKey(ctx, req.params.keyId);
      onKeysChanged();
      return out;
    },
  );
  app.patch(
    '/keys/:keyId',
    {
      schema: {
        operationId: 'setApiKeyDlr',
        ...S.adminDoc('Turn international DLR records on or off for an API key'),
        params: S.KeyIdParams,
        body: S.DlrBody,
        response: S.answers(S.DlrResult),
      },
    },
    async (req) => {
      const out = await setApiKeyDlr(ctx, { keyId: req.params.keyId, dlr: req.body.dlr });
      onKeysChanged();
      return out;
    },
  );

  app.put(
    '/accounts/:accountId/webhook',
    {
      schema: {
        operationId: 'setWebhook',
        ...S.adminDoc('Set the webhook for MO messages and reports; the secret is generated when absent'),
        params: S.AccountIdParams,
        body: S.WebhookBody,
        response: S.answers(S.WebhookSet),
      },
    },
    async (req) => {
      const out = await setWebhook(ctx, { accountId: req.params.accountId, ...req.body });
      onKeysChanged();
      return out;
    },
  );
  app.delete(
    '/accounts/:accountId/webhook',
    {
      schema: {
        operationId: 'clearWebhook',
        ...S.adminDoc('Remove the webhook (refused while the report mode is webhook)'),
        params: S.AccountIdParams,
        response: S.answers(S.WebhookCleared),
      },
    },
    async (req) => {
      const out = await clearWebhook(ctx, req.params.accountId);
      onKeysChanged();
      return out;
    },
  );
  app.put(
    '/accounts/:accountId/report-mode',
    {
      schema: {
        operationId: 'setReportMode',
        ...S.adminDoc('Deliver reports by polling or to the webhook'),
        params: S.AccountIdParams,
        body: S.ReportModeBody,
        response: S.answers(S.ReportModeResult),
      },
    },
    async (req) => {
      const out = await setReportMode(ctx, { accountId: req.params.accountId, mode: req.body.mode });
      onKeysChanged();
      return out;
    },
  );
  app.put(
    '/accounts/:accountId/limits',
    {
      schema: {
        operationId: 'setLimits',
        ...S.adminDoc('Set per-second limits: null lifts one, an absent field keeps it'),
        params: S.AccountIdParams,
        body: S.LimitsBody,
        response: S.answers(S.Limits),
      },
    },
    async (req) => {
      const out = await setLimits(ctx, { accountId: req.params.accountId, ...req.body });
      onKeysChanged();
      return out;
    },
  );

  await app.register(registrationRoutes, { ctx });
  await app.register(adminMoRoutes, { ctx });
  await app.register(opsRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(refusedRequestRoutes, { ctx });
  await app.register(demoRoutes, { ctx });
};
