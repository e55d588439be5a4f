import type { Ctx } from '../../context.ts';
import { type Code, GatewayError } from '../../errors.ts';
import { grantSendPermission, hasSendPermission } from '../../store/accounts/permissions.ts';
import { hasInfomsgSendSince } from '../../store/media/send-permission-sends.ts';
import type { SenderProfile } from '../../store/templates/profiles.ts';
import { ownProfile } from './video-manage.ts';

/** The spec's requirements of send permission. */
export const MIN_FRIENDS = 50_000;
/** "An informational message send within the last three months": 90 days on the gateway clock. */
export const INFOMSG_WINDOW_MS = 90 * 86_400_000;

interface Unmet {
  code: Code;
  detail: string;
}

/** The requirements the profile does not meet, in the spec's order. */
async function unmet(ctx: Ctx, p: SenderProfile): Promise<Unmet[]> {
  const out: Unmet[] = [];
  if (!p.businessVerified) out.push({ code: 'A581', detail: 'the channel is not business-verified' });
  if (!p.channelPhoneNumber) out.push({ code: 'A582', detail: 'no channel phone number is registered' });
  if (p.friendCount < MIN_FRIENDS) {
    out.push({ code: 'A583', detail: `the channel has ${p.friendCount} friends, needs ${MIN_FRIENDS}` });
  }
  if (!p.consentEvidence) out.push({ code: 'A584', detail: 'no consent evidence has been uploaded' });
  const since = ctx.clock.now() - INFOMSG_WINDOW_MS;
  if (!(await hasInfomsgSendSince(ctx.store, p.accountId, p.senderKey, since))) {
    out.push({ code: 'A585', detail: `no infomsg send with senderKey ${p.senderKey} in the last 90 days` });
  }
  return out;
}

/**
 * GET: whether the profile's channel holds send permission. A refusal is A325 and does not say
 * which requirement fails (the spec); the application (POST) does.
 */
export async function checkPermission(ctx: Ctx, accountId: string, senderKey: string): Promise<void> {
  const p = await ownProfile(ctx, accountId, senderKey);
  if (!(await hasSendPermission(ctx.store, p.channelId))) {
    throw new GatewayError('A325', `senderKey ${senderKey}: apply with POST .../brandmessage/sendPermission`);
  }
}

/**
 * POST: applies for send permission. Granted per channel, so it covers every profile on the
 * profile's channel; applying again once granted is A000. A refusal's code is the first unmet
 * requirement and its detail names every unmet one, so the client fixes them all at once.
 */
export async function applyPermission(ctx: Ctx, accountId: string, senderKey: string): Promise<void> {
  const p = await ownProfile(ctx, accountId, senderKey);
  if (await hasSendPermission(ctx.store, p.channelId)) return;
  const missing = await unmet(ctx, p);
  const [first] = missing;
  if (first) throw new GatewayError(first.code, missing.map((m) => m.detail).join('; '));
  await grantSendPermission(ctx.store, p.channelId, ctx.clock.now());
}
