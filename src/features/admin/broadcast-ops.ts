import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { broadcastCreatedAt, walkBroadcasts } from '../../store/campaigns/admin-campaigns.ts';
import { type Broadcast, type BroadcastStatus, getBroadcast } from '../../store/campaigns/broadcasts.ts';
import { pause, resume, terminate, view } from '../brandmessage/broadcast-manage.ts';
import type { BroadcastAction, BroadcastListQuery, BroadcastPage, BroadcastRow } from './campaign-schemas.ts';
import { SCAN_WINDOW } from './ops-doc.ts';

type Row = Static<typeof BroadcastRow>;

/** What each state allows (brandmessage/broadcast-manage.ts decides and refuses the rest). */
const ALLOWED: Record<BroadcastAction, readonly BroadcastStatus[]> = {
  pause: ['SENDING'],
  resume: ['PAUSED'],
  terminate: ['READY', 'SENDING', 'PAUSED'],
};

function row(b: Broadcast): Row {
  return {
    accountId: b.accountId,
    ...view(b),
    accountRequestId: b.accountRequestId,
    progress: { sent: b.sendCount, expected: b.expectedCount },
    actions: (Object.keys(ALLOWED) as BroadcastAction[]).filter((a) => ALLOWED[a].includes(b.status)),
  };
}

/** GET /admin/v1/broadcasts: every account's broadcasts, newest first, with their progress. */
export async function listBroadcastsOfAll(
  ctx: Ctx,
  q: Static<typeof BroadcastListQuery>,
): Promise<Static<typeof BroadcastPage>> {
  let after: number | null = null;
  if (q.cursor !== undefined) {
    if (!/^\d{1,15}$/.test(q.cursor))
      throw new GatewayError('A300', `cursor "${q.cursor}" is not a next of this list`);
    after = Number(q.cursor);
  }
  const w = await walkBroadcasts(
    ctx.store,
    { accountId: q.accountId, senderKey: q.senderKey, status: q.status },
    after,
    q.limit ?? 50,
    SCAN_WINDOW,
  );
  let searchedUntil: string | null = null;
  if (w.windowEnded && w.next !== null) {
    const at = await broadcastCreatedAt(ctx.store, w.next);
    searchedUntil = at === undefined ? null : isoKst(at);
  }
  return { broadcasts: w.rows.map(row), next: w.next === null ? null : String(w.next), searchedUntil };
}

const ACTIONS = { pause, resume, terminate } as const;

/**
 * POST /admin/v1/broadcasts/{requestId}/{action}: the client API's own use case, run as the
 * account and profile that own the broadcast (A820 unknown; A824 naming the state it is in).
 */
export async function actOnBroadcast(ctx: Ctx, requestId: number, action: BroadcastAction): Promise<Row> {
  const b = await getBroadcast(ctx.store.db, requestId);
  if (!b) throw new GatewayError('A820', `broadcast ${requestId}`);
  return row(await ACTIONS[action](ctx, b.accountId, b.senderKey, b.accountRequestId));
}
