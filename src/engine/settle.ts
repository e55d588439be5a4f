import type { ConnectorRegistry } from '../connectors/registry.ts';
import type { DeliveryResult, ReceiptSink } from '../connectors/types.ts';
import type { Ctx } from '../context.ts';
import { transact } from '../store/db/work-signal.ts';
import { attemptOf, findWaitingAttempts } from '../store/messages/attempts.ts';
import { type DispatchRow, expiredWaits } from '../store/messages/messages.ts';
import { holdEarlyReceipts, matchedEarlyReceipts, takeEarlyReceipts } from '../store/messages/receipts.ts';
import { Plan, type ReportRouter } from './plan.ts';
import type { RequestCache } from './requests.ts';
import type { Reschedule } from './runner.ts';
import { build, CODES, failStep, finish, type Item } from './steps.ts';

const WAIT_BATCH = 1000;

class SettledAlready extends Error {}

/**
 * The second half of a step: a receipt from the connector, or the wait for it running out.
 * Receipts are matched to their attempt through the store by the connector's own message id, so
 * one that arrives after a restart is matched all the same. A receipt racing its timeout settles
 * the message once: the move is guarded by the status and step it expects.
 */
export function createSettler(
  ctx: Ctx,
  requests: RequestCache,
  registry: ConnectorRegistry,
  routeReports: ReportRouter,
) {
  /** Adds one message's settlement to a plan; false when its request or step is gone. */
  async function addSettle(
    plan: Plan,
    row: DispatchRow,
    result: DeliveryResult | 'timeout',
    sendTime: number,
    next: DispatchRow[],
  ): Promise<boolean> {
    const req = await requests.get(row.requestId);
    const step = req?.flow[row.step];
    if (!req || !step) return false;
    const now = plan.now;
    const expect = { status: 'waiting', step: row.step };
    const item: Item = { row, req, outbound: build(row, req, sendTime), expect };
    const intlSms = item.outbound.international && step.channel === 'sms';
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
    return true;
  }

  /** Settles one message in a transaction of its own; someone else's settlement first wins. */
  async function settle(
    row: DispatchRow,
    result: DeliveryResult | 'timeout',
    sendTime: number,
  ): Promise<void> {
    const now = ctx.clock.now();
    const plan = new Plan(now, ctx.store.caps, routeReports);
    const next: DispatchRow[] = [];
    if (!(await addSettle(plan, row, result, sendTime, next))) return;
    const settled = await transact(ctx.store, async (tx) => {
      // Someone settled it first (a receipt racing its timeout): leave theirs.
      if ((await plan.commit(tx)) === 0) throw new SettledAlready();
      return true;
    }).catch((err: unknown) => {
      if (!(err instanceof SettledAlready)) throw err;
      return false;
    });
    if (settled) plan.announce(ctx.events);
  }

  /**
   * Settles many messages in one transaction (receipts arrive by the thousand a second). If any
   * moved meanwhile (a timeout or a repeat first), the batch is rolled back and each is settled
   * on its own, where the first settlement wins.
   */
  async function settleMany(
    items: ReadonlyArray<{ row: DispatchRow; result: DeliveryResult | 'timeout'; sendTime: number }>,
  ): Promise<void> {
    if (items.length === 0) return;
    const now = ctx.clock.now();
    const plan = new Plan(now, ctx.store.caps, routeReports);
    const next: DispatchRow[] = [];
    const added: Array<(typeof items)[number]> = [];
    for (const it of items) if (await addSettle(plan, it.row, it.result, it.sendTime, next)) added.push(it);
    const whole = await transact(ctx.store, async (tx) => {
      if ((await plan.commit(tx)) !== plan.moves.size) throw new SettledAlready();
      return true;
    }).catch((err: unknown) => {
      if (!(err instanceof SettledAlready)) throw err;
      return false;
    });
    if (!whole) {
      for (const it of added) await settle(it.row, it.result, it.sendTime);
      return;
    }
    plan.announce(ctx.events);
  }

  const sink: ReceiptSink = {
    async deliveryResults(connector, batch) {
      const results = new Map(batch.map((b) => [b.networkId, b.result]));
      const ids = [...results.keys()];
      const found = await findWaitingAttempts(ctx.store.db, connector, ids);
      const matched = new Set(found.map((w) => w.attempt.network_id ?? ''));
      const missing = ids.filter((id) => !matched.has(id));
      const held: string[] = [];
      if (missing.length > 0) {
        // The same dance as deliveryResult, for the whole batch at once.
        await holdEarlyReceipts(
          ctx.store,
          connector,
          missing.map((id) => ({ networkId: id, result: results.get(id) as DeliveryResult })),
        );
        const late = await findWaitingAttempts(ctx.store.db, connector, missing);
        const lateIds = late.map((w) => w.attempt.network_id ?? '');
        const taken = late.length
          ? await takeEarlyReceipts(ctx.store, connector, lateIds)
          : new Map<string, DeliveryResult>();
        for (const w of late) {
          const r = taken.get(w.attempt.network_id ?? '');
          if (r) {
            found.push(w);
            results.set(w.attempt.network_id ?? '', r);
          }
        }
        for (const id of missing) if (!taken.has(id)) held.push(id);
      }
      const items: Array<{ row: DispatchRow; result: DeliveryResult | 'timeout'; sendTime: number }> = [];
      for (const { attempt: a, message: row } of found) {
        const result = results.get(a.network_id ?? '');
        if (!result || row.status !== 'waiting' || row.step !== a.step) continue;
        // One later than the step's wait counts as none.
        const late = row.nextAt !== null && result.at > row.nextAt;
        items.push({ row, result: late ? 'timeout' : result, sendTime: Number(a.submitted_at) });
      }
      await settleMany(items);
      return { held };
    },

    // One receipt is a batch of one: the same hold, look-again and take as many.
    async deliveryResult(connector, networkId, result) {
      await sink.deliveryResults(connector, [{ networkId, result }]);
    },
  };

  /** After a pass recorded waiting attempts: the receipts that arrived before it, if any. */
  async function settleEarly(
    waiting: ReadonlyArray<{ connector: string; networkId: string }>,
  ): Promise<void> {
    const byConnector = new Map<string, string[]>();
    for (const w of waiting) {
      const list = byConnector.get(w.connector) ?? [];
      list.push(w.networkId);
      byConnector.set(w.connector, list);
    }
    for (const [connector, ids] of byConnector) {
      const held = await takeEarlyReceipts(ctx.store, connector, ids);
      await settleTaken(connector, held);
    }
  }

  /**
   * Settles receipts taken from early_receipts. They were acknowledged to the network long ago:
   * if storing the result fails, they are held again for the sweep's reconciliation.
   */
  async function settleTaken(connector: string, taken: ReadonlyMap<string, DeliveryResult>): Promise<void> {
    if (taken.size === 0) return;
    try {
      await sink.deliveryResults(
        connector,
        [...taken].map(([networkId, result]) => ({ networkId, result })),
      );
    } catch (err) {
      await holdEarlyReceipts(
        ctx.store,
        connector,
        [...taken].map(([networkId, result]) => ({ networkId, result })),
      ).catch(() => {});
      throw err;
    }
  }

  /**
   * The sweep's safety net for receipts: held ones whose attempt is recorded and waiting (a
   * settlement that failed after its receipt was taken, a pass that crashed after its commit).
   */
  async function reconcileEarly(): Promise<void> {
    const rows = await matchedEarlyReceipts(ctx.store, 1000);
    const byConnector = new Map<string, string[]>();
    for (const r of rows) {
      const list = byConnector.get(r.connector) ?? [];
      list.push(r.networkId);
      byConnector.set(r.connector, list);
    }
    for (const [connector, ids] of byConnector) {
      await settleTaken(connector, await takeEarlyReceipts(ctx.store, connector, ids));
    }
  }

  /** Waiting messages whose wait ran out (claimed by the dispatch lane, or read by a wait job). */
  async function expireWaits(rows: readonly DispatchRow[]): Promise<void> {
    for (const row of rows) {
      const now = ctx.clock.now();
      const attempt = await attemptOf(ctx.store, row.msgKey, row.step);
      const sendTime = attempt ? Number(attempt.submitted_at) : now;
      // The clock may have jumped past a receipt and the end of its wait at once: a receipt the
      // network holds for before the deadline wins over the timeout.
      let result: DeliveryResult | undefined;
      const connector = attempt ? registry.byName(attempt.connector) : undefined;
      if (attempt?.network_id && connector?.resultsDueBy && row.nextAt !== null) {
        result = (await connector.resultsDueBy([attempt.network_id], row.nextAt)).get(attempt.network_id);
      }
      await settle(row, result ?? 'timeout', sendTime);
    }
  }

  /**
   * The wait job of the versions before migration 0025 (one per pass; an older instance may
   * still add them during an upgrade), and the sweep's for waits far past their end.
   */
  const waitJob = async (): Promise<Reschedule | undefined> => {
    const now = ctx.clock.now();
    const rows = await expiredWaits(ctx.store, now, WAIT_BATCH);
    await expireWaits(rows);
    return rows.length === WAIT_BATCH ? { rescheduleAt: now } : undefined;
  };

  return { sink, waitJob, expireWaits, settleEarly, reconcileEarly };
}
