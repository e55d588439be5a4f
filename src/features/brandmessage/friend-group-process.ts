import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  countStandings,
  groupHandsets,
  resetStandings,
  setStandings,
} from '../../store/campaigns/friend-group-numbers.ts';
import {
  completeGroup,
  type FriendGroup,
  findFriendGroup,
  getGroupById,
  listGroupsInProgress,
} from '../../store/campaigns/friend-groups.ts';
import { transact } from '../../store/db/work-signal.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import type { NewJob } from '../../store/jobs/jobs.ts';
import { standingOf, worldKnows } from './audience-world.ts';
import type { FriendGroupView } from './friend-group-schema.ts';
import { groupView } from './friend-group-view.ts';

/** The processing of one revision of a group's numbers (friend-group-jobs.ts runs it). */
export const PROCESS = defineJob(
  'friendGroup.process',
  Type.Object({ groupId: Type.String({ minLength: 1 }), revision: Type.Integer() }),
);
export const PROCESS_JOB = PROCESS.kind;
/** Processing runs this long after a change, on the gateway clock (never inside the request). */
export const PROCESS_DELAY_MS = 5000;

/** The processing of one revision of a group; a later change schedules its own. */
export function processJob(group: FriendGroup, now: number): NewJob {
  return PROCESS.job(
    { groupId: group.id, revision: group.revision },
    { runAt: now + PROCESS_DELAY_MS, dedupeKey: `${PROCESS_JOB}:${group.id}:${group.revision}` },
  );
}

/**
 * Judges every number of the group as the world is now and completes the group with its counts:
 * the numbers that differed take the default standing back, then the few with a sandbox handset
 * take theirs (one UPDATE per standing, not one per number). All in one transaction, and the completion is
 * conditional on the revision read: a change committed meanwhile leaves the group IN_PROGRESS
 * for its own processing. `revision` undefined: whatever revision the group is at (by hand).
 * Returns the completed group, or undefined when there was nothing to complete.
 */
export async function processGroup(
  ctx: Ctx,
  id: string,
  revision?: number,
): Promise<FriendGroup | undefined> {
  return transact(ctx.store, async (tx) => {
    const g = await getGroupById(tx, id);
    if (g?.status !== 'IN_PROGRESS') return undefined;
    if (revision !== undefined && g.revision !== revision) return undefined;
    const now = ctx.clock.now();
    await resetStandings(tx, id);
    if (worldKnows(ctx)) {
      const notUsers: string[] = [];
      const notFriends: string[] = [];
      for (const row of await groupHandsets(tx, id)) {
        const s = standingOf(g.senderKey, row, now);
        if (!s.appUser) notUsers.push(row.phone);
        else if (!s.friend) notFriends.push(row.phone);
      }
      await setStandings(tx, id, notUsers, false, false);
      await setStandings(tx, id, notFriends, true, false);
    }
    return completeGroup(tx, id, g.revision, await countStandings(tx, id), now);
  });
}

/**
 * The sandbox's POST /sandbox/v1/friend-groups/complete: processes at once the IN_PROGRESS
 * groups (of a senderKey, with a key, or all). Naming both senderKey and friendGroupKey of a
 * group that does not exist is A552; one already COMPLETED is shown unchanged.
 */
export async function completeByHand(
  ctx: Ctx,
  input: { senderKey?: string | undefined; friendGroupKey?: string | undefined },
): Promise<{ friendGroups: FriendGroupView[] }> {
  const pending = await listGroupsInProgress(ctx.store, input.senderKey, input.friendGroupKey);
  const out: FriendGroupView[] = [];
  for (const g of pending) {
    const done = await processGroup(ctx, g.id);
    const now = done ?? (await getGroupById(ctx.store.db, g.id));
    if (now) out.push(groupView(now));
  }
  if (out.length === 0 && input.senderKey !== undefined && input.friendGroupKey !== undefined) {
    const g = await findFriendGroup(ctx.store, input.senderKey, input.friendGroupKey);
    if (!g)
      throw new GatewayError(
        'A552',
        `friendGroupKey ${input.friendGroupKey} of senderKey ${input.senderKey}`,
      );
    out.push(groupView(g));
  }
  return { friendGroups: out };
}
