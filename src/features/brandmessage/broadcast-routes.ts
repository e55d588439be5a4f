import { parseKst } from '../../clock.ts';
import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import { estimateFinish } from '../../rules/broadcast-window.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import { getProfile } from '../../store/templates/profiles.ts';
import type { FeaturePlugin } from '../types.ts';
import { createBroadcast, DEFAULT_TPS, MAX_TPS } from './broadcast-create.ts';
import { loadOwn, pause, record, resume, terminate } from './broadcast-manage.ts';
import { ActionBody, CreateBody, EstimateQuery, GetQuery } from './broadcast-schema.ts';

const BASE = '/api/comm/v1/center/brandmessage/groupMessage';
const tags = ['brand message broadcasts'];
const security = [{ apiKey: [] }];

function who(principal: KeyPrincipal | null): KeyPrincipal {
  if (!principal) throw new GatewayError('A401');
  return principal;
}

/** `2026-11-23T10:00:00` (the estimate's own format, Korea time). */
function isoLocal(ms: number): string {
  return new Date(ms + 9 * 3600_000).toISOString().slice(0, 19);
}

/** Brand message broadcasts (groupMessage): create, look up, pause, resume, terminate, estimate. */
export const broadcastRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createBroadcast',
        tags,
        security,
        summary: 'Schedule a broadcast (READY, sendCount 0)',
        body: CreateBody,
      },
    },
    async (req) =>
      success(req.id, { brandmessage: record(await createBroadcast(ctx, who(req.principal), req.body)) }),
  );

  app.get(
    BASE,
    {
      schema: {
        operationId: 'getBroadcast',
        tags,
        security,
        summary: 'A broadcast by requestId',
        querystring: GetQuery,
      },
    },
    async (req) => {
      const p = who(req.principal);
      const b = await loadOwn(ctx, p.account.id, req.query.senderKey, req.query.requestId);
      return success(req.id, { brandmessage: record(b) });
    },
  );

  for (const [suffix, action, operationId, summary] of [
    ['pause', pause, 'pauseBroadcast', 'SENDING → PAUSED'],
    ['resume', resume, 'resumeBroadcast', 'PAUSED → READY'],
    ['terminate', terminate, 'terminateBroadcast', 'READY, SENDING or PAUSED → TERMINATED'],
  ] as const) {
    app.post(
      `${BASE}/${suffix}`,
      { schema: { operationId, tags, security, summary, body: ActionBody } },
      async (req) => {
        const { senderKey, requestId } = req.body.brandmessage;
        const b = await action(ctx, who(req.principal).account.id, senderKey, requestId);
        return success(req.id, { brandmessage: record(b) });
      },
    );
  }

  app.get(
    `${BASE}/estimate`,
    {
      schema: {
        operationId: 'estimateBroadcast',
        tags,
        security,
        summary: 'When a broadcast of count messages starting at startTime would finish (08:00-20:50 only)',
        querystring: EstimateQuery,
      },
    },
    async (req) => {
      const p = who(req.principal);
      const q = req.query;
      if (!(await getProfile(ctx.store, p.account.id, q.senderKey))) {
        throw new GatewayError('A340', `senderKey ${q.senderKey}`);
      }
      const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(q.startTime)
        ? parseKst(q.startTime.replace('T', ' '))
        : null;
      if (start === null)
        throw new GatewayError(
          'A593',
          `startTime ${JSON.stringify(q.startTime)}: expected yyyy-MM-ddTHH:mm:ss`,
        );
      const tps = q.tpsLimit ?? DEFAULT_TPS;
      if (!Number.isInteger(tps) || tps < 1 || tps > MAX_TPS)
        throw new GatewayError('A596', `tpsLimit ${tps}: 1 to ${MAX_TPS}`);
      const finish = estimateFinish(start, q.count, tps);
      // Flat in data.data, as the other checks (/possible, /friendCount) answer.
      return success(req.id, {
        estimatedFinishedAt: isoLocal(finish),
        duration: Math.round((finish - start) / 1000),
      });
    },
  );
};
