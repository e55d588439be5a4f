import type { Ctx } from '../../context.ts';
import { CODES } from '../../engine/steps.ts';
import { Pacer } from '../../rules/pacer.ts';
import { newId } from '../../store/db/ids.ts';
import { keepEarlyReceipts } from '../../store/messages/receipts.ts';
import {
  BatchConflict,
  type KnownSend,
  knownSends,
  leaseBatch,
  type MemberAnswer,
  pruneBatches,
  pruneSends,
  recordAnswer,
  releaseBatch,
  renewLease,
  sendKey,
  storeBatch,
} from '../../store/messages/upstream.ts';
import type { UpstreamConnectorConfig } from '../config.ts';
import type { Connector, ConnectorSink, OutboundMessage, SubmitOutcome } from '../types.ts';
import { sendVerdict, UPSTREAM_CODES } from './answers.ts';
import { createUpstreamClient, type UpstreamClient } from './client.ts';
import { composeRequest, groupMessages, IDEMPOTENCY_TTL_SECONDS } from './compose.ts';
import type { UpstreamCounters } from './counters.ts';
import { createReportIntake, type ReportIntake } from './reports.ts';
import { createWebhookHandler, type WebhookHandler } from './webhook.ts';

/** Beyond the request timeout, how long a try holds its batch before another may repeat it. */
const LEASE_MARGIN_MS = 5_000;
/** Answered batches are kept this long (for the operator's eye), unanswered ones at most this. */
const KEEP_ANSWERED_MS = 3600_000;
const KEEP_ANY_MS = 2 * 24 * 3600_000;
/** A stored request is repeated only this long after it was made: the upstream keeps its key a day. */
const REPEAT_WITHIN_MS = IDEMPOTENCY_TTL_SECONDS * 1000 - 3600_000;
/** The longest one Retry-After holds this connector's sending (a longer one goes to the engine's backoff). */
const PAUSE_CAP_MS = 60_000;

export type { UpstreamCounters };

export interface UpstreamConnector extends Connector {
  readonly config: UpstreamConnectorConfig;
  readonly counters: Readonly<UpstreamCounters>;
  /** Takes the upstream's signed webhook posts (reports and MO), when a webhook secret is set. */
  readonly webhook: WebhookHandler | null;
  /** Starts polling the upstream's reports (an instance that runs the engine). */
  start(): void;
  stop(): Promise<void>;
}

type Outcomes = Map<string, SubmitOutcome>;

/** What a member's recorded answer means for its message. */
function outcomeOf(a: MemberAnswer | KnownSend): SubmitOutcome {
  if (a.state === 'accepted') return { kind: 'accepted', networkId: a.networkId };
  if (a.state === 'pending') return { kind: 'skipped' };
  const uncertain = a.state === 'uncertain' ? { uncertain: true } : {};
  return { kind: 'rejected', code: a.code, text: a.text, retryable: false, ...uncertain };
}

/** A counting semaphore: requests to the upstream in flight at once (`concurrency`). */
function limiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    // A slot freed is handed to the first waiter directly, so no newcomer takes it in between.
    if (active >= max) await new Promise<void>((r) => waiting.push(r));
    else active += 1;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/**
 * Hands messages to a provider that speaks this same API (docs/connectors.md#upstream-connectors): one step
 * per message through its /send/omni, the messages of one request at one step in one request of
 * up to 200 recipients. Each request is stored (idempotency key, body, members) before it leaves,
 * so any retry repeats exactly it and the upstream delivers nothing twice; reports come back by
 * polling or by the upstream's webhook (reports.ts, webhook.ts).
 */
export function createUpstreamConnector(
  ctx: Ctx,
  sink: ConnectorSink,
  cfg: UpstreamConnectorConfig,
): UpstreamConnector {
  // A report that overtook a lost answer waits for the repeat that records it, up to a day.
  keepEarlyReceipts(cfg.name, IDEMPOTENCY_TTL_SECONDS * 1000);
  const client: UpstreamClient = createUpstreamClient({
    baseUrl: cfg.baseUrl,
    apiKey: cfg.apiKey,
    timeoutMs: cfg.timeoutSeconds * 1000,
    connections: cfg.concurrency,
    policy: ctx.outbound,
  });
  const counters: UpstreamCounters = {
    requests: 0,
    accepted: 0,
    refused: 0,
    retried: 0,
    repeated: 0,
    reports: 0,
    mo: 0,
  };
  const limit = limiter(cfg.concurrency);
  const pacer = cfg.rate === null ? null : new Pacer(cfg.rate, 1000);
  let pausedUntil = 0;
  const leaseMs = cfg.timeoutSeconds * 1000 + LEASE_MARGIN_MS;
  const intake: ReportIntake = createReportIntake(ctx, sink, cfg, client, counters);
  const webhook = cfg.webhookSecret === null ? null : createWebhookHandler(sink, cfg, intake, counters);
  let pruneTimer: NodeJS.Timeout | null = null;

  /** Waits for the rate limit (each recipient counts) and any pause the upstream asked for. */
  async function paced(recipients: number): Promise<void> {
    for (let pause = pausedUntil - Date.now(); pause > 0; pause = pausedUntil - Date.now()) {
      await new Promise((r) => setTimeout(r, pause));
    }
    if (!pacer) return;
    for (let i = 0; i < recipients; i++) {
      for (let w = pacer.wait(performance.now()); w > 0; w = pacer.wait(performance.now())) {
        await new Promise((r) => setTimeout(r, w));
      }
    }
  }

  async function sealBody(body: string, batchId: string, sealed: boolean): Promise<string> {
    if (!sealed) return body;
    const k = await ctx.secrets.current();
    return ctx.secrets.seal(k, body, `upstream_batches:${cfg.name}:${batchId}`);
  }

  async function openBody(body: string, batchId: string, sealed: boolean): Promise<string> {
    return sealed ? ctx.secrets.open(body, `upstream_batches:${cfg.name}:${batchId}`) : body;
  }

  /**
   * One try of a stored batch, leased to this caller until `held`: its members' outcomes. `tries`:
   * the batch's earlier tries, any of which the upstream may have taken.
   */
  async function sendBatch(
    batchId: string,
    members: ReadonlyArray<{ msgKey: string; step: number }>,
    body: string,
    held: number,
    tries: number,
  ): Promise<Outcomes> {
    const out: Outcomes = new Map();
    await paced(members.length);
    let lease = held;
    const answer = await limit(async () => {
      // The lease counts from now: the waits above must not eat the request's own time.
      const until = Date.now() + leaseMs;
      if (!(await renewLease(ctx.store, cfg.name, batchId, lease, until))) return null;
      lease = until;
      counters.requests += 1;
      return client.postJson('/api/comm/v1/send/omni', body);
    });
    // Another sender took the batch meanwhile: it moves these messages on.
    if (answer === null) return out;
    const verdict = sendVerdict(answer, members.length);
    if (verdict.kind === 'retry') {
      counters.retried += 1;
      const after = verdict.retryAfterMs;
      if (after !== null && after > 0)
        pausedUntil = Math.max(pausedUntil, Date.now() + Math.min(after, PAUSE_CAP_MS));
      ctx.logger.warn(
        { connector: cfg.name, batch: batchId, why: verdict.why },
        'upstream send to be retried',
      );
      await releaseBatch(ctx.store, cfg.name, batchId, lease);
      const uncertain = tries > 0 || verdict.mayHaveLeft;
      for (const m of members) {
        out.set(sendKey(m.msgKey, m.step), {
          kind: 'rejected',
          code: '85002',
          text: `The upstream did not answer: ${verdict.why}`,
          retryable: true,
          ...(after !== null ? { retryAfterMs: after } : {}),
          ...(uncertain ? { uncertain: true } : {}),
        });
      }
      return out;
    }
    // A refusal of a repeat is no proof: an earlier try may have been taken (the upstream checks
    // a request before its key), so such a message ends uncertain rather than failing over.
    const refusal = tries > 0 ? ('uncertain' as const) : ('refused' as const);
    const answers: MemberAnswer[] = members.map((m, i) => {
      if (verdict.kind === 'final') {
        return { ...m, state: refusal, code: UPSTREAM_CODES.refused, text: verdict.text };
      }
      const d = verdict.destinations[i];
      // A301: a repeat of a request the upstream took before (a retry after a lost answer); the
      // key is the one its first try got, empty for a recipient that try refused.
      if (d && (d.code === 'A000' || d.code === 'A301') && d.msgKey !== '') {
        return { ...m, state: 'accepted', networkId: d.msgKey };
      }
      return {
        ...m,
        state: d?.code === 'A301' ? 'refused' : refusal,
        code: UPSTREAM_CODES.refused,
        text: `The upstream refused it: ${d?.code ?? ''} ${d?.result ?? ''}`.trim(),
      };
    });
    await recordAnswer(ctx.store, cfg.name, batchId, answers, ctx.clock.now());
    for (const a of answers) {
      if (a.state === 'accepted') counters.accepted += 1;
      else counters.refused += 1;
      out.set(sendKey(a.msgKey, a.step), outcomeOf(a));
    }
    return out;
  }

  /**
   * A stored request again (a retry, or one a dead pass left), for `mine`: this pass's messages
   * in it. Nothing when another sender holds it; `mine` uncertain when it can no longer be
   * repeated safely (gone, or older than the upstream keeps its key).
   */
  async function repeat(batchId: string, mine: readonly OutboundMessage[]): Promise<Outcomes> {
    const until = Date.now() + leaseMs;
    const lease = await leaseBatch(
      ctx.store,
      cfg.name,
      batchId,
      Date.now(),
      until,
      ctx.clock.now() - REPEAT_WITHIN_MS,
    );
    if (lease.state === 'leased') {
      counters.repeated += 1;
      const b = lease.batch;
      const body = await openBody(b.body, b.batchId, b.sealed);
      return sendBatch(b.batchId, b.members, body, until, b.tries + 1);
    }
    const out: Outcomes = new Map();
    if (lease.state === 'busy') return out;
    const text =
      lease.state === 'gone'
        ? 'Its request to the upstream is no longer stored: it may have been delivered'
        : 'Its request to the upstream is older than the upstream keeps its key: it may have been delivered';
    for (const m of mine) {
      out.set(sendKey(m.msgKey, m.step), {
        kind: 'rejected',
        code: CODES.connectorUncertain,
        text,
        retryable: false,
        uncertain: true,
      });
    }
    return out;
  }

  async function submit(batch: readonly OutboundMessage[]): Promise<SubmitOutcome[]> {
    const known = await knownSends(ctx.store, cfg.name, batch);
    const outcomes: Outcomes = new Map();
    const fresh: OutboundMessage[] = [];
    const repeats = new Map<string, OutboundMessage[]>();
    for (const m of batch) {
      const k = sendKey(m.msgKey, m.step);
      const kn = known.get(k);
      if (!kn) fresh.push(m);
      else if (kn.state === 'pending') repeats.set(kn.batchId, [...(repeats.get(kn.batchId) ?? []), m]);
      else outcomes.set(k, outcomeOf(kn));
    }

    // Each new request is composed, then stored (with its members' claims) before it leaves.
    const tries: Array<Promise<Outcomes>> = [];
    for (const group of groupMessages(fresh)) {
      const batchId = newId('ub');
      const composed = await composeRequest(ctx, client, cfg.name, group, batchId).catch((err: unknown) => {
        ctx.logger.warn({ err, connector: cfg.name }, 'upstream request not composed; will retry');
        return {
          ok: false as const,
          code: '85002',
          text: 'The request could not be composed',
          retryable: true,
        };
      });
      if (!composed.ok) {
        for (const m of group.messages) {
          outcomes.set(sendKey(m.msgKey, m.step), {
            kind: 'rejected',
            code: composed.code,
            text: composed.text,
            retryable: composed.retryable,
          });
        }
        continue;
      }
      const body = JSON.stringify(composed.body);
      // Only an international SMS has its acceptance reported apart from its result (engine/dispatch.ts).
      const members = group.messages.map((m) => ({
        msgKey: m.msgKey,
        step: m.step,
        intl: m.international && m.channel === 'sms',
      }));
      const held = Date.now() + leaseMs;
      try {
        await storeBatch(
          ctx.store,
          cfg.name,
          { batchId, members, body: await sealBody(body, batchId, composed.sealed), sealed: composed.sealed },
          ctx.clock.now(),
          Date.now(),
          held,
        );
      } catch (err) {
        // Another pass composed one of these first (a lease that ran out meanwhile): that pass
        // sends them; the rest come back with their next claim.
        if (!(err instanceof BatchConflict)) {
          // The requests already under way finish (and record their answers) first.
          await Promise.allSettled(tries);
          throw err;
        }
        for (const m of group.messages) outcomes.set(sendKey(m.msgKey, m.step), { kind: 'skipped' });
        continue;
      }
      tries.push(sendBatch(batchId, members, body, held, 0));
    }
    for (const [id, mine] of repeats) tries.push(repeat(id, mine));
    // Every try runs to its end before anything is answered or thrown: a request under way must
    // not lose its answer's record because another failed.
    const settled = await Promise.allSettled(tries);
    for (const r of settled) {
      if (r.status === 'rejected') throw r.reason;
      for (const [k, o] of r.value) outcomes.set(k, o);
    }
    // A message of a request another sender holds right now: that sender moves it on.
    return batch.map((m) => outcomes.get(sendKey(m.msgKey, m.step)) ?? { kind: 'skipped' });
  }

  return {
    name: cfg.name,
    config: cfg,
    counters,
    webhook,
    channels: ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'],
    pace: { perSecond: cfg.rate, window: cfg.concurrency * 200 },
    receiptWaitMs: cfg.receiptWaitSeconds * 1000,
    submit,
    start() {
      if (cfg.reports === 'polling') intake.startPolling();
      pruneTimer = setInterval(() => {
        const now = ctx.clock.now();
        // Sends are stamped on the wall clock (claims are about processes being alive).
        const sendsBefore = Date.now() - cfg.receiptWaitSeconds * 1000 - KEEP_ANY_MS;
        void pruneBatches(ctx.store, cfg.name, now - KEEP_ANSWERED_MS, now - KEEP_ANY_MS)
          .then(() => pruneSends(ctx.store, cfg.name, sendsBefore))
          .catch((err: unknown) =>
            ctx.logger.warn({ err, connector: cfg.name }, 'could not prune upstream records'),
          );
      }, 60_000);
      pruneTimer.unref();
    },
    async stop() {
      if (pruneTimer) clearInterval(pruneTimer);
      await intake.stop();
      await client.close();
    },
  };
}
