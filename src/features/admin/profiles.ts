import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  getProfile,
  listProfiles,
  type ProfileFields,
  removeProfile,
  updateProfile,
  upsertProfile,
} from '../../store/templates/profiles.ts';
import { requireAccount } from './accounts.ts';
import { checkInt, checkText, isPhoneNumber } from './checks.ts';
import { SENDER_KEY_MAX, SENDER_KEY_TYPES } from './constants.ts';
import { type ProfileView, profileView } from './views.ts';

export { SENDER_KEY_MAX, SENDER_KEY_TYPES };

function checkFields(f: ProfileFields): ProfileFields {
  if (f.senderKeyType !== undefined && !SENDER_KEY_TYPES.some((t) => t === f.senderKeyType)) {
    throw new GatewayError('A300', `senderKeyType must be one of ${SENDER_KEY_TYPES.join(', ')}`);
  }
  if (f.channelId !== undefined) checkText('channelId', f.channelId, 1, 100);
  if (f.name !== undefined) checkText('name', f.name, 1, 100);
  if (f.friendCount !== undefined) checkInt('friendCount', f.friendCount, 0);
  if (
    f.channelPhoneNumber !== undefined &&
    f.channelPhoneNumber !== null &&
    !isPhoneNumber(f.channelPhoneNumber)
  ) {
    throw new GatewayError('A300', 'channelPhoneNumber must be 8 to 15 digits, or null');
  }
  if (f.status !== undefined) checkText('status', f.status, 1, 20);
  return f;
}

function checkSenderKey(senderKey: string): string {
  return checkText('senderKey', senderKey, 1, SENDER_KEY_MAX);
}

/**
 * Registers a channel profile, or updates the given fields when the account already has it
 * (absent fields keep their values; a new profile takes the defaults: type S, channelId and name
 * = senderKey, 0 friends, status A). A senderKey is one channel, so it belongs to one account.
 */
export async function putProfile(
  ctx: Ctx,
  input: { accountId: string; senderKey: string } & ProfileFields,
): Promise<ProfileView> {
  const { accountId, senderKey, ...fields } = input;
  checkSenderKey(senderKey);
  checkFields(fields);
  await requireAccount(ctx, accountId);
  const saved = await upsertProfile(ctx.store, accountId, senderKey, fields, ctx.clock.now());
  if (!saved) throw new GatewayError('A824', 'senderKey already belongs to another account');
  return profileView(saved);
}

export async function patchProfile(
  ctx: Ctx,
  input: { accountId: string; senderKey: string } & ProfileFields,
): Promise<ProfileView> {
  const { accountId, senderKey, ...fields } = input;
  checkFields(fields);
  await requireAccount(ctx, accountId);
  const saved = await updateProfile(ctx.store, accountId, senderKey, fields);
  if (!saved) throw new GatewayError('A820', `sender profile ${senderKey} of account ${accountId}`);
  return profileView(saved);
}

export async function showProfile(
  ctx: Ctx,
  input: { accountId: string; senderKey: string },
): Promise<ProfileView> {
  await requireAccount(ctx, input.accountId);
  const p = await getProfile(ctx.store, input.accountId, input.senderKey);
  if (!p) throw new GatewayError('A820', `sender profile ${input.senderKey} of account ${input.accountId}`);
  return profileView(p);
}

export async function listAccountProfiles(
  ctx: Ctx,
  accountId: string,
): Promise<{ accountId: string; senderProfiles: ProfileView[] }> {
  await requireAccount(ctx, accountId);
  const profiles = await listProfiles(ctx.store, accountId);
  return { accountId, senderProfiles: profiles.map(profileView) };
}

export async function deleteProfile(
  ctx: Ctx,
  input: { accountId: string; senderKey: string },
): Promise<{ accountId: string; senderKey: string; deleted: true }> {
  await requireAccount(ctx, input.accountId);
  if (!(await removeProfile(ctx.store, input.accountId, input.senderKey))) {
    throw new GatewayError('A820', `sender profile ${input.senderKey} of account ${input.accountId}`);
  }
  return { accountId: input.accountId, senderKey: input.senderKey, deleted: true };
}
