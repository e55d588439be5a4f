import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { addSenderNumber, listSenderNumbers, removeSenderNumber } from '../../store/accounts/senders.ts';
import { requireAccount } from './accounts.ts';
import { isPhoneNumber } from './checks.ts';
import type { SenderOfAccount } from './schemas.ts';
import { type SenderView, senderView } from './views.ts';

export type SenderNumberView = Static<typeof SenderOfAccount>;

/** Registers a sender number (`from`); registering it again answers the first registration. */
export async function addSender(
  ctx: Ctx,
  input: { accountId: string; number: string },
): Promise<SenderNumberView> {
  if (!isPhoneNumber(input.number)) {
    throw new GatewayError('A302', 'number must be 8 to 15 digits, without + or hyphens (e.g. 0212345678)');
  }
  await requireAccount(ctx, input.accountId);
  const s = await addSenderNumber(ctx.store, input.accountId, input.number, ctx.clock.now());
  return { accountId: s.accountId, ...senderView(s) };
}

export async function listSenders(
  ctx: Ctx,
  accountId: string,
): Promise<{ accountId: string; senders: SenderView[] }> {
  await requireAccount(ctx, accountId);
  const senders = await listSenderNumbers(ctx.store, accountId);
  return { accountId, senders: senders.map(senderView) };
}

export async function removeSender(
  ctx: Ctx,
  input: { accountId: string; number: string },
): Promise<{ accountId: string; number: string; deleted: true }> {
  await requireAccount(ctx, input.accountId);
  if (!(await removeSenderNumber(ctx.store, input.accountId, input.number))) {
    throw new GatewayError('A820', `sender number ${input.number} of account ${input.accountId}`);
  }
  return { accountId: input.accountId, number: input.number, deleted: true };
}
