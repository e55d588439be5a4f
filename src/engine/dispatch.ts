import type { ConnectorRegistry } from '../connectors/registry.ts';
import type { Connector, ReceiptSink, SubmitOutcome } from '../connectors/types.ts';
import type { Ctx } from '../context.ts';
import {
  type DispatchRow,
  type MoveGuard,
  queuedMessages,
  queuedOfRequests,
} from '../store/messages/messages.ts';
import { backoffMs } from './backoff.ts';
import { coalesce } from './coalesce.ts';
import { Plan, type ReportRouter } from './plan.ts';
import { RequestCache } from './requests.ts';
import type { JobHandler } from './runner.ts';
import { createSettler, DISPATCH_JOB, WAIT_JOB } from './settle.ts';
import { build, CODES, failStep, finish, type Item, sealedGone, subject } from './steps.ts';
import { SWEEP_JOB, sweepHandler } from './sweep.ts';

export { DISPATCH_JOB, WAIT_JOB };

/** How long a step waits for its receipt before it counts as failed (code 40001). */
export const RECEIPT_WAIT_MS = 24 * 3600_000;
/** International DLR: up to 5 days, then a timeout failure report (spec, shared behaviour 9). */
export const DLR_WAIT_MS = 5 * 24 * 3600_000;
/** Submissions refused as throttled or queue-full are retried this many times, then fail the step. */
const MAX_SUBMIT_RETRIES = 10;
/** Messages per pass: a send request's 200 in one, a reservation's thousands in several. */
const PASS_SIZE = 500;
/** Messages of the passes running at once in one process (see mergePasses). */
const ROWS_IN_FLIGHT = 1600;

interface Retry {
  item: Item;
  connector: string;
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

export interface Dispatcher {
  readonly sink: ReceiptSink;
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
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
  const { sink, waitJob, settleEarly, reconcileEarly } = createSettler(ctx, requests, registry, routeReports);

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
        retry.push({ item, connector: connector.name });
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
    // One wait job per second of deadlines, however many messages share it.
    // One wait job per deadline: a pass's messages share theirs (the same `now`), however many.
    plan.jobs.push({ kind: WAIT_JOB, payload: {}, runAt: until, dedupeKey: `${WAIT_JOB}:${until}` });
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

  /** One pass over queued messages: submit, move on, fail over within the pass, commit once. */
  async function dispatch(rows: DispatchRow[], retryCount: number): Promise<void> {
    if (rows.length === 0) return;
    const now = ctx.clock.now();
    const plan = new Plan(now, ctx.store.caps, routeReports);
    const retry: Retry[] = [];
    const waiting: Waiting[] = [];
    // Results the network waits to hear were kept (SMPP receipts): told once the pass is committed.
    const stored: Array<(ok: boolean) => void> = [];
    try {
      await pass(rows, retryCount, now, plan, retry, waiting, stored);
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
    rows: DispatchRow[],
    retryCount: number,
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
    if (retry.length > 0) {
      if (retryCount >= MAX_SUBMIT_RETRIES) {
        const next: DispatchRow[] = [];
        for (const { item, connector } of retry) {
          plan.attempts.push(
            attemptRow(item, connector, 'failed', CODES.connectorError, 'Submission refused repeatedly', now),
          );
          failStep(plan, item, CODES.connectorError, 'Submission refused repeatedly', null, next);
        }
        // Messages that failed over go out in a fresh pass (their new step may route elsewhere).
        if (next.length > 0)
          plan.jobs.push({ kind: DISPATCH_JOB, payload: { msgKeys: next.map((r) => r.msgKey) }, runAt: now });
      } else {
        // Queued at the step that was refused, whatever this pass did before (a step that failed
        // before it stays failed over: its attempt is recorded).
        for (const { item } of retry) {
          plan.move(item.row.msgKey, item.expect, {
            status: 'queued',
            step: item.row.step,
            nextAt: null,
            reportCode: null,
            reportText: null,
            doneAt: null,
          });
        }
        plan.jobs.push({
          kind: DISPATCH_JOB,
          payload: { msgKeys: retry.map((r) => r.item.row.msgKey), retry: retryCount + 1 },
          // From the pass's end: a connector may have spent a while retrying inside already.
          runAt: ctx.clock.now() + backoffMs(retryCount + 1),
        });
      }
    }
    if (plan.empty) return;
    await ctx.store.db.transaction().execute(async (tx) => {
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
    const kinds = plan.addedKinds();
    if (kinds.length > 0) ctx.workAdded(kinds);
    plan.announce(ctx.events);
  }

  const mergedDispatch = mergePasses(dispatch);
  // The jobs of small requests claimed together read their messages in one statement.
  const queuedOfSmall = coalesce(async (ids: readonly string[]) => {
    const byRequest = await queuedOfRequests(ctx.store, [...new Set(ids)]);
    return ids.map((id) => byRequest.get(id) ?? []);
  });

  /** A receipt or a wait that ran out, for one waiting message. */
  const dispatchJob: JobHandler = async (job) => {
    const p = job.payload;
    const retryCount = typeof p.retry === 'number' ? p.retry : 0;
    if (typeof p.requestId === 'string' && typeof p.n === 'number' && p.n <= PASS_SIZE) {
      // Accepted with at most a pass's worth of messages (the send path says how many).
      await mergedDispatch(await queuedOfSmall(p.requestId), retryCount);
    } else if (typeof p.requestId === 'string') {
      // A reservation can hold many thousands: passes of PASS_SIZE keep each transaction short.
      // Onwards by key: a message a pass left queued (a retry later) is not taken again here.
      let after: string | undefined;
      for (;;) {
        const where = after === undefined ? { requestId: p.requestId } : { requestId: p.requestId, after };
        const rows = await queuedMessages(ctx.store, where, PASS_SIZE);
        await mergedDispatch(rows, retryCount);
        if (rows.length < PASS_SIZE) break;
        after = rows[rows.length - 1]?.msgKey;
      }
    } else if (Array.isArray(p.msgKeys)) {
      const keys = p.msgKeys.filter((k): k is string => typeof k === 'string');
      for (let i = 0; i < keys.length; i += 500) {
        await mergedDispatch(
          await queuedMessages(ctx.store, { msgKeys: keys.slice(i, i + 500) }),
          retryCount,
        );
      }
    }
    return undefined;
  };

  return {
    sink,
    jobHandlers: new Map<string, JobHandler>([
      [DISPATCH_JOB, dispatchJob],
      [WAIT_JOB, waitJob],
      [SWEEP_JOB, sweepHandler(ctx, DISPATCH_JOB, WAIT_JOB, reconcileEarly)],
    ]),
  };
}

type PassRun = (rows: DispatchRow[], retryCount: number) => Promise<void>;

/**
 * Small passes of jobs running at once are merged into one: a stream of one-recipient requests
 * makes a dispatch job each, and each pass costs a commit (and, through SMPP, a claim and a
 * record of its submissions). The passes asked for during one turn of the event loop are merged
 * up to PASS_SIZE messages, those with the same retry count together; a message two jobs hold
 * goes in once. A merged pass that fails fails each of its jobs, which retry on their own.
 * Passes run while their messages together stay under ROWS_IN_FLIGHT (one pass always may):
 * many jobs at once suit one-recipient sends, but as many passes of 200 at once only held more
 * memory (docs/performance-log.md, small dispatch passes).
 */
function mergePasses(run: PassRun): PassRun {
  interface Call {
    rows: DispatchRow[];
    retryCount: number;
    resolve: () => void;
    reject: (err: unknown) => void;
  }
  let pending: Call[] = [];
  let inFlight = 0;
  const waiting: Array<{ size: number; start: () => void }> = [];
  const admit = () => {
    for (let w = waiting[0]; w && (inFlight === 0 || inFlight + w.size <= ROWS_IN_FLIGHT); w = waiting[0]) {
      waiting.shift();
      inFlight += w.size;
      w.start();
    }
  };
  const flush = () => {
    const calls = pending;
    pending = [];
    const passes: Call[][] = [];
    const open = new Map<number, { calls: Call[]; size: number }>();
    for (const c of calls) {
      let p = open.get(c.retryCount);
      if (!p || p.size + c.rows.length > PASS_SIZE) {
        p = { calls: [], size: 0 };
        open.set(c.retryCount, p);
        passes.push(p.calls);
      }
      p.calls.push(c);
      p.size += c.rows.length;
    }
    for (const group of passes) {
      const seen = new Set<string>();
      const rows = group.flatMap((c) => c.rows).filter((r) => !seen.has(r.msgKey) && seen.add(r.msgKey));
      const done = () => {
        inFlight -= rows.length;
        admit();
      };
      waiting.push({
        size: rows.length,
        start: () =>
          run(rows, group[0]?.retryCount ?? 0).then(
            () => {
              done();
              for (const c of group) c.resolve();
            },
            (err: unknown) => {
              done();
              for (const c of group) c.reject(err);
            },
          ),
      });
    }
    admit();
  };
  return (rows, retryCount) => {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ rows, retryCount, resolve, reject });
    });
  };
}
