import { Type } from '@sinclair/typebox';
import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import type { FeaturePlugin } from '../types.ts';
import { applyPermission, checkPermission } from './permission.ts';
import { SENDER_KEY_MAX } from './video-schema.ts';

const PATH = '/api/comm/v1/center/brandmessage/sendPermission';
const tags = ['brand message send permission'];
const security = [{ apiKey: [] }];
const SenderKey = Type.String({ minLength: 1, maxLength: SENDER_KEY_MAX });

// The spec writes brandMessage; the other brand message bodies write brandmessage: both are taken.
const ApplyBody = Type.Object({
  brandMessage: Type.Optional(Type.Object({ senderKey: SenderKey })),
  brandmessage: Type.Optional(Type.Object({ senderKey: SenderKey })),
});

function accountOf(principal: KeyPrincipal | null): string {
  if (!principal) throw new GatewayError('A401');
  return principal.account.id;
}

/** Brand message send permission (own-member targeting M, N, O): check and apply. */
export const permissionRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    PATH,
    {
      schema: {
        operationId: 'checkSendPermission',
        tags,
        security,
        summary: 'A000 when the senderKey’s channel holds send permission, A325 otherwise',
        querystring: Type.Object({ senderKey: SenderKey }),
      },
    },
    async (req) => {
      await checkPermission(ctx, accountOf(req.principal), req.query.senderKey);
      return success(req.id);
    },
  );

  app.post(
    PATH,
    {
      schema: {
        operationId: 'applyForSendPermission',
        tags,
        security,
        summary: 'Apply for send permission: granted for the channel when every requirement holds',
        body: ApplyBody,
      },
    },
    async (req) => {
      const target = req.body.brandMessage ?? req.body.brandmessage;
      if (!target) throw new GatewayError('A300', 'brandMessage is required');
      await applyPermission(ctx, accountOf(req.principal), target.senderKey);
      return success(req.id);
    },
  );
};
