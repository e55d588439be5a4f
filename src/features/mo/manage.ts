import type { Static } from '@sinclair/typebox';
import { isoKst, parseClientTime, parseKstDate } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { getAccount } from '../../store/accounts/accounts.ts';
import {
  getMo,
  listMo,
  MO_STATUSES,
  type MoRecord,
  type MoStatus,
  restartMoSchedule,
} from '../../store/mo/mo.ts';
import { OFFSET_MAX } from '../infomsg/schemas.ts';
import { moBody } from './body.ts';
import type { AdminMoPage, MoListQuery as MoListQuerySchema, MoPage, MoView } from './schemas.ts';

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

export type MoListQuery = Static<typeof MoListQuerySchema>;

export const MO_LIST_LIMIT_MAX = 1000;

/** The account's MOs, newest first, by receipt day and status (A734 naming a bad filter). */
export async function listMoPage(ctx: Ctx, accountId: string, q: MoListQuery): Promise<MoPage> {
  // lastSeq is the hosted service's cursor (its SDK pages by it): the MOs seen so far.
  const offset = q.lastSeq ?? q.offset ?? 0;
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
  let occurredSince: number | undefined;
  if (q.occurredTime !== undefined) {
    const at = parseClientTime(q.occurredTime);
    if (at === null) {
      throw new GatewayError('A734', `occurredTime must be ISO 8601 with an offset, got "${q.occurredTime}"`);
    }
    occurredSince = at;
  }
  // Bounded as the other lists are: a huge offset overflowed the database's integers (a 500).
  if (!Number.isInteger(offset) || offset < 0 || offset > OFFSET_MAX) {
    throw new GatewayError(
      'A734',
      `${q.lastSeq === undefined ? 'offset' : 'lastSeq'} must be 0 to ${OFFSET_MAX}`,
    );
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
    occurredSince,
    from: q.from,
    to: q.to,
    offset,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    messages: page.map(moView),
    offset,
    limit,
    hasNext: rows.length > limit,
    lastSeq: offset + page.length,
  };
}

/**
 * The operator's list of an account's MOs (A820 when the account is unknown), with whether the
 * account has a webhook now: without one an undelivered MO is not failing, it waits for one.
 */
export async function listAccountMo(ctx: Ctx, accountId: string, q: MoListQuery): Promise<AdminMoPage> {
  const account = await getAccount(ctx.store, accountId);
  if (!account) throw new GatewayError('A820', `account ${accountId}`);
  const webhookConfigured = Boolean(account.webhookUrl) && account.webhookSecret !== null;
  return { accountId, webhookConfigured, ...(await listMoPage(ctx, accountId, q)) };
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
