import { isoKst, parseKstDate } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  getMo,
  listMo,
  MO_STATUSES,
  type MoRecord,
  type MoStatus,
  restartMoSchedule,
} from '../../store/mo/mo.ts';
import { OFFSET_MAX } from '../infomsg/schemas.ts';
import { type MoBody, moBody } from './body.ts';

/** An MO as the client and the operator read it: the webhook body plus its delivery. */
export interface MoView extends MoBody {
  /** PENDING (first attempt or a redelivery due), FAILED (retry scheduled), DELIVERED, GIVEN_UP. */
  status: MoStatus;
  attempts: number;
  lastError: string | null;
  /** ISO 8601, +09:00; null when not (yet) so. */
  receivedAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : isoKst(ms));

export function moView(mo: MoRecord): MoView {
  return {
    ...moBody(mo),
    status: mo.status,
    attempts: mo.attempts,
    lastError: mo.lastError,
    receivedAt: isoKst(mo.receivedAt),
    lastAttemptAt: iso(mo.lastAttemptAt),
    nextAttemptAt: iso(mo.nextAttemptAt),
    deliveredAt: iso(mo.deliveredAt),
  };
}

export interface MoListQuery {
  /** yyyyMMdd: MOs received that Korea-time day. */
  date?: string | undefined;
  status?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export interface MoPage {
  messages: MoView[];
  offset: number;
  limit: number;
  /** More after this page (ask again with offset + limit). */
  hasNext: boolean;
}

export const MO_LIST_LIMIT_MAX = 1000;

/** The account's MOs, newest first, by receipt day and status (A734 naming a bad filter). */
export async function listMoPage(ctx: Ctx, accountId: string, q: MoListQuery): Promise<MoPage> {
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 100;
  let since: number | undefined;
  if (q.date !== undefined) {
    const day = parseKstDate(q.date);
    if (day === null) throw new GatewayError('A734', `date must be yyyyMMdd, got "${q.date}"`);
    since = day;
  }
  let status: MoStatus | undefined;
  if (q.status !== undefined) {
    status = MO_STATUSES.find((s) => s === q.status);
    if (status === undefined) {
      throw new GatewayError('A734', `status must be one of ${MO_STATUSES.join(', ')}, got "${q.status}"`);
    }
  }
  // Bounded as the other lists are: a huge offset overflowed the database's integers (a 500).
  if (!Number.isInteger(offset) || offset < 0 || offset > OFFSET_MAX) {
    throw new GatewayError('A734', `offset must be 0 to ${OFFSET_MAX}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MO_LIST_LIMIT_MAX) {
    throw new GatewayError('A734', `limit must be from 1 to ${MO_LIST_LIMIT_MAX}`);
  }
  // One more than asked tells whether another page follows.
  const rows = await listMo(ctx.store, {
    accountId,
    status,
    since,
    before: since === undefined ? undefined : since + 86_400_000,
    offset,
    limit: limit + 1,
  });
  return { messages: rows.slice(0, limit).map(moView), offset, limit, hasNext: rows.length > limit };
}

export async function showMo(ctx: Ctx, msgKey: string): Promise<MoView & { accountId: string }> {
  const mo = await getMo(ctx.store.db, msgKey);
  if (!mo) throw new GatewayError('A732', `msgKey ${msgKey}`);
  return { accountId: mo.accountId, ...moView(mo) };
}

/**
 * The operator's redelivery: a new schedule starts now (first attempt at once, then the usual
 * delays and a new 24 h limit). Any MO not yet acknowledged may be redelivered; an acknowledged
 * one is refused (A733): the gateway posts an MO until it is acknowledged, and never after.
 */
export async function redeliverMo(ctx: Ctx, msgKey: string): Promise<MoView & { accountId: string }> {
  const mo = await getMo(ctx.store.db, msgKey);
  if (!mo) throw new GatewayError('A732', `msgKey ${msgKey}`);
  if (!(await restartMoSchedule(ctx.store, msgKey, ctx.clock.now()))) {
    // Acknowledged before or during this call.
    throw new GatewayError('A733', `msgKey ${msgKey} was delivered`);
  }
  // The restart's commit woke the workers; their post is still on its way when this is read.
  return showMo(ctx, msgKey);
}
