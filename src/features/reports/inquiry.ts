import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { type AttemptRecord, getMessageOfAccount, listAttempts } from '../../store/messages/inquiry.ts';
import { listReportsOfMessage } from '../../store/messages/reports.ts';
import type { AttemptView, MessageInquiryView, ReportInquiryT } from './schemas.ts';

/** GET /report/inquiry/{msgKey}: every report record of the message, STANDARD and DLR. */
export async function reportInquiry(
  ctx: Ctx,
  input: { accountId: string; msgKey: string },
): Promise<ReportInquiryT> {
  const report = await listReportsOfMessage(ctx.store, input.accountId, input.msgKey);
  // No report yet is an empty list for a message of the account, and A820 for anything else.
  if (report.length === 0 && !(await getMessageOfAccount(ctx.store, input.accountId, input.msgKey))) {
    throw new GatewayError('A820', `msgKey ${input.msgKey}`);
  }
  return { msgKey: input.msgKey, report };
}

function attemptView(msgKey: string, a: AttemptRecord): AttemptView {
  return {
    msgKey,
    serviceType: a.serviceType,
    msgType: a.msgType,
    channel: a.channel,
    fallback: a.step > 0 ? 'Y' : 'N',
    reportCode: a.reportCode ?? '',
    reportText: a.reportText ?? '',
    carrier: a.carrier ?? '',
    status: a.status,
    sendTime: formatKst(a.submittedAt),
    reportTime: a.doneAt === null ? '' : formatKst(a.doneAt),
  };
}

/** GET /message/inquiry/msgKey/{msgKey}: the message and each channel attempted, in flow order. */
export async function messageInquiry(
  ctx: Ctx,
  input: { accountId: string; msgKey: string },
): Promise<MessageInquiryView> {
  const message = await getMessageOfAccount(ctx.store, input.accountId, input.msgKey);
  if (!message) throw new GatewayError('A820', `msgKey ${input.msgKey}`);
  const attempts = await listAttempts(ctx.store, message.msgKey);
  return {
    msgKey: message.msgKey,
    to: message.to,
    status: message.status,
    messages: attempts.map((a) => attemptView(message.msgKey, a)),
  };
}
