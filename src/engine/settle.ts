import type { ConnectorSink, DeliveryResult } from '../connectors/types.ts';
import type { Ctx } from '../context.ts';
import {
  attemptSubmittedAt,
  type DispatchRow,
  expiredWaits,
  findWaitingAttempt,
  getMessage,
} from '../store/messages.ts';
import type { ReportModes } from './modes.ts';
import { Plan } from './plan.ts';
import type { RequestCache } from './requests.ts';
import type { JobHandler } from './runner.ts';
import { build, CODES, failStep, finish, type Item } from './steps.ts';

export const DISPATCH_JOB = 'dispatch';
export const WAIT_JOB = 'dispatch.wait';
const WAIT_BATCH = 1000;

class SettledAlready extends Error {}

/**
 * The second half of a step: a receipt from the connector, or the wait for it running out.
 * Receipts are matched to their attempt through the store by the connector's own message id, so
 * one that arrives after a restart is matched all the same. A receipt racing its timeout settles
 * the message once: the move is guarded by the status and step it expects.
 */
export function createSettler(ctx: Ctx, requests: RequestCache, modes: ReportModes) {
  async function settle(
    row: DispatchRow,
    result: DeliveryResult | 'timeout',
    sendTime: number,
  ): Promise<void> {
    const req = await requests.get(row.requestId);
    const step = req?.flow[row.step];
    if (!req || !step) return;
    const now = ctx.clock.now();
    const plan = new Plan(now, await modes.load([row.accountId]), ctx.store.caps);
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
      // A receipt can overtake the record of its submission (the engine commits after the
      // connector answered): failing here makes the connector's receipt job retry it shortly.
      if (!attempt) throw new Error(`no attempt recorded yet for ${connector} message ${networkId}`);
      if (attempt.status !== 'waiting') return;
      const row = await getMessage(ctx.store, attempt.msg_key);
      if (row?.status !== 'waiting' || row.step !== attempt.step) return;
      await settle(row, result, Number(attempt.submitted_at));
    },
  };

  const waitJob: JobHandler = async () => {
    const now = ctx.clock.now();
    const rows = await expiredWaits(ctx.store, now, WAIT_BATCH);
    for (const row of rows) {
      const sendTime = (await attemptSubmittedAt(ctx.store, row.msgKey, row.step)) ?? now;
      await settle(row, 'timeout', sendTime);
    }
    return rows.length === WAIT_BATCH ? { rescheduleAt: now } : undefined;
  };

  return { sink, waitJob };
}
