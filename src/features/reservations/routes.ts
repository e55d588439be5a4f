import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import { Directory } from '../send/directory.ts';
import type { FeaturePlugin } from '../types.ts';
import { createReservation } from './create.ts';
import { addDestinations, destinations, removeDestination, update } from './edit.ts';
import { cancel, listViews, loadOwn, resume, stop, view } from './manage.ts';
import {
  AddDestinationsBody,
  DestinationParams,
  ListQuery,
  PageQuery,
  ReservationBody,
  ResvKeyParams,
  UpdateBody,
} from './schema.ts';

const BASE = '/api/comm/v1/reservation';
const tags = ['reservations'];
const security = [{ apiKey: [] }];

function who(principal: KeyPrincipal | null): KeyPrincipal {
  if (!principal) throw new GatewayError('A401');
  return principal;
}

/** Reservation sends and their management (docs/api.md#reservations, docs/decisions.md#reservations). */
export const reservationRoutes: FeaturePlugin = async (app, { ctx }) => {
  const dir = new Directory(ctx);

  app.post(
    BASE,
    {
      schema: {
        tags,
        security,
        operationId: 'createReservation',
        summary: 'Reserve a send for resvSendTime (Korea time)',
        body: ReservationBody,
      },
    },
    async (req) => {
      const out = await createReservation(ctx, dir, who(req.principal), req.body);
      return success(
        req.id,
        { destinations: out.destinations },
        { ref: req.body.ref ?? '', resvKey: out.resvKey },
      );
    },
  );

  app.get(
    `${BASE}/list`,
    {
      schema: {
        tags,
        security,
        operationId: 'listReservations',
        summary: 'Reservations (of one send day), cursor paging by lastSeq',
        querystring: ListQuery,
      },
    },
    async (req) => success(req.id, await listViews(ctx, who(req.principal).account.id, req.query)),
  );

  app.get(
    `${BASE}/resvKey/:resvKey`,
    {
      schema: {
        operationId: 'getReservation',
        tags,
        security,
        summary: 'One reservation',
        params: ResvKeyParams,
      },
    },
    async (req) => {
      const accountId = who(req.principal).account.id;
      return success(req.id, await view(ctx, await loadOwn(ctx, accountId, req.params.resvKey)));
    },
  );

  app.put(
    `${BASE}/resvKey/:resvKey`,
    {
      schema: {
        tags,
        security,
        operationId: 'updateReservation',
        summary: 'Update time, name or messages (PENDING only)',
        params: ResvKeyParams,
        body: UpdateBody,
      },
    },
    async (req) => success(req.id, await update(ctx, dir, who(req.principal), req.params.resvKey, req.body)),
  );

  const actions = { cancel, stop, resume } as const;
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `${BASE}/resvKey/:resvKey/${name}`,
      {
        schema: {
          tags,
          security,
          operationId: `${name}Reservation`,
          summary: `${name[0]?.toUpperCase()}${name.slice(1)} a reservation`,
          params: ResvKeyParams,
        },
      },
      async (req) => success(req.id, await action(ctx, who(req.principal).account.id, req.params.resvKey)),
    );
  }

  app.get(
    `${BASE}/resvKey/:resvKey/destinations`,
    {
      schema: {
        tags,
        security,
        operationId: 'listReservationDestinations',
        summary: 'The reservation’s recipients',
        params: ResvKeyParams,
        querystring: PageQuery,
      },
    },
    async (req) =>
      success(req.id, await destinations(ctx, who(req.principal).account.id, req.params.resvKey, req.query)),
  );

  app.post(
    `${BASE}/resvKey/:resvKey/destinations`,
    {
      schema: {
        tags,
        security,
        operationId: 'addReservationDestinations',
        summary: 'Add up to 1000 recipients (PENDING or STOPPED)',
        params: ResvKeyParams,
        body: AddDestinationsBody,
      },
    },
    async (req) =>
      success(req.id, await addDestinations(ctx, who(req.principal), req.params.resvKey, req.body)),
  );

  app.delete(
    `${BASE}/resvKey/:resvKey/destinations/msgKey/:msgKey`,
    {
      schema: {
        tags,
        security,
        operationId: 'removeReservationDestination',
        summary: 'Remove a recipient that has not gone out',
        params: DestinationParams,
      },
    },
    async (req) =>
      success(
        req.id,
        await removeDestination(ctx, who(req.principal).account.id, req.params.resvKey, req.params.msgKey),
      ),
  );
};
