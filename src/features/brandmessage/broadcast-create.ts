import { formatKst, parseKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { inSendWindow } from '../../rules/broadcast-window.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import { type Broadcast, getBroadcast, insertBroadcast } from '../../store/campaigns/broadcasts.ts';
import { findFriendGroup } from '../../store/campaigns/friend-groups.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs } from '../../store/jobs/jobs.ts';
import { findBrandTemplate } from '../../store/templates/brand-templates.ts';
import { getProfile } from '../../store/templates/profiles.ts';
import { prepareFlow } from '../send/prepare.ts';
import { countBroadcastRecipients } from './audience.ts';
import { tickJob } from './broadcast-jobs.ts';
import type { CreateBodyT } from './broadcast-schema.ts';

export const MIN_LEAD_MS = 10 * 60_000;
export const DEFAULT_TPS = 100;
export const MAX_TPS = 1000;
/** A friend group needs this many users before a broadcast can be scheduled to it (spec). */
export const MIN_GROUP_USERS = 10;

function required(v: string | undefined | null, field: string): string {
  const s = v?.trim();
  if (!s) throw new GatewayError('A300', `brandmessage.${field} is required`);
  return s;
}

/** sendStartAt: Korea time, at least 10 minutes ahead, inside the 08:00-20:50 window. */
export function checkStartAt(text: string | undefined, now: number): number {
  if (text === undefined) throw new GatewayError('A593', 'brandmessage.sendStartAt is required');
  const at = parseKst(text);
  if (at === null) {
    throw new GatewayError(
      'A593',
      `brandmessage.sendStartAt ${JSON.stringify(text)}: expected yyyy-MM-dd HH:mm:ss (Korea time)`,
    );
  }
  if (at < now + MIN_LEAD_MS) {
    throw new GatewayError(
      'A594',
      `brandmessage.sendStartAt ${text} is before ${formatKst(now + MIN_LEAD_MS)}`,
    );
  }
  if (!inSendWindow(at)) throw new GatewayError('A595', `brandmessage.sendStartAt ${text}`);
  return at;
}

/**
 * POST .../groupMessage: a READY broadcast of a registered template without variables, to a
 * completed friend group of at least 10 users (or all friends of the profile), with its start
 * job, in one transaction. The template's message is fixed now: later changes to the template
 * do not change a broadcast already scheduled.
 */
export async function createBroadcast(
  ctx: Ctx,
  principal: KeyPrincipal,
  body: CreateBodyT,
): Promise<Broadcast> {
  const b = body.brandmessage;
  const accountId = principal.account.id;
  const now = ctx.clock.now();
  const senderKey = required(b.senderKey, 'senderKey');
  if (!(await getProfile(ctx.store, accountId, senderKey))) {
    throw new GatewayError('A340', `brandmessage.senderKey ${senderKey}`);
  }
  const templateCode = required(b.templateCode, 'templateCode');
  const template = await findBrandTemplate(ctx.store, senderKey, templateCode);
  if (!template || template.accountId !== accountId) {
    throw new GatewayError(
      'A505',
      `brandmessage.templateCode ${templateCode} is not a template of ${senderKey}`,
    );
  }
  if (template.status !== 'A') {
    throw new GatewayError(
      'A505',
      `brandmessage.templateCode ${templateCode} is not registered (status ${template.status})`,
    );
  }
  if (template.variables.length > 0) {
    throw new GatewayError('A590', `template ${templateCode} has #{${template.variables.join('}, #{')}}`);
  }
  const friendGroupKey = b.friendGroupKey?.trim() || null;
  if (friendGroupKey !== null) {
    const group = await findFriendGroup(ctx.store, senderKey, friendGroupKey);
    if (!group || group.accountId !== accountId) {
      throw new GatewayError('A591', `brandmessage.friendGroupKey ${friendGroupKey}`);
    }
    if (group.status !== 'COMPLETED' || group.userCount < MIN_GROUP_USERS) {
      throw new GatewayError(
        'A592',
        `friend group ${friendGroupKey} is ${group.status} with ${group.userCount} users`,
      );
    }
  }
  const sendStartAt = checkStartAt(b.sendStartAt, now);
  const tpsLimit = b.tpsLimit ?? DEFAULT_TPS;
  if (!Number.isInteger(tpsLimit) || tpsLimit < 1 || tpsLimit > MAX_TPS) {
    throw new GatewayError('A596', `brandmessage.tpsLimit ${tpsLimit}: 1 to ${MAX_TPS}`);
  }
  const pushAlarm = b.pushAlarm ?? 'Y';
  if (pushAlarm !== 'Y' && pushAlarm !== 'N')
    throw new GatewayError('A597', `brandmessage.pushAlarm ${pushAlarm}`);
  if (b.campaignId !== undefined && b.campaignId.length > 100) {
    throw new GatewayError('A300', 'brandmessage.campaignId is longer than 100 characters');
  }
  if (body.paymentCode !== undefined && body.paymentCode.length > 100) {
    throw new GatewayError('A310', `${body.paymentCode.length} characters`);
  }
  const expectedCount = await countBroadcastRecipients(ctx, senderKey, friendGroupKey);
  if (expectedCount === 0) {
    throw new GatewayError(
      'A598',
      friendGroupKey ? `friend group ${friendGroupKey}` : `friends of ${senderKey}`,
    );
  }
  // Friends of the channel are the audience: targeting I needs no send permission.
  const steps = await prepareFlow(
    ctx,
    accountId,
    [
      {
        brandmessage: {
          sendType: 'basic',
          senderKey,
          templateCode,
          msgType: template.msgType,
          pushAlarm,
          targeting: 'I',
        },
      },
    ],
    now,
  );
  const requestId = await transact(ctx.store, async (tx) => {
    const id = await insertBroadcast(
      tx,
      {
        accountId,
        keyId: principal.keyId,
        dlr: principal.dlr,
        senderKey,
        templateCode,
        msgType: template.msgType,
        friendGroupKey,
        sendStartAt,
        campaignId: b.campaignId ?? null,
        tpsLimit,
        pushAlarm,
        paymentCode: body.paymentCode ?? null,
        expectedCount,
        flow: JSON.stringify(steps.map((s) => s.step)),
      },
      now,
    );
    await enqueueJobs(tx, [tickJob(id, sendStartAt)], now);
    return id;
  });
  const created = await getBroadcast(ctx.store.db, requestId);
  if (!created) throw new GatewayError('A910', `broadcast ${requestId} vanished`);
  return created;
}
