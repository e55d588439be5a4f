import type { ConnectorRegistry } from '../connectors/registry.ts';
import type {
  Connector,
  ConnectorSink,
  DeliveryResult,
  OutboundMessage,
  SubmitOutcome,
} from '../connectors/types.ts';
import type { Ctx } from '../context.ts';
import { classifyNumber } from '../rules/phone.ts';
import { getAccount } from '../store/accounts.ts';
import {
  type DispatchRow,
  expiredWaits,
  findWaitingAttempt,
  getMessage,
  queuedMessages,
} from '../store/messages.ts';
import { backoffMs } from './backoff.ts';
import type { RecipientVars } from './flow.ts';
import { Plan, type ReportSubject } from './plan.ts';
import { type CachedRequest, RequestCache } from './requests.ts';
import type { JobHandler } from './runner.ts';

export const DISPATCH_JOB = 'dispatch';
export const WAIT_JOB = 'dispatch.wait';

/** How long a step waits for its receipt before it counts as failed (code 40001). */
export const RECEIPT_WAIT_MS = 24 * 3600_000;
/** International DLR: up to 5 days, then a timeout failure report (spec, shared behaviour 9). */
export const DLR_WAIT_MS = 5 * 24 * 3600_000;
/** Submissions refused as throttled or queue-full are retried this many times, then fail the step. */
const MAX_SUBMIT_RETRIES = 10;
const WAIT_BATCH = 1000;

export const CODES = {
  delivered: '10000',
  pollingReceipt: 'MS03',
  pollingUncertain: 'ME09',
  receiptTimeout: '40001',
  dlrTimeout: '40002',
  noRoute: '50001',
  connectorError: '50002',
} as const;

export interface Dispatcher {
  readonly sink: ConnectorSink;
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
}

interface Item {
  row: DispatchRow;
  req: CachedRequest;
  outbound: OutboundMessage;
  /** The status and step the message had when this pass took it (the guard of its move). */
  expect: { status: string; step: number };
}

function subject(item: { row: DispatchRow; req: CachedRequest }, sendTime: number): ReportSubject {
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
 * The delivery engine: hands queued messages to the connector of their current messageFlow step
 * and moves them on by the answer: delivered, waiting for a receipt, or failed, in which case the
 * next step is sent at once (failover). Receipts that arrive later are matched to their attempt
 * through the store by the connector's own message id, so a restart loses none.
 */
export function createDispatcher(ctx: Ctx, registry: ConnectorRegistry): Dispatcher {
  const requests = new RequestCache(ctx.store);
  const modes = new Map<string, { at: number; mode: 'polling' | 'webhook' }>();

  async function loadModes(accountIds: Iterable<string>): Promise<(id: string) => 'polling' | 'webhook'> {
    const now = Date.now();
    for (const id of new Set(accountIds)) {
      const hit = modes.get(id);
      // The report mode is read at most every 2 s per account: it changes rarely, messages often.
      if (hit && now - hit.at < 2000) continue;
      const acc = await getAccount(ctx.store, id);
      modes.set(id, { at: now, mode: acc?.reportMode ?? 'polling' });
    }
    return (id) => modes.get(id)?.mode ?? 'polling';
  }

  function build(row: DispatchRow, req: CachedRequest, now: number): OutboundMessage {
    const step = req.flow[row.step];
    const tmpl = req.templates[row.step];
    if (!step || !tmpl) throw new Error(`message ${row.msgKey} has no step ${row.step}`);
    const vars: RecipientVars | null = row.vars ? JSON.parse(row.vars) : null;
    const words = vars?.replaceWords;
    let payload = step.payload;
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
      title: tmpl.title ? (tmpl.title.hasKeys ? tmpl.title.render(words) : step.title) : null,
      text: tmpl.text.hasKeys ? tmpl.text.render(words) : step.text,
      payload,
      submittedAt: now,
    };
  }

  /** The step failed: the next one goes out now (same pass), or the message ends failed. */
  function failStep(
    plan: Plan,
    item: Item,
    code: string,
    text: string,
    carrier: string | null,
    next: DispatchRow[],
  ) {
    const { row, req } = item;
    if (row.step + 1 < req.flow.length) {
      plan.move(row.msgKey, item.expect, {
        status: 'queued',
        step: row.step + 1,
        nextAt: null,
        reportCode: null,
        reportText: null,
        doneAt: null,
      });
      next.push({ ...row, step: row.step + 1, status: 'queued' });
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
    plan.report(subject(item, plan.now), 'STANDARD', code, text, carrier, plan.now);
  }

  function finish(
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

  function onOutcome(
    plan: Plan,
    item: Item,
    connector: string,
    outcome: SubmitOutcome,
    next: DispatchRow[],
    retry: Item[],
  ): void {
    const { row, req, outbound } = item;
    const step = req.flow[row.step];
    if (!step) return;
    const base = {
      msg_key: row.msgKey,
      step: row.step,
      channel: step.channel,
      service_type: step.serviceType,
      msg_type: step.msgType,
      connector,
      submitted_at: outbound.submittedAt,
    };
    if (outcome.kind === 'rejected') {
      if (outcome.retryable) {
        retry.push(item);
        return;
      }
      plan.attempts.push({
        ...base,
        network_id: null,
        status: 'failed',
        report_code: outcome.code,
        report_text: outcome.text,
        carrier: null,
        done_at: plan.now,
      });
      failStep(plan, item, outcome.code, outcome.text, null, next);
      return;
    }
    const intlSms = outbound.international && step.channel === 'sms';
    const r = outcome.result;
    if (intlSms) {
      // The aggregator took it: the standard report now; the DLR (if this key asked for it) later.
      plan.report(
        subject(item, outbound.submittedAt),
        'STANDARD',
        CODES.delivered,
        'Accepted',
        r?.carrier ?? null,
        plan.now,
      );
      if (!req.dlr) {
        plan.attempts.push({
          ...base,
          network_id: outcome.networkId,
          status: 'delivered',
          report_code: CODES.delivered,
          report_text: 'Accepted',
          carrier: r?.carrier ?? null,
          done_at: plan.now,
        });
        plan.move(row.msgKey, item.expect, {
          status: 'delivered',
          step: row.step,
          nextAt: null,
          reportCode: CODES.delivered,
          reportText: 'Accepted',
          doneAt: plan.now,
        });
        return;
      }
    }
    if (r) {
      const code = r.delivered
        ? step.responseMethod === 'polling'
          ? CODES.pollingReceipt
          : CODES.delivered
        : r.code;
      plan.attempts.push({
        ...base,
        network_id: outcome.networkId,
        status: r.delivered ? 'delivered' : 'failed',
        report_code: code,
        report_text: r.text,
        carrier: r.carrier,
        done_at: r.at,
      });
      if (r.delivered || intlSms) {
        finish(
          plan,
          item,
          item.expect,
          r.delivered ? 'delivered' : 'failed',
          code,
          r.text,
          outbound.submittedAt,
          r.carrier,
          intlSms ? 'DLR' : 'STANDARD',
        );
      } else {
        failStep(plan, item, code, r.text, r.carrier, next);
      }
      return;
    }
    // Accepted, result later: wait for the receipt, up to the step's limit.
    const waitMs = intlSms
      ? DLR_WAIT_MS
      : step.responseMethod === 'polling'
        ? (step.timeoutSec ?? 180) * 1000
        : RECEIPT_WAIT_MS;
    const until = plan.now + waitMs;
    plan.attempts.push({
      ...base,
      network_id: outcome.networkId,
      status: 'waiting',
      report_code: null,
      report_text: null,
      carrier: null,
      done_at: null,
    });
    plan.move(row.msgKey, item.expect, {
      status: 'waiting',
      step: row.step,
      nextAt: until,
      reportCode: null,
      reportText: null,
      doneAt: null,
    });
    // One wait job per second of deadlines, however many messages share it.
    const runAt = Math.ceil(until / 1000) * 1000;
    plan.jobs.push({ kind: WAIT_JOB, payload: {}, runAt, dedupeKey: `${WAIT_JOB}:${runAt}` });
  }

  async function submitAll(connector: Connector, items: Item[]): Promise<SubmitOutcome[]> {
    try {
      const out = await connector.submit(items.map((i) => i.outbound));
      if (out.length !== items.length)
        throw new Error(`${connector.name} answered ${out.length} of ${items.length}`);
      return out;
    } catch (err) {
      ctx.logger.warn({ err, connector: connector.name }, 'connector submit failed; will retry');
      return items.map(() => ({
        kind: 'rejected',
        code: CODES.connectorError,
        text: 'Connector error',
        retryable: true,
      }));
    }
  }

  /** One pass over queued messages: submit, move on, fail over within the pass, commit once. */
  async function dispatch(rows: DispatchRow[], retryCount: number): Promise<void> {
    if (rows.length === 0) return;
    const now = ctx.clock.now();
    const plan = new Plan(now, await loadModes(rows.map((r) => r.accountId)));
    const retry: Item[] = [];
    let pending = rows.map((row) => ({ row, expect: { status: row.status, step: row.step } }));
    while (pending.length > 0) {
      const next: DispatchRow[] = [];
      const groups = new Map<Connector, Item[]>();
      for (const { row, expect } of pending) {
        const req = await requests.get(row.requestId);
        if (!req) continue;
        const item: Item = { row, req, outbound: build(row, req, now), expect };
        const connector = registry.route(item.outbound.channel, row.to);
        if (!connector) {
          plan.attempts.push({
            msg_key: row.msgKey,
            step: row.step,
            channel: item.outbound.channel,
            service_type: req.flow[row.step]?.serviceType ?? '',
            msg_type: item.outbound.msgType,
            connector: 'none',
            network_id: null,
            status: 'failed',
            report_code: CODES.noRoute,
            report_text: 'No connector for the channel',
            carrier: null,
            submitted_at: now,
            done_at: now,
          });
          failStep(plan, item, CODES.noRoute, 'No connector for the channel', null, next);
          continue;
        }
        const g = groups.get(connector);
        if (g) g.push(item);
        else groups.set(connector, [item]);
      }
      for (const [connector, items] of groups) {
        const outcomes = await submitAll(connector, items);
        items.forEach((item, i) => {
          const o = outcomes[i];
          if (o) onOutcome(plan, item, connector.name, o, next, retry);
        });
      }
      // Failed-over messages keep the guard of the state this pass found them in.
      pending = next.map((row) => ({
        row,
        expect: plan.moves.get(row.msgKey)?.expect ?? { status: 'queued', step: row.step },
      }));
    }
    if (retry.length > 0) {
      if (retryCount >= MAX_SUBMIT_RETRIES) {
        const next: DispatchRow[] = [];
        for (const item of retry)
          failStep(plan, item, CODES.connectorError, 'Submission refused repeatedly', null, next);
        // Messages that failed over go out in a fresh pass (their new step may route elsewhere).
        if (next.length > 0)
          plan.jobs.push({ kind: DISPATCH_JOB, payload: { msgKeys: next.map((r) => r.msgKey) }, runAt: now });
      } else {
        for (const item of retry) plan.moves.delete(item.row.msgKey);
        plan.jobs.push({
          kind: DISPATCH_JOB,
          payload: { msgKeys: retry.map((i) => i.row.msgKey), retry: retryCount + 1 },
          runAt: now + backoffMs(retryCount + 1),
        });
      }
    }
    if (plan.empty) return;
    await ctx.store.db.transaction().execute((tx) => plan.commit(tx));
    if (plan.jobs.length > 0 || plan.reports.length > 0) ctx.workAdded();
  }

  /** A receipt or a wait that ran out, for one waiting message. */
  async function settle(
    row: DispatchRow,
    result: DeliveryResult | 'timeout',
    sendTime: number,
  ): Promise<void> {
    const req = await requests.get(row.requestId);
    const step = req?.flow[row.step];
    if (!req || !step) return;
    const now = ctx.clock.now();
    const plan = new Plan(now, await loadModes([row.accountId]));
    const expect = { status: 'waiting', step: row.step };
    const item: Item = { row, req, outbound: build(row, req, sendTime), expect };
    const intlSms = item.outbound.international && step.channel === 'sms';
    const next: DispatchRow[] = [];
    let attempt: { status: string; code: string; text: string; carrier: string | null };
    if (result === 'timeout') {
      if (step.responseMethod === 'polling' && !intlSms) {
        attempt = {
          status: 'uncertain',
          code: CODES.pollingUncertain,
          text: 'No receipt within the timeout',
          carrier: null,
        };
        finish(plan, item, expect, 'uncertain', attempt.code, attempt.text, sendTime, null, 'STANDARD');
      } else if (intlSms) {
        attempt = {
          status: 'uncertain',
          code: CODES.dlrTimeout,
          text: 'No DLR within 5 days',
          carrier: null,
        };
        finish(plan, item, expect, 'uncertain', attempt.code, attempt.text, sendTime, null, 'DLR');
      } else {
        attempt = {
          status: 'failed',
          code: CODES.receiptTimeout,
          text: 'No receipt within the wait',
          carrier: null,
        };
        failStep(plan, item, attempt.code, attempt.text, null, next);
      }
    } else if (result.delivered) {
      const code = step.responseMethod === 'polling' ? CODES.pollingReceipt : CODES.delivered;
      attempt = { status: 'delivered', code, text: result.text, carrier: result.carrier };
      finish(
        plan,
        item,
        expect,
        'delivered',
        code,
        result.text,
        sendTime,
        result.carrier,
        intlSms ? 'DLR' : 'STANDARD',
      );
    } else {
      attempt = { status: 'failed', code: result.code, text: result.text, carrier: result.carrier };
      // After an international acceptance the DLR is the last word: there is no failover.
      if (intlSms)
        finish(plan, item, expect, 'failed', result.code, result.text, sendTime, result.carrier, 'DLR');
      else failStep(plan, item, result.code, result.text, result.carrier, next);
    }
    plan.finished.push({
      msgKey: row.msgKey,
      step: row.step,
      status: attempt.status,
      code: attempt.code,
      text: attempt.text,
      carrier: attempt.carrier,
      doneAt: now,
    });
    if (next.length > 0)
      plan.jobs.push({ kind: DISPATCH_JOB, payload: { msgKeys: [row.msgKey] }, runAt: now });
    await ctx.store.db
      .transaction()
      .execute(async (tx) => {
        // Someone settled it first (a receipt racing its timeout): leave theirs.
        if ((await plan.commit(tx)) === 0) throw new SettledAlready();
      })
      .catch((err: unknown) => {
        if (!(err instanceof SettledAlready)) throw err;
      });
    ctx.workAdded();
  }

  const sink: ConnectorSink = {
    async deliveryResult(connector, networkId, result) {
      const attempt = await findWaitingAttempt(ctx.store.db, connector, networkId);
      if (attempt?.status !== 'waiting') return;
      const row = await getMessage(ctx.store, attempt.msg_key);
      if (row?.status !== 'waiting' || row.step !== attempt.step) return;
      await settle(row, result, Number(attempt.submitted_at));
    },
  };

  const dispatchJob: JobHandler = async (job) => {
    const p = job.payload;
    const retryCount = typeof p.retry === 'number' ? p.retry : 0;
    if (typeof p.requestId === 'string') {
      await dispatch(await queuedMessages(ctx.store, { requestId: p.requestId }), retryCount);
    } else if (Array.isArray(p.msgKeys)) {
      const keys = p.msgKeys.filter((k): k is string => typeof k === 'string');
      for (let i = 0; i < keys.length; i += 500) {
        await dispatch(await queuedMessages(ctx.store, { msgKeys: keys.slice(i, i + 500) }), retryCount);
      }
    }
    return undefined;
  };

  const waitJob: JobHandler = async () => {
    const now = ctx.clock.now();
    const rows = await expiredWaits(ctx.store, now, WAIT_BATCH);
    for (const row of rows) {
      const attempt = await findAttemptOf(row);
      await settle(row, 'timeout', attempt);
    }
    return rows.length === WAIT_BATCH ? { rescheduleAt: now } : undefined;
  };

  async function findAttemptOf(row: DispatchRow): Promise<number> {
    const a = await ctx.store.db
      .selectFrom('message_attempts')
      .select('submitted_at')
      .where('msg_key', '=', row.msgKey)
      .where('step', '=', row.step)
      .executeTakeFirst();
    return a ? Number(a.submitted_at) : ctx.clock.now();
  }

  return {
    sink,
    jobHandlers: new Map<string, JobHandler>([
      [DISPATCH_JOB, dispatchJob],
      [WAIT_JOB, waitJob],
    ]),
  };
}

class SettledAlready extends Error {}
