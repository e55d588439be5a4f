import type { Ctx } from '../../context.ts';
import { CODES } from '../../engine/steps.ts';
import { Pacer } from '../../rules/pacer.ts';
import {
  claimSubmissions,
  recordSubmissions,
  refreshClaims,
  type SmppSubmission,
  submissionKey,
} from '../../store/messages/smpp.ts';
import type { SmppConnectorConfig } from '../config.ts';
import type { Connector, ConnectorSink, DeliveryResult, OutboundMessage, SubmitOutcome } from '../types.ts';
import { type BindRole, SmppBind } from './bind.ts';
import { createDeliverHandler, type PassReceipts } from './deliver.ts';
import { encodeText } from './encoding.ts';
import { normalizeMessageId } from './receipt.ts';
import { submitStatus } from './status.ts';
import type { SubmitSmFields } from './wire.ts';

/** Report codes of messages the connector cannot carry (docs/connectors.md). */
export const SMPP_CODES = {
  needsConcatenation: '85003',
  tooLong: '85004',
  partial: '85005',
} as const;

type PartResult =
  | { kind: 'ok'; id: string }
  | { kind: 'fail'; code: string; text: string }
  | { kind: 'retry'; text: string };

interface PartJob {
  fields: SubmitSmFields;
  attempts: number;
  /** Times it was on the wire when a link dropped unanswered. */
  lost: number;
  /** When it went into the queue: with nothing answered for a response timeout, it goes back to the engine. */
  queuedAt: number;
  resolve(r: PartResult): void;
}

export interface ConnectorStats {
  name: string;
  binds: Array<{ index: number; role: BindRole; state: string; inFlight: number; reconnects: number }>;
  window: number;
  throughput: number | null;
  queued: number;
  counters: Readonly<Record<string, number>>;
  /** Window slots held by answered submit_sm, in all (ms), and how many answers that is over. */
  windowHeld: { ms: number; answers: number };
}

/** What /metrics and the overview read of a connector: here, or mirrored from the engine's thread. */
export interface ConnectorStatsSource {
  readonly name: string;
  readonly channels: Connector['channels'];
  stats(): ConnectorStats;
}

export interface SmppConnector extends Connector, ConnectorStatsSource {
  start(): void;
  stop(): Promise<void>;
}

/** Throttled and queue-full answers pause the SMSC's sending for this long, doubling per repeat. */
const THROTTLE_BASE_MS = 100;
const THROTTLE_CAP_MS = 1000;
/** A part left unanswered by a dropped link is submitted again this many times at most. */
const MAX_LOST = 1;
/** Longest a receipt handed to a pass waits for its commit before it is stored on its own. */
const TAKEN_MAX_MS = 2000;
/** Longest a receipt waits in memory for the submission in progress that may own it. */
const HOLD_MAX_MS = 1000;
/**
 * Submissions on the wire from which a receipt's answer may wait for its pass's commit. With
 * many, answers flow back all the time and a held deliver_sm_resp costs nothing, while storing
 * the receipt first cost a write (a quarter of the rate of a wide window: docs/performance-log.md).
 * With few, the SMSC may be waiting for this acknowledgement before it sends anything more (its
 * window, or Nagle's algorithm on its socket): held, every slot waited a delayed ACK (40 ms),
 * and a window of 10 moved 500 msg/s.
 */
const HOLD_MIN_IN_FLIGHT = 32;
/** A claim not refreshed for this long belonged to a pass that died (refreshed every 20 s). */
const CLAIM_STALE_MS = 120_000;
const CLAIM_REFRESH_MS = 20_000;
/** What was taken is remembered for resubmissions this long past the receipt wait. */
const KEEP_AFTER_WAIT_MS = 24 * 3600_000;

/** The text an SMPP handset gets: SMPP has no subject, so an LMS title is its first line. */
function textOf(m: OutboundMessage): string {
  return m.title ? `${m.title}\n${m.text}` : m.text;
}

/**
 * An SMPP 3.4 ESME for SMS and LMS (docs/connectors.md): several binds to one SMSC, a
 * window of unanswered submit_sm per bind and a throughput limit for the SMSC, concatenated
 * parts for LMS, receipts and MO through `deliver.ts`.
 */
export function createSmppConnector(ctx: Ctx, sink: ConnectorSink, cfg: SmppConnectorConfig): SmppConnector {
  const queue: PartJob[] = [];
  const binds: SmppBind<PartJob>[] = [];
  const pacer = cfg.throughput === null ? null : new Pacer(cfg.throughput);
  const counters: Record<string, number> = {
    submitted: 0,
    accepted: 0,
    failed: 0,
    throttled: 0,
    resubmitted: 0,
    receipts: 0,
    mo: 0,
  };
  let pausedUntil = 0;
  let lastAnswered = 0;
  let pumpTimer: NodeJS.Timeout | null = null;
  let watchdog: NodeJS.Timeout | null = null;
  let stopping = false;
  let nextRef = Math.floor(Math.random() * 256);
  let rr = 0;

  function schedule(ms: number): void {
    if (pumpTimer) return;
    pumpTimer = setTimeout(
      () => {
        pumpTimer = null;
        pump();
      },
      Math.max(1, Math.ceil(ms)),
    );
  }

  function pickBind(): SmppBind<PartJob> | null {
    for (let i = 0; i < binds.length; i++) {
      const b = binds[(rr + i) % binds.length];
      if (b?.ready) {
        rr = (rr + i + 1) % binds.length;
        return b;
      }
    }
    return null;
  }

  /** Hands queued parts to binds while windows, the throughput limit and throttling allow. */
  function pump(): void {
    while (queue.length > 0) {
      const now = Date.now();
      if (now < pausedUntil) {
        schedule(pausedUntil - now);
        return;
      }
      const bind = pickBind();
      if (!bind) return;
      const wait = pacer ? pacer.wait(performance.now()) : 0;
      if (wait > 0) {
        schedule(wait);
        return;
      }
      const job = queue.shift();
      if (!job) return;
      counters.submitted = (counters.submitted ?? 0) + 1;
      if (job.lost > 0 && job.attempts === 0) counters.resubmitted = (counters.resubmitted ?? 0) + 1;
      bind.submit(job, job.fields);
    }
  }

  function answered(job: PartJob, status: number, messageId: string): void {
    // Any answer, a throttled one too, shows the SMSC at work (expireQueued).
    lastAnswered = Date.now();
    const s = submitStatus(status);
    if (s.kind === 'ok') {
      counters.accepted = (counters.accepted ?? 0) + 1;
      job.resolve({ kind: 'ok', id: normalizeMessageId(messageId, cfg.messageIds.submit) });
      return;
    }
    if (s.kind === 'fail') {
      counters.failed = (counters.failed ?? 0) + 1;
      job.resolve(s);
      return;
    }
    counters.throttled = (counters.throttled ?? 0) + 1;
    job.attempts += 1;
    if (job.attempts > cfg.submitRetries) {
      job.resolve({ kind: 'retry', text: s.text });
      return;
    }
    // The SMSC says slow down: every bind waits, then this part goes first.
    const delay = Math.min(THROTTLE_CAP_MS, THROTTLE_BASE_MS * 2 ** (job.attempts - 1));
    pausedUntil = Math.max(pausedUntil, Date.now() + delay);
    job.queuedAt = Date.now();
    queue.unshift(job);
    schedule(delay);
  }

  function lost(jobs: PartJob[]): void {
    if (stopping) {
      for (const j of jobs) j.resolve({ kind: 'retry', text: 'Connector stopped' });
      return;
    }
    const now = Date.now();
    const again: PartJob[] = [];
    for (const j of jobs) {
      j.lost += 1;
      // Once more on a new link; an SMSC that leaves it unanswered twice hands it back to the
      // engine's backoff (and, in the end, to failover) rather than to an endless loop.
      if (j.lost > MAX_LOST) {
        j.resolve({ kind: 'retry', text: 'The SMSC did not answer the submission' });
        continue;
      }
      j.queuedAt = now;
      again.push(j);
    }
    queue.unshift(...again);
  }

  /**
   * Parts queued for a whole response timeout while the SMSC answered nothing (no bind up, or no
   * submit_sm answered at all meanwhile) go back to the engine's backoff: a dispatch pass must not
   * wait for a dead SMSC, holding messages of every channel behind it. A queue that moves, however
   * slowly (a low throughput limit), is left alone. So is one the SMSC told to wait (throttled):
   * its silence counts from the end of that pause, which can outlast the response timeout.
   */
  function expireQueued(): void {
    const now = Date.now();
    const limit = now - cfg.responseTimeoutSeconds * 1000;
    if (!stopping && Math.max(lastAnswered, pausedUntil) > limit) return;
    for (let i = queue.length - 1; i >= 0; i--) {
      const j = queue[i];
      if (j && (stopping || j.queuedAt <= limit)) {
        queue.splice(i, 1);
        j.resolve({ kind: 'retry', text: 'The SMSC takes no submissions' });
      }
    }
  }

  // Receipts that came while submissions were in progress, for those submissions to take: held
  // in memory (answered once the pass commits) while many submissions are on the wire, else
  // stored as early first and answered at once (HOLD_MIN_IN_FLIGHT). Either way the submission
  // that owns one settles its message in the commit that records the submission, rather than a
  // second transaction after it (an early row it takes is deleted in that commit).
  const held = new Map<
    string,
    { result: DeliveryResult; seq: number; at: number; done(stored: boolean): void }
  >();
  const overtaken = new Map<string, { result: DeliveryResult; seq: number }>();
  const active = new Set<number>();
  let submitSeq = 0;
  const passes: PassReceipts = {
    hold(id, result) {
      if (active.size === 0 || held.has(id)) return null;
      if (binds.reduce((n, b) => n + b.inFlight, 0) < HOLD_MIN_IN_FLIGHT) return null;
      return new Promise((done) => held.set(id, { result, seq: submitSeq, at: Date.now(), done }));
    },
    overtook(id, result) {
      if (active.size > 0) overtaken.set(id, { result, seq: submitSeq });
    },
  };

  /**
   * A receipt belongs to a submission that started before it came: once every such one has
   * finished without taking it, it goes the way of any later receipt, through the store. So does
   * one held for a second: a slow submission (a low throughput limit) must not keep the SMSC's
   * deliver_sm unanswered, and the store matches it all the same.
   */
  function releaseHeld(): void {
    const min = active.size === 0 ? Number.POSITIVE_INFINITY : Math.min(...active);
    const old = Date.now() - HOLD_MAX_MS;
    for (const [id, h] of held) {
      if (h.seq >= min && h.at > old) continue;
      held.delete(id);
      deliver.settleReceipt(id, h.result).then(
        () => h.done(true),
        (err: unknown) => {
          ctx.logger.error({ err, connector: cfg.name }, 'SMPP receipt not stored; the SMSC will resend it');
          h.done(false);
        },
      );
    }
    // Early ones stay in the store, for the pass's settlement of early receipts (or the sweep).
    for (const [id, h] of overtaken) if (h.seq < min) overtaken.delete(id);
  }

  const deliver = createDeliverHandler(ctx, sink, cfg, counters, passes);
  const events = { answered, lost, changed: pump, deliver: deliver.deliver };
  const roles: BindRole[] = cfg.bindMode === 'transceiver' ? ['transceiver'] : ['transmitter', 'receiver'];
  for (let i = 0; i < cfg.binds; i++)
    for (const role of roles) binds.push(new SmppBind<PartJob>(cfg, role, binds.length, events, ctx.logger));

  function enqueue(fields: SubmitSmFields): Promise<PartResult> {
    // Stopped: no bind will take it, and no watchdog will hand it back.
    if (stopping) return Promise.resolve({ kind: 'retry', text: 'Connector stopped' });
    return new Promise((resolve) => {
      queue.push({ fields, attempts: 0, lost: 0, queuedAt: Date.now(), resolve });
    });
  }

  function address(m: OutboundMessage) {
    return m.international
      ? { destTon: 1, destNpi: 1 }
      : { destTon: cfg.destinationAddr.ton, destNpi: cfg.destinationAddr.npi };
  }

  /** One message's parts, answered: accepted only when the SMSC took every part. */
  function outcomeOf(m: OutboundMessage, results: PartResult[], taken: SmppSubmission[]): SubmitOutcome {
    const ids = results.flatMap((r) => (r.kind === 'ok' ? [r.id] : []));
    if (ids.length === results.length) {
      const first = ids[0] ?? '';
      const networkId = ids.length === 1 ? first : `m:${first}`;
      taken.push({ msgKey: m.msgKey, step: m.step, networkId, ...(ids.length > 1 ? { partIds: ids } : {}) });
      return { kind: 'accepted', networkId };
    }
    const fail = results.find((r) => r.kind === 'fail');
    if (ids.length > 0) {
      // Some parts are on their way: submitting again would double them, so the step fails.
      const why = fail?.text ?? results.find((r) => r.kind === 'retry')?.text ?? '';
      return {
        kind: 'rejected',
        code: SMPP_CODES.partial,
        text: `Only ${ids.length} of ${results.length} parts were accepted${why ? `: ${why}` : ''}`,
        retryable: false,
      };
    }
    if (fail) return { kind: 'rejected', code: fail.code, text: fail.text, retryable: false };
    const retry = results.find((r) => r.kind === 'retry');
    return {
      kind: 'rejected',
      code: CODES.connectorError,
      text: retry?.text ?? 'Not accepted',
      retryable: true,
    };
  }

  /** Claims of submissions in progress on this instance, refreshed while they last. */
  const claimed = new Set<string>();

  async function submit(batch: readonly OutboundMessage[]): Promise<SubmitOutcome[]> {
    const seq = ++submitSeq;
    active.add(seq);
    try {
      const out = await submitBatch(batch);
      // A receipt belongs to a submission that started before it came.
      return out.map((o) => {
        if (o?.kind !== 'accepted' || o.networkId.startsWith('m:')) return o;
        const id = o.networkId;
        const e = overtaken.get(id);
        if (e && e.seq >= seq) {
          overtaken.delete(id);
          return { ...o, result: e.result, early: true };
        }
        const h = held.get(id);
        if (!h || h.seq < seq) return o;
        held.delete(id);
        // The deliver_sm waits for the pass's commit, which may wait for a slower connector of
        // the same pass: past TAKEN_MAX_MS the receipt is also stored the ordinary way and
        // answered (the pass's own settlement and that one are guarded: the first wins).
        let answered = false;
        const timer = setTimeout(() => {
          if (answered) return;
          answered = true;
          deliver.settleReceipt(id, h.result).then(
            () => h.done(true),
            () => h.done(false),
          );
        }, TAKEN_MAX_MS);
        return {
          ...o,
          result: h.result,
          stored: (ok: boolean) => {
            if (answered) return;
            answered = true;
            clearTimeout(timer);
            h.done(ok);
          },
        };
      });
    } finally {
      active.delete(seq);
      releaseHeld();
    }
  }

  async function submitBatch(batch: readonly OutboundMessage[]): Promise<SubmitOutcome[]> {
    const out: SubmitOutcome[] = new Array(batch.length);
    // Wall-clock times: a claim is about this process being alive, not about the gateway clock.
    const claims = await claimSubmissions(
      ctx.store,
      cfg.name,
      batch,
      Date.now(),
      Date.now() - CLAIM_STALE_MS,
    );
    const taken: SmppSubmission[] = [];
    const mine: string[] = [];
    const work: Promise<void>[] = [];
    batch.forEach((m, i) => {
      const k = submissionKey(m.msgKey, m.step);
      const networkId = claims.known.get(k);
      if (networkId !== undefined) {
        out[i] = { kind: 'accepted', networkId };
        return;
      }
      if (!claims.mine.has(k)) {
        out[i] = { kind: 'skipped' };
        return;
      }
      mine.push(m.msgKey);
      claimed.add(m.msgKey);
      if (m.channel !== 'sms' && !(m.channel === 'mms' && m.msgType === 'LM')) {
        out[i] = {
          kind: 'rejected',
          code: CODES.noRoute,
          text: 'SMPP carries SMS and LMS only',
          retryable: false,
        };
        return;
      }
      const ref = nextRef;
      nextRef = (nextRef + 1) & 0xff;
      const enc = encodeText(textOf(m), cfg, ref);
      if (!enc.ok) {
        out[i] =
          enc.reason === 'needs-concatenation'
            ? {
                kind: 'rejected',
                code: SMPP_CODES.needsConcatenation,
                text: `Needs ${enc.parts} parts; concatenation is off for ${cfg.name}`,
                retryable: false,
              }
            : {
                kind: 'rejected',
                code: SMPP_CODES.tooLong,
                text: `Needs ${enc.parts} parts; at most ${cfg.maxParts}`,
                retryable: false,
              };
        return;
      }
      const parts = enc.segments.map((seg) =>
        enqueue({
          serviceType: '',
          sourceTon: cfg.sourceAddr.ton,
          sourceNpi: cfg.sourceAddr.npi,
          source: m.from ?? '',
          ...address(m),
          destination: m.to,
          esmClass: seg.esmClass,
          protocolId: 0,
          priority: 0,
          registeredDelivery: 1,
          dataCoding: enc.dataCoding,
          shortMessage: seg.shortMessage,
        }),
      );
      work.push(
        Promise.all(parts).then((results) => {
          out[i] = outcomeOf(m, results, taken);
        }),
      );
    });
    pump();
    await Promise.all(work);
    const accepted = new Set(taken.map((t) => t.msgKey));
    await record(
      taken,
      mine.filter((k) => !accepted.has(k)),
    );
    for (const k of mine) claimed.delete(k);
    try {
      await deliver.partsRecorded(taken);
    } catch (err) {
      // Held part receipts are taken again by the sweep's reconciliation.
      ctx.logger.error({ err, connector: cfg.name }, 'could not settle early part receipts');
    }
    return out;
  }

  /**
   * The SMSC has them: an error here must not answer the engine an error (it would submit them
   * again), so the record is tried a few times, then left to the claims, which stay pending.
   */
  async function record(taken: SmppSubmission[], released: string[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await recordSubmissions(ctx.store, cfg.name, taken, released, Date.now(), cfg.concatenation);
        return;
      } catch (err) {
        if (attempt >= 3) {
          ctx.logger.error({ err, connector: cfg.name }, 'could not record SMPP submissions');
          return;
        }
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  return {
    name: cfg.name,
    channels: ['sms', 'mms'],
    pace: { perSecond: cfg.throughput, window: cfg.window * cfg.binds },
    receiptWaitMs: cfg.receiptWaitSeconds * 1000,
    submit,
    start() {
      for (const b of binds) b.start();
      let lastRefresh = Date.now();
      watchdog = setInterval(() => {
        expireQueued();
        releaseHeld();
        if (claimed.size > 0 && Date.now() - lastRefresh >= CLAIM_REFRESH_MS) {
          lastRefresh = Date.now();
          refreshClaims(ctx.store, cfg.name, [...claimed], lastRefresh).catch((err: unknown) =>
            ctx.logger.warn({ err, connector: cfg.name }, 'could not refresh SMPP claims'),
          );
        }
        void deliver.prune(KEEP_AFTER_WAIT_MS + cfg.receiptWaitSeconds * 1000);
      }, 1000);
      watchdog.unref();
    },
    async stop() {
      stopping = true;
      if (watchdog) clearInterval(watchdog);
      if (pumpTimer) clearTimeout(pumpTimer);
      pumpTimer = null;
      await Promise.all(binds.map((b) => b.stop()));
      expireQueued();
    },
    stats: () => ({
      name: cfg.name,
      binds: binds.map((b) => ({
        index: b.index,
        role: b.role,
        state: b.state,
        inFlight: b.inFlight,
        reconnects: b.reconnects,
      })),
      window: cfg.window,
      throughput: cfg.throughput,
      queued: queue.length,
      counters,
      windowHeld: {
        ms: binds.reduce((n, b) => n + b.heldMs, 0),
        answers: binds.reduce((n, b) => n + b.answers, 0),
      },
    }),
  };
}
