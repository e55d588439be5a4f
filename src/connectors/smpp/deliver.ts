import type { Ctx } from '../../context.ts';
import { normalizeRecipient } from '../../rules/phone.ts';
import { findWaitingAttempt } from '../../store/messages/attempts.ts';
import { takeEarlyReceipts } from '../../store/messages/receipts.ts';
import {
  addMoPart,
  dropMoParts,
  dropParts,
  partDelivered,
  partOf,
  partsAmong,
  pruneSmpp,
  type SmppSubmission,
  settleParts,
} from '../../store/messages/smpp.ts';
import type { SmppConnectorConfig } from '../config.ts';
import type { ConnectorSink, DeliveryResult } from '../types.ts';
import { concatFromSar, concatFromUdh } from './concat.ts';
import { type Deliver, isReceipt, readDeliver } from './pdu-fields.ts';
import { normalizeMessageId, receiptFrom, receiptOutcome } from './receipt.ts';
import type { DeliverSm } from './wire.ts';

/** ESME_RX_T_APPN: not taken now, the SMSC delivers it again later. */
export const TEMPORARY_ERROR = 0x64;

/** Receipts a submission in progress may own (connector.ts). */
export interface PassReceipts {
  /**
   * Held in memory for the submission: null when there is none in progress or the answer must not
   * wait; else resolves once its pass committed (true) or did not (false).
   */
  hold(networkId: string, result: DeliveryResult): Promise<boolean> | null;
  /** Kept as early (stored, answered): the submission that owns it may settle it in its commit. */
  overtook(networkId: string, result: DeliveryResult): void;
}

/** A part record younger than this counts whatever its message's state (its pass may not have committed). */
const PART_FRESH_MS = 10 * 60_000;
/** How long the parts of an MO wait for the rest before they are dropped. */
const MO_PARTS_KEEP_MS = 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** The number as the gateway keeps it: digits, Korean numbers in their domestic form. */
function number(addr: string): string {
  const digits = addr.replace(/^\+/, '');
  return normalizeRecipient(digits) ?? digits;
}

/**
 * What arrives from the SMSC: delivery receipts, matched to their message through the store
 * (parts of a concatenated message first through `smpp_parts`), and MO messages, reassembled
 * from their parts. Every deliver_sm is answered only once what it says is stored, so a crash
 * before that makes the SMSC send it again.
 */
export function createDeliverHandler(
  ctx: Ctx,
  sink: ConnectorSink,
  cfg: SmppConnectorConfig,
  counters: Record<string, number>,
  passes: PassReceipts,
) {
  let lastPrune = 0;

  /** One part's receipt: a failed part fails the message; the last delivered part delivers it. */
  async function partReceipt(partId: string, result: DeliveryResult): Promise<boolean> {
    const part = await partOf(ctx.store, cfg.name, partId);
    if (!part) return false;
    // A repeat, or a sibling of a part that failed: the message's result is known already.
    if (part.settled) return true;
    // A record this old whose message waits no more (settled by a timeout, say) stands for
    // nothing: the SMSC may have given the id to a new message. Forgotten, matched like any id.
    if (
      Date.now() - part.at >= PART_FRESH_MS &&
      !(await findWaitingAttempt(ctx.store.db, cfg.name, part.networkId))
    ) {
      await dropParts(ctx.store, cfg.name, part.networkId);
      return false;
    }
    if (!result.delivered) {
      await sink.deliveryResult(cfg.name, part.networkId, result);
      await settleParts(ctx.store, cfg.name, part.networkId);
      return true;
    }
    const p = await partDelivered(ctx.store, cfg.name, partId);
    if (!p) return false;
    if (p.remaining === 0) {
      // Settled first, marked after: a repeat of this receipt in between settles again (a no-op).
      await sink.deliveryResult(cfg.name, p.networkId, result);
      await settleParts(ctx.store, cfg.name, p.networkId);
    }
    return true;
  }

  interface Late {
    id: string;
    result: DeliveryResult;
    /** true when it was kept as an early receipt (no submission of it recorded yet). */
    resolve(early: boolean): void;
    reject(err: unknown): void;
  }
  const late: Late[] = [];
  let flushing = false;

  /**
   * A receipt through the store: its attempt, or the parts of its message, or held as early.
   * Receipts that arrive while a batch is being stored wait for the next: one transaction settles
   * them all, so a carrier's burst of receipts costs a few commits, not one each.
   */
  function settleReceipt(id: string, result: DeliveryResult): Promise<boolean> {
    return new Promise((resolve, reject) => {
      late.push({ id, result, resolve, reject });
      if (flushing) return;
      flushing = true;
      setImmediate(() => void flush());
    });
  }

  async function flush(): Promise<void> {
    while (late.length > 0) {
      const batch = late.splice(0, 500);
      try {
        const early = await settleBatch(batch);
        for (const b of batch) b.resolve(early.has(b.id));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    flushing = false;
  }

  /** Answers the ids kept as early receipts (still so when this returns). */
  async function settleBatch(batch: readonly Late[]): Promise<Set<string>> {
    let rest = batch;
    if (cfg.concatenation) {
      const parts = await partsAmong(
        ctx.store,
        cfg.name,
        batch.map((b) => b.id),
      );
      const taken = new Set<string>();
      for (const b of batch) if (parts.has(b.id) && (await partReceipt(b.id, b.result))) taken.add(b.id);
      rest = batch.filter((b) => !taken.has(b.id));
    }
    if (rest.length === 0) return new Set();
    const { held } = await sink.deliveryResults(
      cfg.name,
      rest.map((b) => ({ networkId: b.id, result: b.result })),
    );
    const early = new Set(held);
    if (!cfg.concatenation || held.length === 0) return early;
    // A part may have been recorded while the sink held its receipt as an early one: whoever
    // takes the held receipt settles it (partsRecorded does the same from its side).
    const nowParts = await partsAmong(ctx.store, cfg.name, held);
    if (nowParts.size === 0) return early;
    const taken = await takeEarlyReceipts(ctx.store, cfg.name, [...nowParts]);
    for (const [id, result] of taken) {
      early.delete(id);
      if (!(await partReceipt(id, result))) await sink.deliveryResult(cfg.name, id, result);
    }
    return early;
  }

  async function receipt(d: Deliver): Promise<number> {
    const r = receiptFrom({
      text: d.text,
      receiptedMessageId: d.receiptedMessageId,
      messageState: d.messageState,
      networkErrorCode: d.networkErrorCode,
    });
    if (!r) {
      ctx.logger.warn({ connector: cfg.name }, 'SMPP receipt without id or state; ignored');
      return 0;
    }
    const outcome = receiptOutcome(r);
    if (!outcome) return 0;
    counters.receipts = (counters.receipts ?? 0) + 1;
    const id = normalizeMessageId(r.id, cfg.messageIds.receipt);
    const result: DeliveryResult = {
      delivered: outcome.delivered,
      code: outcome.code,
      text: outcome.text,
      carrier: null,
      at: ctx.clock.now(),
    };
    // Answered once stored, never held for the commit of the pass that submitted its message:
    // an SMSC that sends its next submit_sm_resp only once this deliver_sm is acknowledged (its
    // window, or Nagle's algorithm on its socket) would wait for that commit with every slot.
    // One that overtook its submission's record is kept as early (stored) and offered to the
    // submission in progress, which settles its message in the same commit as the submission.
    const inPass = passes.hold(id, result);
    if (inPass) return (await inPass) ? 0 : TEMPORARY_ERROR;
    if (await settleReceipt(id, result)) passes.overtook(id, result);
    return 0;
  }

  async function mo(d: Deliver): Promise<void> {
    const from = number(d.source);
    const to = number(d.destination);
    const concat =
      (d.udh && (d.esmClass & 0x40) !== 0 ? concatFromUdh(d.udh) : null) ??
      concatFromSar(d.sar.ref, d.sar.total, d.sar.seq);
    counters.mo = (counters.mo ?? 0) + 1;
    if (!concat || concat.total === 1) {
      await sink.mo({ to, from, content: d.text, connector: cfg.name });
      return;
    }
    const key = { connector: cfg.name, source: from, destination: to, ref: concat.ref, total: concat.total };
    const whole = await addMoPart(ctx.store, key, concat.seq, d.text, ctx.clock.now());
    if (!whole) return;
    // The same id for whoever completes it first (a repeated last part): taken once.
    const networkId = `concat:${from}:${to}:${concat.ref}:${concat.total}:${whole.firstAt}`;
    await sink.mo({
      to,
      from,
      content: whole.contents.join(''),
      connector: cfg.name,
      networkId,
      occurredAt: whole.firstAt,
    });
    await dropMoParts(ctx.store, key);
  }

  return {
    async deliver(pdu: DeliverSm): Promise<number> {
      const d = readDeliver(pdu);
      if (isReceipt(d)) return receipt(d);
      await mo(d);
      return 0;
    },

    settleReceipt,

    /** After the parts of concatenated messages are recorded: their receipts that came first. */
    async partsRecorded(taken: readonly SmppSubmission[]): Promise<void> {
      const ids = taken.flatMap((t) => t.partIds ?? []);
      if (ids.length === 0) return;
      const held = await takeEarlyReceipts(ctx.store, cfg.name, ids);
      for (const [id, result] of held) await partReceipt(id, result);
    },

    async prune(keepMs: number): Promise<void> {
      const now = ctx.clock.now();
      if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = Date.now();
      try {
        // Submissions and parts are stamped with the wall clock (claims), MO parts with the gateway's.
        await pruneSmpp(ctx.store, cfg.name, Date.now() - keepMs, now - MO_PARTS_KEEP_MS);
      } catch (err) {
        ctx.logger.warn({ err, connector: cfg.name }, 'could not prune SMPP records');
      }
    },
  };
}
