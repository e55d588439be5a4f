import { resolveHandset } from '../../connectors/sandbox/handset.ts';
import { parseSettings } from '../../connectors/sandbox/settings.ts';
import type { Ctx } from '../../context.ts';
import { findHandsets, type HandsetRow } from '../../store/sandbox/sandbox.ts';

/*
 * Who is an app user and a friend of a profile. The sandbox world decides: an unconfigured
 * number is an app user and a friend of every profile; a handset with appUser null is not a
 * user (and so no friend); one with friendOf is a friend of those senderKeys only. With the
 * sandbox off there is no world to ask, and every well-formed number counts as both.
 */

export interface Standing {
  appUser: boolean;
  /** An app user who has befriended the profile's channel. */
  friend: boolean;
}

/** What a configured sandbox handset is to the profile, as of `at`. */
export function standingOf(senderKey: string, row: HandsetRow, at: number): Standing {
  const h = resolveHandset(row.phone, parseSettings(row.props), at);
  const appUser = h.appUser !== null;
  return { appUser, friend: appUser && (h.friendOf === null || h.friendOf.includes(senderKey)) };
}

/** Whether the sandbox world is there to ask (otherwise every number is a user and a friend). */
export function worldKnows(ctx: Ctx): boolean {
  return ctx.config.sandbox;
}

/** How many of these (distinct) numbers are friends of the profile now. */
export async function countFriends(ctx: Ctx, senderKey: string, phones: readonly string[]): Promise<number> {
  if (!worldKnows(ctx)) return phones.length;
  const now = ctx.clock.now();
  let notFriends = 0;
  for (const row of await findHandsets(ctx.store, phones)) {
    if (!standingOf(senderKey, row, now).friend) notFriends += 1;
  }
  return phones.length - notFriends;
}
