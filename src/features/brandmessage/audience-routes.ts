import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { friendCount, friendPossible, possible } from './audience.ts';
import { accountOf } from './friend-group-principal.ts';
import { FriendPossibleBody, PossibleQuery, SenderKeyQuery } from './friend-group-schema.ts';

const BASE = '/api/comm/v1/center/brandmessage/groupMessage';
const tags = ['brand message broadcasts'];
const security = [{ apiKey: [] }];

/** The broadcast pre-send checks: possible, friend/possible, friendCount. */
export const audienceRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    `${BASE}/possible`,
    {
      schema: {
        operationId: 'countBroadcastAudience',
        tags,
        security,
        summary: 'How many a broadcast of msgType would reach (a friend group, or all friends)',
        querystring: PossibleQuery,
      },
    },
    async (req) => success(req.id, await possible(ctx, accountOf(req.principal), req.query)),
  );
  app.post(
    `${BASE}/friend/possible`,
    {
      schema: {
        operationId: 'countFriendsAmongNumbers',
        tags,
        security,
        summary: 'How many of the numbers (at least 10) are friends of the profile',
        body: FriendPossibleBody,
      },
    },
    async (req) => success(req.id, await friendPossible(ctx, accountOf(req.principal), req.body)),
  );
  app.get(
    `${BASE}/friendCount`,
    {
      schema: {
        operationId: 'getFriendCount',
        tags,
        security,
        summary: "The profile's friend count",
        querystring: SenderKeyQuery,
      },
    },
    async (req) => success(req.id, await friendCount(ctx, accountOf(req.principal), req.query.senderKey)),
  );
};
