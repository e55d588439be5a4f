import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { friendGroupInUse } from '../../store/campaigns/broadcasts.ts';
import { findNumberFile, type NumberFile } from '../../store/campaigns/friend-group-files.ts';
import {
  copyFileNumbers,
  countNumbers,
  deleteFileNumbers,
  deleteNumbers,
  insertNumbers,
} from '../../store/campaigns/friend-group-numbers.ts';
import {
  deleteFriendGroup,
  type FriendGroup,
  findFriendGroup,
  getGroupById,
  insertFriendGroup,
  listFriendGroups,
  markChanged,
  setNumberCount,
} from '../../store/campaigns/friend-groups.ts';
import type { Executor } from '../../store/db/executor.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs } from '../../store/jobs/jobs.ts';
import { getProfile, type SenderProfile } from '../../store/templates/profiles.ts';
import { checkPhoneList, GROUP_NUMBERS_MAX } from './friend-group-list.ts';
import { processJob } from './friend-group-process.ts';
import type {
  FriendGroupAcceptedView,
  FriendGroupChangedView,
  FriendGroupListT,
  FriendGroupView,
} from './friend-group-schema.ts';
import { acceptedView, groupView } from './friend-group-view.ts';

const FRIEND_GROUP_KEY = /^[A-Za-z0-9._-]{1,50}$/;

/** The account's own profile (A340 otherwise: another account's key is as unknown as none). */
export async function ownProfile(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  field: string,
): Promise<SenderProfile> {
  const p = await getProfile(ctx.store, accountId, senderKey);
  if (!p) throw new GatewayError('A340', `${field} ${JSON.stringify(senderKey)}`);
  return p;
}

/** The account's group (A340 for another's profile, A552 for no such group). */
export async function ownGroup(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  friendGroupKey: string,
  at = '',
): Promise<FriendGroup> {
  await ownProfile(ctx, accountId, senderKey, `${at}senderKey`);
  const g = await findFriendGroup(ctx.store, senderKey, friendGroupKey);
  if (!g) {
    throw new GatewayError(
      'A552',
      `${at}friendGroupKey ${JSON.stringify(friendGroupKey)} of senderKey ${senderKey}`,
    );
  }
  return g;
}

export interface NumbersInput {
  fileKey?: string | undefined;
  phoneNumbers?: string[] | undefined;
}

type Numbers = { phones: string[] } | { file: NumberFile };

/**
 * Exactly one of fileKey (a list this account uploaded for this senderKey, not expired: A217
 * otherwise) or phoneNumbers (1 to 10,000 well-formed numbers: A556, A555, A553).
 */
async function numbersOf(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  input: NumbersInput,
  at: string,
): Promise<Numbers> {
  const hasFile = input.fileKey !== undefined;
  const hasPhones = input.phoneNumbers !== undefined;
  if (hasFile === hasPhones) {
    throw new GatewayError(
      'A554',
      `${at}.fileKey and ${at}.phoneNumbers: ${hasFile ? 'both' : 'neither'} given`,
    );
  }
  if (input.phoneNumbers !== undefined) {
    return { phones: checkPhoneList(`${at}.phoneNumbers`, input.phoneNumbers) };
  }
  const fileKey = input.fileKey ?? '';
  const file = await findNumberFile(ctx.store, fileKey);
  const now = ctx.clock.now();
  if (!file || file.accountId !== accountId || file.expiresAt <= now) {
    throw new GatewayError('A217', `${at}.fileKey ${JSON.stringify(fileKey)}`);
  }
  if (file.senderKey !== senderKey) {
    throw new GatewayError('A217', `${at}.fileKey ${fileKey} was uploaded for senderKey ${file.senderKey}`);
  }
  return { file };
}

async function addTo(ctx: Ctx, tx: Executor, g: FriendGroup, numbers: Numbers): Promise<number> {
  if ('phones' in numbers) await insertNumbers(tx, ctx.store, g.id, g.revision, numbers.phones);
  else await copyFileNumbers(tx, g.id, g.revision, numbers.file.fileKey);
  const count = await countNumbers(tx, g.id);
  // Thrown inside the transaction: the numbers just added are rolled back with it.
  if (count > GROUP_NUMBERS_MAX) {
    throw new GatewayError('A555', `the group would hold ${count} numbers, at most ${GROUP_NUMBERS_MAX}`);
  }
  await setNumberCount(tx, g.id, count);
  return count;
}

export interface RegisterInput extends NumbersInput {
  senderKey: string;
  friendGroupKey?: string | undefined;
}

/**
 * Registers a group (IN_PROGRESS) with its numbers; processing completes it a few seconds later
 * on the gateway clock. friendGroupKey is the client's (A550 when malformed, A551 when the
 * senderKey already has it), or generated when absent or empty.
 */
export async function registerGroup(
  ctx: Ctx,
  accountId: string,
  input: RegisterInput,
): Promise<FriendGroupAcceptedView> {
  const at = 'friendGroup';
  const key = input.friendGroupKey || newId('FG');
  if (!FRIEND_GROUP_KEY.test(key))
    throw new GatewayError('A550', `${at}.friendGroupKey ${JSON.stringify(key.slice(0, 60))}`);
  await ownProfile(ctx, accountId, input.senderKey, `${at}.senderKey`);
  const numbers = await numbersOf(ctx, accountId, input.senderKey, input, at);
  const now = ctx.clock.now();
  const duplicate = () =>
    new GatewayError('A551', `${at}.friendGroupKey ${key} of senderKey ${input.senderKey}`);
  if (await findFriendGroup(ctx.store, input.senderKey, key)) throw duplicate();
  const created = await transact(ctx.store, async (tx) => {
    const id = newId('fg_');
    const ok = await insertFriendGroup(
      tx,
      { id, accountId, senderKey: input.senderKey, friendGroupKey: key, requestId: newId('FGR') },
      now,
    );
    if (!ok) throw duplicate();
    const g = await getGroupById(tx, id);
    if (!g) throw new GatewayError('A910', 'friend group vanished inside its own transaction');
    const numberCount = await addTo(ctx, tx, g, numbers);
    await enqueueJobs(tx, [processJob(g, now)], now);
    return { ...g, numberCount };
  });
  return acceptedView(created);
}

export async function viewGroup(
  ctx: Ctx,
  accountId: string,
  q: { senderKey: string; friendGroupKey: string },
): Promise<FriendGroupView> {
  return groupView(await ownGroup(ctx, accountId, q.senderKey, q.friendGroupKey));
}

/** `status` filters: IN_PROGRESS, or COMPLETED (also written C). */
export async function listGroups(
  ctx: Ctx,
  accountId: string,
  q: { senderKey: string; status?: string | undefined },
): Promise<FriendGroupListT> {
  await ownProfile(ctx, accountId, q.senderKey, 'senderKey');
  let status: string | undefined;
  if (q.status) {
    status = q.status === 'C' ? 'COMPLETED' : q.status;
    if (status !== 'COMPLETED' && status !== 'IN_PROGRESS') {
      throw new GatewayError('A300', 'status must be IN_PROGRESS, COMPLETED or C');
    }
  }
  const groups = (await listFriendGroups(ctx.store, q.senderKey)).filter(
    (g) => !status || g.status === status,
  );
  return { friendGroups: groups.map(groupView), totalCount: groups.length };
}

export async function deleteGroup(ctx: Ctx, accountId: string, senderKey: string, friendGroupKey: string) {
  const g = await ownGroup(ctx, accountId, senderKey, friendGroupKey);
  // A broadcast reads its group's numbers when it runs: deleting them under it would send to nobody.
  if (await friendGroupInUse(ctx.store, senderKey, friendGroupKey)) {
    throw new GatewayError(
      'A824',
      `friendGroupKey ${JSON.stringify(friendGroupKey)} is used by a broadcast that has not ended (READY, SENDING or PAUSED): terminate it or wait until it is done`,
    );
  }
  // A processing job still scheduled for it finds no group by its id and does nothing.
  if (!(await deleteFriendGroup(ctx.store, g.id))) {
    throw new GatewayError(
      'A552',
      `friendGroupKey ${JSON.stringify(friendGroupKey)} of senderKey ${senderKey}`,
    );
  }
}

export interface ChangeInput extends NumbersInput {
  senderKey: string;
  friendGroupKey: string;
}

/**
 * Adds or removes numbers: the group goes back to IN_PROGRESS at its next revision and is
 * processed again a few seconds later, with new counts. Numbers already in the group (add) or
 * not in it (remove) change nothing; changedCount tells how many did.
 */
export async function changeNumbers(
  ctx: Ctx,
  accountId: string,
  input: ChangeInput,
  action: 'add' | 'remove',
): Promise<FriendGroupChangedView> {
  const at = 'friendGroup';
  const g = await ownGroup(ctx, accountId, input.senderKey, input.friendGroupKey, `${at}.`);
  const numbers = await numbersOf(ctx, accountId, input.senderKey, input, at);
  const now = ctx.clock.now();
  const out = await transact(ctx.store, async (tx) => {
    // The move to the next revision comes first: on PostgreSQL it locks the group's row, so
    // changes of one group (and its processing's completion) take turns.
    const changed = await markChanged(tx, g.id, newId('FGR'), now);
    // Deleted by another request since it was read.
    if (!changed) throw new GatewayError('A552', `${at}.friendGroupKey ${input.friendGroupKey}`);
    const before = changed.numberCount;
    let count: number;
    if (action === 'add') count = await addTo(ctx, tx, changed, numbers);
    else {
      if ('phones' in numbers) await deleteNumbers(tx, g.id, numbers.phones);
      else await deleteFileNumbers(tx, g.id, numbers.file.fileKey);
      count = await countNumbers(tx, g.id);
      await setNumberCount(tx, g.id, count);
    }
    await enqueueJobs(tx, [processJob(changed, now)], now);
    return { ...acceptedView({ ...changed, numberCount: count }), changedCount: Math.abs(count - before) };
  });
  return out;
}
