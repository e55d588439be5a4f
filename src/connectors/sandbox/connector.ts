import type { JobHandler } from '../../engine/runner.ts';
import { enqueueJobs, type NewJob } from '../../store/jobs/jobs.ts';
import { deliverToInboxes, findHandsets, type NewInboxMessage } from '../../store/sandbox/sandbox.ts';
import type { Connector, ConnectorDeps, OutboundMessage, SubmitOutcome } from '../types.ts';
import { DELIVERED, decide, type HandsetSettings, resolveHandset } from './handset.ts';
import { networkIdOf, receiptHandler, receiptJob, receiptsDueBy, SANDBOX_CONNECTOR } from './receipts.ts';
import { parseSettings } from './settings.ts';

export interface SandboxConnector extends Connector {
  /** Background work of the sandbox (receipts that arrive later on the clock). */
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
}

/**
 * The simulated world: every channel lands in the handset's inbox, or fails as the handset's
 * settings say (handset.ts). A batch costs one SELECT of its handsets and one INSERT of its
 * inbox rows, failed steps included (plus one INSERT of receipt jobs when a handset delays its
 * receipts).
 */
export function createSandboxConnector(deps: ConnectorDeps): SandboxConnector {
  const { ctx, sink } = deps;

  async function submit(batch: readonly OutboundMessage[]): Promise<SubmitOutcome[]> {
    if (batch.length === 0) return [];
    const phones = [...new Set(batch.map((m) => m.to))];
    const settings = new Map<string, HandsetSettings>();
    for (const row of await findHandsets(ctx.store, phones))
      settings.set(row.phone, parseSettings(row.props));

    const outcomes: SubmitOutcome[] = [];
    const inbox: NewInboxMessage[] = [];
    const receipts: NewJob[] = [];
    for (const msg of batch) {
      const handset = resolveHandset(msg.to, settings.get(msg.to), msg.submittedAt);
      const networkId = networkIdOf(msg);
      const d = decide(handset, msg);
      const row = {
        phone: msg.to,
        msgKey: msg.msgKey,
        step: msg.step,
        channel: msg.channel,
        msgType: msg.msgType,
        from: msg.from,
        title: msg.title,
        text: msg.text,
        receivedAt: msg.submittedAt,
      };
      if (!d.delivered) {
        // Accepted by the network, then failed at the handset: the carrier's view of it. The
        // handset keeps the step as a marked event (the console's timeline), not a silent gap.
        inbox.push({ ...row, payload: JSON.stringify(msg.payload), failure: { code: d.code, text: d.text } });
        const result = { delivered: false, code: d.code, text: d.text, carrier: handset.carrier };
        outcomes.push({ kind: 'accepted', networkId, result: { ...result, at: msg.submittedAt } });
        continue;
      }
      inbox.push({ ...row, payload: JSON.stringify(d.payload), failure: null });
      if (d.receiptAfterMs > 0) {
        receipts.push(receiptJob(msg, networkId, d.receiptAfterMs));
        outcomes.push({ kind: 'accepted', networkId });
      } else {
        outcomes.push({
          kind: 'accepted',
          networkId,
          result: {
            delivered: true,
            code: DELIVERED.code,
            text: DELIVERED.text,
            carrier: handset.carrier,
            at: msg.submittedAt,
          },
        });
      }
    }

    // A row already there (a resubmission) is skipped: the same answer, no second delivery.
    if (inbox.length > 0) {
      await deliverToInboxes(ctx.store, inbox);
      // Live timelines of this process look at once (others poll the database: it is the truth).
      ctx.events.emit('sandbox.inbox', { phones });
    }
    if (receipts.length > 0) {
      // Also for resubmissions: the dedupe key adds none while the first receipt waits; one that
      // already ran may have found no attempt to match (the engine crashed before recording the
      // submission), so a second receipt can help, and the sink must take a repeat calmly.
      await enqueueJobs(ctx.store.db, receipts, ctx.clock.now());
    }
    return outcomes;
  }

  return {
    name: SANDBOX_CONNECTOR,
    channels: ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'],
    // The simulated network takes whatever the engine gives it; the database sets the pace.
    pace: { perSecond: null, window: 1000 },
    submit,
    resultsDueBy: (networkIds, until) => receiptsDueBy(ctx, networkIds, until),
    jobHandlers: new Map<string, JobHandler>([receiptHandler(ctx, sink)]),
  };
}
