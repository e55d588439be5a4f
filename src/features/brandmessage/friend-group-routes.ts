import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { audienceRoutes } from './audience-routes.ts';
import { readNumberListForm, uploadNumberFile } from './friend-group-file.ts';
import { changeNumbers, deleteGroup, listGroups, registerGroup, viewGroup } from './friend-group-manage.ts';
import { accountOf } from './friend-group-principal.ts';
import {
  ChangeBody,
  GroupListQuery,
  GroupParams,
  GroupQuery,
  NumberListForm,
  RegisterBody,
} from './friend-group-schema.ts';
import { groupTagRoutes } from './group-tag-routes.ts';

const BASE = '/api/comm/v1/center/brandmessage/friendGroup';
const tags = ['brand message friend groups'];
const security = [{ apiKey: [] }];

/** Friend groups, group tags and the audience checks (possible, friend/possible, friendCount). */
export const friendGroupRoutes: FeaturePlugin = async (app, { ctx }) => {
  await app.register(groupTagRoutes, { ctx });
  await app.register(audienceRoutes, { ctx });

  app.post(
    `${BASE}/file`,
    {
      schema: {
        operationId: 'uploadFriendGroupNumbers',
        tags,
        security,
        summary: 'Upload a phone-number list (form-data senderKey, file) → fileKey, expiredAt (24 h)',
        consumes: ['multipart/form-data'],
        body: NumberListForm,
      },
      // The parts are streamed by the handler; the schema documents the form only.
      validatorCompiler: () => () => true,
    },
    async (req) => {
      const accountId = accountOf(req.principal);
      const form = await readNumberListForm(req);
      return success(req.id, { friendGroup: await uploadNumberFile(ctx, accountId, form) });
    },
  );

  app.post(
    BASE,
    {
      schema: {
        operationId: 'createFriendGroup',
        tags,
        security,
        summary: 'Register a friend group (IN_PROGRESS until processed)',
        body: RegisterBody,
      },
    },
    async (req) =>
      success(req.id, {
        friendGroup: await registerGroup(ctx, accountOf(req.principal), req.body.friendGroup),
      }),
  );

  app.get(
    BASE,
    {
      schema: {
        operationId: 'getFriendGroup',
        tags,
        security,
        summary: 'One friend group with its counts',
        querystring: GroupQuery,
      },
    },
    async (req) =>
      success(req.id, { friendGroup: await viewGroup(ctx, accountOf(req.principal), req.query) }),
  );

  app.get(
    `${BASE}/list`,
    {
      schema: {
        operationId: 'listFriendGroups',
        tags,
        security,
        summary: 'The friend groups of a senderKey',
        querystring: GroupListQuery,
      },
    },
    async (req) =>
      success(req.id, { friendGroup: await listGroups(ctx, accountOf(req.principal), req.query) }),
  );

  for (const [action, operationId] of [
    ['add', 'addFriendGroupNumbers'],
    ['remove', 'removeFriendGroupNumbers'],
  ] as const) {
    app.post(
      `${BASE}/phoneNumbers/${action}`,
      {
        schema: {
          operationId,
          tags,
          security,
          summary: `${action === 'add' ? 'Add numbers to' : 'Remove numbers from'} a friend group (processed again)`,
          body: ChangeBody,
        },
      },
      async (req) =>
        success(req.id, {
          friendGroup: await changeNumbers(ctx, accountOf(req.principal), req.body.friendGroup, action),
        }),
    );
  }

  app.delete(
    `${BASE}/senderKey/:senderKey/friendGroupKey/:friendGroupKey`,
    {
      schema: {
        operationId: 'deleteFriendGroup',
        tags,
        security,
        summary: 'Delete a friend group',
        params: GroupParams,
      },
    },
    async (req) => {
      await deleteGroup(ctx, accountOf(req.principal), req.params.senderKey, req.params.friendGroupKey);
      return success(req.id);
    },
  );
};
