import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { getAccount } from '../../store/accounts/accounts.ts';
import {
  attemptsOfMessage,
  messageByKey,
  reportRecordsOfMessage,
} from '../../store/messages/admin-messages.ts';
import { getSendRequest } from '../../store/messages/messages.ts';
import { parseReportBody } from '../../store/messages/reports.ts';
import {
  reportWebhookStatuses,
  webhookFailuresOf,
  webhookUrlShown,
} from '../../store/messages/webhook-attempts.ts';
import type { FlowStepView, MessageDetail } from './message-schemas.ts';
import { messageView } from './message-search.ts';
import { ATTEMPTS_LISTED, acknowledgedAttempt, failedAttempt } from './webhook-attempt-view.ts';

type Detail = Static<typeof MessageDetail>;
type FlowView = Static<typeof FlowStepView>;

const iso = (ms: number | null): string | null => (ms === null ? null : isoKst(ms));

/** The request's messageFlow as stored (engine/flow.ts FlowStep), reduced to what the page shows. */
function flowOf(json: string): FlowView[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((s: unknown, step) => {
    const o = s !== null && typeof s === 'object' ? (s as Record<string, unknown>) : {};
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
    return { step, channel: str('channel'), serviceType: str('serviceType'), msgType: str('msgType') };
  });
}

/**
 * GET /admin/v1/messages/{msgKey}: the message of any account, its flow, attempts and reports,
 * with every webhook post of each report (the failed ones are rows of their own; the
 * acknowledged one is the report's acknowledgement and its status).
 */
export async function showMessage(ctx: Ctx, msgKey: string): Promise<Detail> {
  const m = await messageByKey(ctx.store, msgKey);
  if (!m) throw new GatewayError('A820', `msgKey ${msgKey}`);
  const [account, request, attempts, reports, failures, statuses] = await Promise.all([
    getAccount(ctx.store, m.accountId),
    getSendRequest(ctx.store, m.requestId),
    attemptsOfMessage(ctx.store, msgKey),
    reportRecordsOfMessage(ctx.store, msgKey),
    webhookFailuresOf(ctx.store, 'report', msgKey, ATTEMPTS_LISTED),
    reportWebhookStatuses(ctx.store, msgKey),
  ]);
  const webhookUrl = account?.webhookUrl ? webhookUrlShown(account.webhookUrl) : null;
  const attemptsOf = (reportId: number, way: string, ackedAt: number | null) => {
    const posts = failures.rows.filter((f) => f.reportId === reportId).map(failedAttempt);
    if (way === 'webhook' && ackedAt !== null) {
      posts.push(acknowledgedAttempt(ackedAt, statuses.get(reportId) ?? null, account?.webhookUrl ?? null));
    }
    return posts;
  };
  return {
    ...messageView(m),
    accountName: account?.name ?? null,
    webhookUrl,
    request: request
      ? {
          requestId: request.id,
          resvKey: request.resvKey,
          groupKey: request.groupKey,
          ref: request.ref,
          flow: flowOf(request.flow),
        }
      : null,
    attempts: attempts.map((a) => ({
      step: a.step,
      fallback: a.step > 0,
      channel: a.channel,
      serviceType: a.serviceType,
      msgType: a.msgType,
      connector: a.connector,
      networkId: a.networkId,
      status: a.status,
      reportCode: a.reportCode,
      reportText: a.reportText,
      carrier: a.carrier,
      submittedAt: isoKst(a.submittedAt),
      doneAt: iso(a.doneAt),
    })),
    reports: reports.map((r) => ({
      reportId: r.id,
      reportType: r.reportType,
      way: r.channel === 'webhook' ? 'webhook' : 'polling',
      acknowledged: r.ackedAt !== null,
      acknowledgedAt: iso(r.ackedAt),
      createdAt: isoKst(r.createdAt),
      body: parseReportBody(r.body),
      webhookAttempts: attemptsOf(r.id, r.channel, r.ackedAt),
      earlierAttemptsOmitted: failures.more && r.channel === 'webhook',
    })),
  };
}
