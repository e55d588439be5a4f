import { completeByHand } from '../brandmessage/friend-group-process.ts';
import { CompleteBody } from '../brandmessage/friend-group-schema.ts';
import type { FeaturePlugin } from '../types.ts';

/** POST /sandbox/v1/friend-groups/complete: processes IN_PROGRESS friend groups at once. */
export const sandboxFriendGroupRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    '/friend-groups/complete',
    {
      schema: {
        operationId: 'completeFriendGroups',
        tags: ['sandbox'],
        summary: 'Process IN_PROGRESS friend groups now (all, of a senderKey, or one) → friendGroups[]',
        body: CompleteBody,
      },
      // A bare POST (no body at all) means every IN_PROGRESS group.
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    async (req) => completeByHand(ctx, req.body),
  );
};
