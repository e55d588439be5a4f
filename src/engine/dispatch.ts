import type { ConnectorRegistry } from '../connectors/registry.ts';
import type { Connector, ReceiptSink, SubmitOutcome } from '../connectors/types.ts';
import type { Ctx } from '../context.ts';
import { transact } from '../store/db/work-signal.ts';
import type { DispatchRow, MoveGuard } from '../store/messages/messages.ts';
import { makeDue } from '../store/messages/queue.ts';
import { backoffMs } from './backoff.ts';
import { createMessageSource } from './message-source.ts';
import { Plan, type ReportRouter } from './plan.ts';
import { RequestCache } from './requests.ts';
import { handles, type JobHandler, type WorkSource } from './runner.ts';
import { createSettler } from './settle.ts';
import { build, CODES, failStep, finish, type Item, sealedGone, subject } from './steps.ts';
import { SWEEP, sweepHandler } from './sweep.ts';
import { DISPATCH, DISPATCH_JOB, DISPATCH_WORK, WAIT, WAIT_JOB } from './work-kinds.ts';

export { DISPATCH_JOB, DISPATCH_WORK, WAIT_JOB };

/** How long a step waits for its receipt before it counts as failed (code 80001). */
export const RECEIPT_WAIT_MS = 24 * 3600_000;
/** International DLR: up to 5 days, then a timeout failure report (spec, shared behaviour 9). */
export const DLR_WAIT_MS = 5 * 24 * 3600_000;
/** Submissions refused as throttled or queue-full are retried this many times, then fail the step. */
const MAX_SUBMIT_RETRIES = 10;

interface Retry {
  item: Item;
  connector: string;
  /** The least wait the network asked for (Retry-After). */
  afterMs: number;
  /** The network may have taken it: when the retries run out it ends uncertain, without failover. */
  uncertain: boolean;
}

interface Waiting {
  connector: string;
  networkId: string;
}

/** The attempt row of a step that ended in this pass. */
function attemptRow(item: Item, connector: string, status: string, code: string, text: string, at: number) {
  const step = item.req.flow[item.row.step];
  return {
    msg_key: item.row.msgKey,
    step: item.row.step,
    channel: item.outbound.channel,
    service_type: step?.serviceType ?? '',
    msg_type: item.outbound.msgType,
    connector,
    network_id: null,
    status,
    report_code: code,
    report_text: text,
    carrier: null,
    submitted_at: item.outbound.submittedAt,
    done_at: at,
  };
}

/**
 * A step the network may have taken although it did not say so: the message ends uncertain with
 * its report, and no next step is sent (it could deliver the message a second time).
 */
function endUncertain(plan: Plan, item: Item, connector: string, code: string, text: string): void {
  plan.attempts.push(attemptRow(item, connector, 'uncertain', code, text, plan.now));
  finish(plan, item, item.expect, 'uncertain', code, text, item.outbound.submittedAt, null, 'STANDARD');
}

export interface Dispatcher {
  readonly sink: ReceiptSink;
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
  /** The due messages, claimed from their rows by the dispatch lane (DISPATCH_WORK). */
  readonly messages: WorkSource;
}

/**
 * The delivery engine: hands queued messages to the connector of their current messageFlow step
 * and moves them on by the answer: delivered, waiting for a receipt, or failed, in which case the
 * next step is sent at once (failover).
 */
export function createDispatcher(
  ctx: Ctx,
  registry: ConnectorRegistry,
  routeReports: ReportRouter,
): Dispatcher {
  const requests = new RequestCache(ctx.store, ctx.secrets);
  const { sink, waitJob, expireWaits, settleEarly, reconcileEarly } = createSettler(
    ctx,
    requests,
    registry,
    routeReports,
  );

  function onOutcome(
    plan: Plan,
    item: Item,
    connector: Connector,
    outcome: SubmitOutcome,
    next: DispatchRow[],
    retry: Retry[],
    waiting: Waiting[],
  ): void {
    const { row, req, outbound } = item;
    const step = req.flow[row.step];
    // The pass submitting it (on this instance or another) moves it on; nothing to record here.
    if (!step || outcome.kind === 'skipped') return;
    const base = {
      msg_key: row.msgKey,
      step: row.step,
      channel: step.channel,
      service_type: step.serviceType,
      msg_type: step.msgType,
      connector: connector.name,
      submitted_at: outbound.submittedAt,
    };
    if (outcome.kind === 'rejected') {
      if (outcome.retryable) {
        retry.push({
          item,
          connector: connector.name,
          afterMs: outcome.retryAfterMs ?? 0,
          uncertain: outcome.uncertain === true,
        });
        return;
      }
      if (outcome.uncertain) {
        endUncertain(plan, item, connector.name, outcome.code, outcome.text);
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
    if (outcome.early) plan.earlyTaken.push({ connector: connector.name, networkId: outcome.networkId });
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
        : (connector.receiptWaitMs ?? RECEIPT_WAIT_MS);
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
    // No job for the wait's end: the dispatch lane claims waits that ran out (message-source.ts).
    waiting.push({ connector: connector.name, networkId: outcome.networkId });
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

  /** One pass over claimed messages: submit, move on, fail over within the pass, commit once. */
  async function dispatch(rows: readonly DispatchRow[]): Promise<void> {
    if (rows.length === 0) return;
    const now = ctx.clock.now();
    const plan = new Plan(now, ctx.store.caps, routeReports);
    const retry: Retry[] = [];
    const waiting: Waiting[] = [];
    // Results the network waits to hear were kept (SMPP receipts): told once the pass is committed.
    const stored: Array<(ok: boolean) => void> = [];
    try {
      await pass(rows, now, plan, retry, waiting, stored);
    } catch (err) {
      for (const ack of stored) ack(false);
      throw err;
    }
    for (const ack of stored) ack(true);
    if (waiting.length > 0) {
      // The pass is committed: a failure here must not fail its job (the receipts taken are held
      // again, and the sweep settles them).
      await settleEarly(waiting).catch((err: unknown) =>
        ctx.logger.error({ err }, 'early receipts not settled; the sweep will'),
      );
    }
  }

  async function pass(
    rows: readonly DispatchRow[],
    now: number,
    plan: Plan,
    retry: Retry[],
    waiting: Waiting[],
    stored: Array<(ok: boolean) => void>,
  ): Promise<void> {
    // A stop (queued → held) during this pass cannot undo the submissions it makes.
    let pending: Array<{ row: DispatchRow; expect: MoveGuard }> = rows.map((row) => ({
      row,
      expect: { status: ['queued', 'held'], step: row.step },
    }));
    while (pending.length > 0) {
      const next: DispatchRow[] = [];
      const groups = new Map<Connector, Item[]>();
      // Asked for all at once: a merged pass of one-recipient sends reads its requests together.
      await Promise.all([...new Set(pending.map((p) => p.row.requestId))].map((id) => requests.get(id)));
      for (const { row, expect } of pending) {
        const req = await requests.get(row.requestId);
        if (!req) continue;
        const item: Item = { row, req, outbound: build(row, req, now), expect };
        // What the step carries (a 2FA code) was erased when it expired: nothing is sent.
        const gone = sealedGone(req, row.step, now);
        const connector = gone ? null : registry.route(item.outbound.channel, row.to, item.outbound.msgType);
        if (!connector) {
          const [code, text] = gone
            ? [CODES.sealedExpired, 'Not sent: its verification code had expired']
            : [CODES.noRoute, 'No connector for the channel'];
          plan.attempts.push({
            msg_key: row.msgKey,
            step: row.step,
            channel: item.outbound.channel,
            service_type: req.flow[row.step]?.serviceType ?? '',
            msg_type: item.outbound.msgType,
            connector: 'none',
            network_id: null,
            status: 'failed',
            report_code: code,
            report_text: text,
            carrier: null,
            submitted_at: now,
            done_at: now,
          });
          failStep(plan, item, code, text, null, next);
          continue;
        }
        const g = groups.get(connector);
        if (g) g.push(item);
        else groups.set(connector, [item]);
      }
      // Every connector at once: a slow SMSC must not hold the sandbox's (or another SMSC's) share.
      const answers = await Promise.all(
        [...groups].map(async ([connector, items]) => ({
          connector,
          items,
          outcomes: await submitAll(connector, items),
        })),
      );
      for (const { connector, items, outcomes } of answers) {
        items.forEach((item, i) => {
          const o = outcomes[i];
          if (!o) return;
          if (o.kind === 'accepted' && o.stored) stored.push(o.stored);
          onOutcome(plan, item, connector, o, next, retry, waiting);
        });
      }
      // Failed-over messages keep the guard of the state this pass found them in.
      pending = next.map((row) => ({
        row,
        expect: plan.moves.get(row.msgKey)?.expect ?? { status: 'queued', step: row.step },
      }));
    }
    // From the pass's end: a connector may have spent a while retrying inside already.
    const passEnd = ctx.clock.now();
    for (const { item, connector, afterMs, uncertain } of retry) {
      const tries = item.row.tries + 1;
      if (tries > MAX_SUBMIT_RETRIES && uncertain) {
        endUncertain(
          plan,
          item,
          connector,
          CODES.connectorUncertain,
          'No answer after every retry: it may have been delivered',
        );
        continue;
      }
      if (tries > MAX_SUBMIT_RETRIES) {
        plan.attempts.push(
          attemptRow(item, connector, 'failed', CODES.connectorError, 'Submission refused repeatedly', now),
        );
        // A next step is due at once, for the next claim (it may route elsewhere).
        failStep(plan, item, CODES.connectorError, 'Submission refused repeatedly', null, []);
        continue;
      }
      // Queued at the step that was refused, due after the backoff, whatever this pass did before
      // (a step that failed before it stays failed over: its attempt is recorded).
      plan.move(item.row.msgKey, item.expect, {
        status: 'queued',
        step: item.row.step,
        nextAt: passEnd + Math.max(backoffMs(tries), afterMs),
        tries,
        reportCode: null,
        reportText: null,
        doneAt: null,
      });
    }
    if (plan.empty) return;
    await transact(ctx.store, async (tx) => {
      // Every message must still be where this pass found it. One moved meanwhile (another pass
      // on the same messages, a reservation stopped) rolls the whole pass back, reports included;
      // the job's retry then takes what is still queued, and connectors take the resubmission
      // without delivering twice.
      const moved = await plan.commit(tx);
      if (moved !== plan.moves.size) {
        throw new Error(
          `${plan.moves.size - moved} of ${plan.moves.size} messages moved during the pass; retrying`,
        );
      }
    });
    plan.announce(ctx.events);
  }

  /** A `dispatch` job of a version before migration 0025 (an upgrade under way): its messages are due. */
  const legacyDispatchJob = handles(DISPATCH, async ({ requestId, msgKeys }) => {
    const now = ctx.clock.now();
    if (requestId !== undefined) await makeDue(ctx.store.db, { requestId }, now);
    else if (msgKeys) {
      for (let i = 0; i < msgKeys.length; i += 500) {
        await makeDue(ctx.store.db, { msgKeys: msgKeys.slice(i, i + 500) }, now);
      }
    }
    return undefined;
  });

  return {
    sink,
    messages: createMessageSource(ctx, { dispatch, expire: expireWaits }),
    jobHandlers: new Map<string, JobHandler>([
      legacyDispatchJob,
      handles(WAIT, waitJob),
      handles(SWEEP, sweepHandler(ctx, reconcileEarly)),
    ]),
  };
}
