import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { accountOf } from './friend-group-principal.ts';
import { GroupTagBody, GroupTagParams, GroupTagQuery, SenderKeyQuery } from './friend-group-schema.ts';
import {
  createGroupTag,
  listTags,
  removeGroupTag,
  updateGroupTag,
  viewGroupTag,
} from './group-tag-manage.ts';

const BASE = '/api/comm/v1/center/brandmessage/groupTag';
const tags = ['brand message group tags'];
const security = [{ apiKey: [] }];

/** Group tags of a sender profile: create, rename, look up, list, delete. */
export const groupTagRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createGroupTag',
        tags,
        security,
        summary: 'Create a group tag',
        body: GroupTagBody,
      },
    },
    async (req) => success(req.id, await createGroupTag(ctx, accountOf(req.principal), req.body)),
  );
  app.put(
    BASE,
    {
      schema: {
        operationId: 'renameGroupTag',
        tags,
        security,
        summary: 'Rename a group tag',
        body: GroupTagBody,
      },
    },
    async (req) => success(req.id, await updateGroupTag(ctx, accountOf(req.principal), req.body)),
  );
  app.get(
    BASE,
    {
      schema: {
        operationId: 'getGroupTag',
        tags,
        security,
        summary: 'One group tag (as groupTags[])',
        querystring: GroupTagQuery,
      },
    },
    async (req) => success(req.id, await viewGroupTag(ctx, accountOf(req.principal), req.query)),
  );
  app.get(
    `${BASE}/list`,
    {
      schema: {
        operationId: 'listGroupTags',
        tags,
        security,
        summary: 'The group tags of a senderKey',
        querystring: SenderKeyQuery,
      },
    },
    async (req) => success(req.id, await listTags(ctx, accountOf(req.principal), req.query.senderKey)),
  );
  app.delete(
    `${BASE}/senderKey/:senderKey/groupTagKey/:groupTagKey`,
    {
      schema: {
        operationId: 'deleteGroupTag',
        tags,
        security,
        summary: 'Delete a group tag',
        params: GroupTagParams,
      },
    },
    async (req) => {
      await removeGroupTag(ctx, accountOf(req.principal), req.params.senderKey, req.params.groupTagKey);
      return success(req.id);
    },
  );
};
