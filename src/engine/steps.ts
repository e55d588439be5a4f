import type { OutboundMessage } from '../connectors/types.ts';
import { classifyNumber } from '../rules/phone.ts';
import type { DispatchRow, MoveGuard } from '../store/messages/messages.ts';
import { type RecipientVars, recipientWords } from './flow.ts';
import type { Plan, ReportSubject } from './plan.ts';
import type { CachedRequest } from './requests.ts';

/** Report codes the engine itself gives (docs/reports.md lists them with the connectors' ones). */
export const CODES = {
  delivered: '10000',
  pollingReceipt: 'MS03',
  pollingUncertain: 'ME09',
  receiptTimeout: '80001',
  dlrTimeout: '80002',
  noRoute: '85001',
  connectorError: '85002',
  /** The connector got no answer after every retry, and the network may have taken the message. */
  connectorUncertain: '85009',
  sealedExpired: '85006',
} as const;

/** A message in an engine pass. */
export interface Item {
  row: DispatchRow;
  req: CachedRequest;
  outbound: OutboundMessage;
  /** The status and step the message had when this pass took it (the guard of its move). */
  expect: MoveGuard;
}

export function subject(item: { row: DispatchRow; req: CachedRequest }, sendTime: number): ReportSubject {
  const step = item.req.flow[item.row.step];
  if (!step) throw new Error(`message ${item.row.msgKey} has no step ${item.row.step}`);
  return {
    msgKey: item.row.msgKey,
    accountId: item.row.accountId,
    ref: item.row.destRef ?? item.req.ref ?? '',
    step,
    sendTime,
  };
}

/**
 * The step is sealed and may no longer be sent: its secret was erased (a 2FA code that expired
 * before the message went out; src/engine/sealed-flow.ts). A late code would be refused anyway.
 */
export function sealedGone(req: CachedRequest, step: number, now: number): boolean {
  return req.flow[step]?.sealed === true && (req.sealedUntil === null || now >= req.sealedUntil);
}

/** The message as its current step's connector receives it: the recipient's values substituted. */
export function build(row: DispatchRow, req: CachedRequest, now: number): OutboundMessage {
  const step = req.flow[row.step];
  const tmpl = req.templates[row.step];
  if (!step || !tmpl) throw new Error(`message ${row.msgKey} has no step ${row.step}`);
  const vars: RecipientVars | null = row.vars ? JSON.parse(row.vars) : null;
  const words = recipientWords(vars);
  const title = tmpl.title ? (tmpl.title.hasKeys ? tmpl.title.render(words) : step.title) : null;
  const text = tmpl.text.hasKeys ? tmpl.text.render(words) : step.text;
  // Every string of the channel object (text, title, button links, items) carries what the
  // handset gets, not the keywords.
  let payload = tmpl.payload ? tmpl.payload(words) : step.payload;
  if (vars && (vars.messageVariable || vars.buttonVariable || vars.couponVariable)) {
    payload = { ...payload, ...vars };
    delete payload.replaceWords;
  }
  return {
    msgKey: row.msgKey,
    step: row.step,
    accountId: row.accountId,
    channel: step.channel,
    msgType: step.msgType,
    to: row.to,
    international: classifyNumber(row.to)?.kind === 'international',
    from: step.from,
    title,
    text,
    payload,
    submittedAt: now,
    source: {
      requestId: req.id,
      payload: step.payload,
      vars: vars ? { ...vars } : null,
      sealed: step.sealed === true,
    },
  };
}

/** The step failed: the next one goes out (failover), or the message ends failed with a report. */
export function failStep(
  plan: Plan,
  item: Item,
  code: string,
  text: string,
  carrier: string | null,
  next: DispatchRow[],
) {
  const { row, req } = item;
  if (row.step + 1 < req.flow.length) {
    // Due at once: a pass submits it now (dispatch.ts), a settlement leaves it to the next claim.
    plan.move(row.msgKey, item.expect, {
      status: 'queued',
      step: row.step + 1,
      nextAt: plan.now,
      reportCode: null,
      reportText: null,
      doneAt: null,
    });
    next.push({ ...row, step: row.step + 1, status: 'queued', tries: 0 });
    return;
  }
  plan.move(row.msgKey, item.expect, {
    status: 'failed',
    step: row.step,
    nextAt: null,
    reportCode: code,
    reportText: text,
    doneAt: plan.now,
  });
  plan.report(subject(item, item.outbound.submittedAt), 'STANDARD', code, text, carrier, plan.now);
}

/** The message ends (delivered, failed or uncertain) with its report. */
export function finish(
  plan: Plan,
  item: { row: DispatchRow; req: CachedRequest },
  expect: Item['expect'],
  status: string,
  code: string,
  text: string,
  sendTime: number,
  carrier: string | null,
  reportType: 'STANDARD' | 'DLR',
) {
  plan.move(item.row.msgKey, expect, {
    status,
    step: item.row.step,
    nextAt: null,
    reportCode: code,
    reportText: text,
    doneAt: plan.now,
  });
  plan.report(subject(item, sendTime), reportType, code, text, carrier, plan.now);
}
