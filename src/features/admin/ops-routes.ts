import type { FeaturePlugin } from '../types.ts';
import { actOnBroadcast, listBroadcastsOfAll } from './broadcast-ops.ts';
import {
  BROADCAST_ACTIONS,
  broadcastActionSchema,
  listBroadcastsSchema,
  listReservationsSchema,
  RESERVATION_ACTIONS,
  reservationActionSchema,
} from './campaign-schemas.ts';
import { listDeliveries, redeliverReport } from './deliveries.ts';
import { listDeliveriesSchema, redeliverReportSchema } from './delivery-schemas.ts';
import { showMessage } from './message-detail.ts';
import { exportMessages } from './message-export.ts';
import { exportMessagesSchema } from './message-export-schemas.ts';
import { showMessageRequest } from './message-request.ts';
import { showMessageRequestSchema } from './message-request-schemas.ts';
import { searchMessagesSchema, showMessageSchema } from './message-schemas.ts';
import { searchMessages } from './message-search.ts';
import { actOnReservation, listReservationsOfAll } from './reservation-ops.ts';

/**
 * The operator's views across accounts (what the console's Messages, Reservations, Broadcasts
 * and Webhooks pages read): message search and page, reservations and broadcasts with the client
 * API's own actions, webhook deliveries and report redelivery.
 */
export const opsRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get('/messages', { schema: searchMessagesSchema }, async (req) => searchMessages(ctx, req.query));
  app.get(
    '/messages/export',
    // A HEAD would walk every message for no body.
    { schema: exportMessagesSchema, exposeHeadRoute: false },
    async (req, reply) => {
      const file = await exportMessages(ctx, req.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  app.get('/messages/:msgKey', { schema: showMessageSchema }, async (req) =>
    showMessage(ctx, req.params.msgKey),
  );
  app.get('/messages/:msgKey/request', { schema: showMessageRequestSchema }, async (req) =>
    showMessageRequest(ctx, req.params.msgKey),
  );

  app.get('/reservations', { schema: listReservationsSchema }, async (req) =>
    listReservationsOfAll(ctx, req.query),
  );
  for (const action of RESERVATION_ACTIONS) {
    app.post(`/reservations/:resvKey/${action}`, { schema: reservationActionSchema(action) }, async (req) =>
      actOnReservation(ctx, req.params.resvKey, action),
    );
  }

  app.get('/broadcasts', { schema: listBroadcastsSchema }, async (req) =>
    listBroadcastsOfAll(ctx, req.query),
  );
  for (const action of BROADCAST_ACTIONS) {
    app.post(`/broadcasts/:requestId/${action}`, { schema: broadcastActionSchema(action) }, async (req) =>
      actOnBroadcast(ctx, req.params.requestId, action),
    );
  }

  app.get('/webhook-deliveries', { schema: listDeliveriesSchema }, async (req) =>
    listDeliveries(ctx, req.query),
  );
  app.post('/reports/:reportId/redeliver', { schema: redeliverReportSchema }, async (req) =>
    redeliverReport(ctx, req.params.reportId),
  );
};
