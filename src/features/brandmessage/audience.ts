import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { brandKind } from '../../rules/brand-message.ts';
import { classifyNumber } from '../../rules/phone.ts';
import { countRecipients, pageHandsets, pageRecipients } from '../../store/campaigns/friend-group-numbers.ts';
import { findFriendGroup } from '../../store/campaigns/friend-groups.ts';
import { countFriends, standingOf, worldKnows } from './audience-world.ts';
import { checkPhoneList } from './friend-group-list.ts';
import { ownGroup, ownProfile } from './friend-group-manage.ts';
import type { AudiencePossibleT, FriendCountT } from './friend-group-schema.ts';

/*
 * Who a broadcast reaches, and the pre-send checks (groupMessage/possible, friend/possible,
 * friendCount). A friend group reaches its numbers that its last processing found to be app
 * users and friends of the profile. "All friends" reaches the sandbox handsets the operator set
 * up that are app users and friends of the profile: the gateway holds no list of a channel's
 * friends, and unconfigured numbers are countless. With the sandbox off, all friends is nobody.
 */

/** Handsets read per statement while walking the all-friends audience. */
const HANDSET_PAGE = 500;

/**
 * The numbers a broadcast sends to, ascending, strictly after `after`, at most `limit`:
 * a group's friends (none when the group does not exist), or all friends (friendGroupKey null).
 */
export async function broadcastRecipients(
  ctx: Ctx,
  senderKey: string,
  friendGroupKey: string | null,
  after: string | null,
  limit: number,
): Promise<string[]> {
  if (limit <= 0) return [];
  if (friendGroupKey !== null) {
    const g = await findFriendGroup(ctx.store, senderKey, friendGroupKey);
    return g ? pageRecipients(ctx.store, g.id, g.processedRevision, after, limit) : [];
  }
  if (!worldKnows(ctx)) return [];
  const out: string[] = [];
  const now = ctx.clock.now();
  let cursor = after;
  for (;;) {
    const rows = await pageHandsets(ctx.store, cursor, HANDSET_PAGE);
    for (const row of rows) {
      // Handsets are set by any 8-15 digits; only a number a message can go to, as written, counts.
      if (classifyNumber(row.phone)?.number !== row.phone) continue;
      if (!standingOf(senderKey, row, now).friend) continue;
      out.push(row.phone);
      if (out.length >= limit) return out;
    }
    const last = rows.at(-1);
    if (rows.length < HANDSET_PAGE || !last) return out;
    cursor = last.phone;
  }
}

/** How many numbers broadcastRecipients gives in all. */
export async function countBroadcastRecipients(
  ctx: Ctx,
  senderKey: string,
  friendGroupKey: string | null,
): Promise<number> {
  if (friendGroupKey !== null) {
    const g = await findFriendGroup(ctx.store, senderKey, friendGroupKey);
    return g ? countRecipients(ctx.store, g.id, g.processedRevision) : 0;
  }
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const page = await broadcastRecipients(ctx, senderKey, null, after, 10_000);
    count += page.length;
    const last = page.at(-1);
    if (page.length < 10_000 || last === undefined) return count;
    after = last;
  }
}

/**
 * GET groupMessage/possible: how many would receive a message of `msgType` (A523 for a type
 * that is not a brand message type). Every type reaches the same audience here: the sandbox
 * knows no app versions. A group must be COMPLETED (A558): an IN_PROGRESS count is not yet known.
 */
export async function possible(
  ctx: Ctx,
  accountId: string,
  q: { senderKey: string; msgType: string; friendGroupKey?: string | undefined },
): Promise<AudiencePossibleT> {
  await ownProfile(ctx, accountId, q.senderKey, 'senderKey');
  if (brandKind(q.msgType) === undefined)
    throw new GatewayError('A523', `msgType ${JSON.stringify(q.msgType)}`);
  if (q.friendGroupKey) {
    const g = await ownGroup(ctx, accountId, q.senderKey, q.friendGroupKey);
    if (g.status !== 'COMPLETED') {
      throw new GatewayError('A558', `friendGroupKey ${g.friendGroupKey} is ${g.status}`);
    }
    return { possible: await countBroadcastRecipients(ctx, q.senderKey, g.friendGroupKey) };
  }
  return { possible: await countBroadcastRecipients(ctx, q.senderKey, null) };
}

/** The spec's floor for an audience check by numbers. */
export const FRIEND_CHECK_MIN = 10;

/**
 * POST groupMessage/friend/possible: how many of the (distinct) numbers are friends of the
 * profile now. Fewer than 10 entries (A760) or any malformed one (A553) rejects the request.
 */
export async function friendPossible(
  ctx: Ctx,
  accountId: string,
  body: { senderKey: string; phoneNumbers: string[] },
): Promise<AudiencePossibleT> {
  await ownProfile(ctx, accountId, body.senderKey, 'senderKey');
  if (body.phoneNumbers.length < FRIEND_CHECK_MIN) {
    throw new GatewayError(
      'A760',
      `phoneNumbers has ${body.phoneNumbers.length} entries, at least ${FRIEND_CHECK_MIN} are required`,
    );
  }
  const phones = checkPhoneList('phoneNumbers', body.phoneNumbers);
  return { possible: await countFriends(ctx, body.senderKey, phones) };
}

/** GET groupMessage/friendCount: the profile's friend count as the operator set it. */
export async function friendCount(ctx: Ctx, accountId: string, senderKey: string): Promise<FriendCountT> {
  const p = await ownProfile(ctx, accountId, senderKey, 'senderKey');
  return { count: p.friendCount };
}
