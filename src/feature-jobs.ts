import type { InboundMo } from './connectors/types.ts';
import type { Ctx } from './context.ts';
import type { EngineFeatures } from './engine/engine.ts';
import type { JobHandler } from './engine/runner.ts';
import { sealPlainWebhookSecrets } from './features/admin/secrets.ts';
import { broadcastJobHandlers } from './features/brandmessage/broadcast-jobs.ts';
import { friendGroupJobHandlers } from './features/brandmessage/friend-group-jobs.ts';
import { videoJobHandlers } from './features/brandmessage/video-jobs.ts';
import { infomsgJobHandlers } from './features/infomsg/jobs.ts';
import { moJobHandlers } from './features/mo/jobs.ts';
import { receiveNetworkMo } from './features/mo/receive.ts';
import { reportJobHandlers } from './features/reports/jobs.ts';
import { routeReports } from './features/reports/route.ts';
import { reservationJobHandlers } from './features/reservations/fire.ts';
import { twofaJobHandlers } from './features/twofa/jobs.ts';

/**
 * What the features give the engine: their jobs' handlers, and what must be done once before any
 * job runs. Wired here, beside src/gateway.ts and src/engine-thread.ts (the two places that build
 * an engine), so that src/engine/ knows no feature.
 */
export const FEATURE_JOBS: EngineFeatures = {
  routeReports,
  jobHandlers(ctx: Ctx): Array<[string, JobHandler]> {
    return [
      reportJobHandlers,
      reservationJobHandlers,
      infomsgJobHandlers,
      friendGroupJobHandlers,
      videoJobHandlers,
      broadcastJobHandlers,
      twofaJobHandlers,
      moJobHandlers,
    ].flatMap((make) => [...make(ctx)]);
  },
  async receiveMo(ctx: Ctx, mo: InboundMo): Promise<void> {
    await receiveNetworkMo(ctx, mo);
  },
  async prepare(ctx: Ctx): Promise<void> {
    // Webhook secrets stored before sealing existed are sealed at the first start after it.
    await sealPlainWebhookSecrets(ctx);
  },
};
