import { listMoPage, redeliverMo, showMo } from '../mo/manage.ts';
import { adminList, adminRedeliver, adminShow } from '../mo/schemas.ts';
import type { FeaturePlugin } from '../types.ts';
import { requireAccount } from './accounts.ts';

/** Operator view of MO messages and their redelivery. */
export const adminMoRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/accounts/:accountId/mo', { schema: adminList }, async (req) => {
    const { accountId } = req.params;
    await requireAccount(ctx, accountId);
    return { accountId, ...(await listMoPage(ctx, accountId, req.query)) };
  });
  app.get('/mo/:msgKey', { schema: adminShow }, async (req) => showMo(ctx, req.params.msgKey));
  app.post('/mo/:msgKey/redeliver', { schema: adminRedeliver }, async (req) =>
    redeliverMo(ctx, req.params.msgKey),
  );
};
