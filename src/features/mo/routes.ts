import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { listMoPage } from './manage.ts';
import { clientHistory } from './schemas.ts';

/** MO messages of the client: GET /api/comm/v1/message/history/mo. */
export const moRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/api/comm/v1/message/history/mo', { schema: clientHistory }, async (req) => {
    if (!req.principal) throw new GatewayError('A401', 'no API key');
    return success(req.id, await listMoPage(ctx, req.principal.account.id, req.query));
  });
};
