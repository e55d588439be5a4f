import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { messageInquiry, reportInquiry } from './inquiry.ts';
import { ackReports, pollReports } from './polling.ts';
import * as S from './schemas.ts';

/** The caller's account. The API-key hook answers 401 before a handler runs without one. */
function accountOf(req: FastifyRequest): string {
  if (!req.principal) throw new GatewayError('A401', 'no API key');
  return req.principal.account.id;
}

/** Report polling, report inquiry and message inquiry (client API). */
export const reportRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/api/comm/v1/report/polling', { schema: S.polling }, async (req) =>
    success(req.id, await pollReports(ctx, accountOf(req))),
  );

  // Answers the envelope, never an empty 204: clients parse every answer as JSON (docs/reports.md#polling).
  app.delete('/api/comm/v1/report/polling/:reportId', { schema: S.pollingAck }, async (req) =>
    success(req.id, await ackReports(ctx, { accountId: accountOf(req), reportId: req.params.reportId })),
  );

  app.get('/api/comm/v1/report/inquiry/:msgKey', { schema: S.reportInquiry }, async (req) =>
    success(req.id, await reportInquiry(ctx, { accountId: accountOf(req), msgKey: req.params.msgKey })),
  );

  app.get('/api/comm/v1/message/inquiry/msgKey/:msgKey', { schema: S.messageInquiry }, async (req) =>
    success(req.id, await messageInquiry(ctx, { accountId: accountOf(req), msgKey: req.params.msgKey })),
  );
};
