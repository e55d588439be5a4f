import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';
import { deleteBrand, listAccountBrands, putBrand, showBrand } from './brands.ts';
import { deleteProfile, listAccountProfiles, patchProfile, putProfile, showProfile } from './profiles.ts';
import * as S from './schemas.ts';
import { addSender, listSenders, removeSender } from './senders.ts';

/** What an account may send as: sender numbers, messaging channel profiles, RCS brands. */
export const registrationRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    '/accounts/:accountId/senders',
    {
      schema: {
        operationId: 'addSender',
        ...S.adminDoc('Register a sender number (from); registering it again is harmless'),
        params: S.AccountIdParams,
        body: S.AddSenderBody,
        response: S.answers(S.SenderOfAccount),
      },
    },
    async (req) => addSender(ctx, { accountId: req.params.accountId, number: req.body.number }),
  );
  app.get(
    '/accounts/:accountId/senders',
    {
      schema: {
        operationId: 'listSenders',
        ...S.adminDoc("List the account's sender numbers"),
        params: S.AccountIdParams,
        response: S.answers(S.SenderList),
      },
    },
    async (req) => listSenders(ctx, req.params.accountId),
  );
  app.delete(
    '/accounts/:accountId/senders/:number',
    {
      schema: {
        operationId: 'removeSender',
        ...S.adminDoc('Remove a sender number'),
        params: S.SenderParams,
        response: S.answers(S.RemovedSender),
      },
    },
    async (req) => removeSender(ctx, req.params),
  );

  app.post(
    '/accounts/:accountId/sender-profiles',
    {
      schema: {
        operationId: 'putSenderProfile',
        ...S.adminDoc('Register a messaging channel profile, or update the given fields of it'),
        params: S.AccountIdParams,
        body: S.PutProfileBody,
        response: S.answers(S.Profile),
      },
    },
    async (req) => putProfile(ctx, { accountId: req.params.accountId, ...req.body }),
  );
  app.get(
    '/accounts/:accountId/sender-profiles',
    {
      schema: {
        operationId: 'listSenderProfiles',
        ...S.adminDoc("List the account's messaging channel profiles"),
        params: S.AccountIdParams,
        response: S.answers(S.ProfileList),
      },
    },
    async (req) => listAccountProfiles(ctx, req.params.accountId),
  );
  app.get(
    '/accounts/:accountId/sender-profiles/:senderKey',
    {
      schema: {
        operationId: 'getSenderProfile',
        ...S.adminDoc('One messaging channel profile of the account'),
        params: S.ProfileParams,
        response: S.answers(S.Profile),
      },
    },
    async (req) => showProfile(ctx, req.params),
  );
  app.patch(
    '/accounts/:accountId/sender-profiles/:senderKey',
    {
      schema: {
        operationId: 'updateSenderProfile',
        ...S.adminDoc('Change some fields of a messaging channel profile'),
        params: S.ProfileParams,
        body: S.PatchProfileBody,
        response: S.answers(S.Profile),
      },
    },
    async (req) => patchProfile(ctx, { ...req.params, ...req.body }),
  );
  app.delete(
    '/accounts/:accountId/sender-profiles/:senderKey',
    {
      schema: {
        operationId: 'removeSenderProfile',
        ...S.adminDoc('Remove a messaging channel profile'),
        params: S.ProfileParams,
        response: S.answers(S.RemovedProfile),
      },
    },
    async (req) => deleteProfile(ctx, req.params),
  );

  app.post(
    '/accounts/:accountId/rcs-brands',
    {
      schema: {
        operationId: 'adminPutRcsBrand',
        ...S.adminDoc('Register an RCS brand, or update it'),
        params: S.AccountIdParams,
        body: S.PutBrandBody,
        response: S.answers(S.Brand),
      },
    },
    async (req) => putBrand(ctx, { accountId: req.params.accountId, ...req.body }),
  );
  app.get(
    '/accounts/:accountId/rcs-brands',
    {
      schema: {
        operationId: 'adminListRcsBrands',
        ...S.adminDoc("List the account's RCS brands"),
        params: S.AccountIdParams,
        response: S.answers(S.BrandList),
      },
    },
    async (req) => listAccountBrands(ctx, req.params.accountId),
  );
  app.get(
    '/accounts/:accountId/rcs-brands/:brandId',
    {
      schema: {
        operationId: 'adminGetRcsBrand',
        ...S.adminDoc('One RCS brand of the account'),
        params: S.BrandParams,
        response: S.answers(S.Brand),
      },
    },
    async (req) => showBrand(ctx, req.params),
  );
  app.delete(
    '/accounts/:accountId/rcs-brands/:brandId',
    {
      schema: {
        operationId: 'adminRemoveRcsBrand',
        ...S.adminDoc('Remove an RCS brand'),
        params: S.BrandParams,
        response: S.answers(S.RemovedBrand),
      },
    },
    async (req) => deleteBrand(ctx, req.params),
  );
};
