import { showMoDetail } from '../mo/detail.ts';
import { listAccountMo, redeliverMo } from '../mo/manage.ts';
import { adminList, adminRedeliver, adminShow } from '../mo/schemas.ts';
import type { FeaturePlugin } from '../types.ts';

/** Operator view of MO messages and their redelivery. */
export const adminMoRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/accounts/:accountId/mo', { schema: adminList }, async (req) =>
    listAccountMo(ctx, req.params.accountId, req.query),
  );
  app.get('/mo/:msgKey', { schema: adminShow }, async (req) => showMoDetail(ctx, req.params.msgKey));
  app.post('/mo/:msgKey/redeliver', { schema: adminRedeliver }, async (req) =>
    redeliverMo(ctx, req.params.msgKey),
  );
};
