import type { Ctx } from '../../context.ts';
import { Pacer } from '../../rules/pacer.ts';
import { newId } from '../../store/db/ids.ts';
import {
  BatchConflict,
  knownSends,
  leaseBatch,
  type MemberAnswer,
  pruneBatches,
  pruneSends,
  recordAnswer,
  releaseBatch,
  sendKey,
  storeBatch,
} from '../../store/messages/upstream.ts';
import type { UpstreamConnectorConfig } from '../config.ts';
import type { Connector, ConnectorSink, OutboundMessage, SubmitOutcome } from '../types.ts';
import { sendVerdict, UPSTREAM_CODES } from './answers.ts';
import { createUpstreamClient, type UpstreamClient } from './client.ts';
import { composeRequest, groupMessages } from './compose.ts';
import type { UpstreamCounters } from './counters.ts';
import { createReportIntake, type ReportIntake } from './reports.ts';
import { createWebhookHandler, type WebhookHandler } from './webhook.ts';

/** Beyond the request timeout, how long a try holds its batch before another may repeat it. */
const LEASE_MARGIN_MS = 5_000;
/** Answered batches are kept this long (for the operator's eye), unanswered ones at most this. */
const KEEP_ANSWERED_MS = 3600_000;
const KEEP_ANY_MS = 2 * 24 * 3600_000;
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

/** A counting semaphore: requests to the upstream in flight at once (`concurrency`). */
function limiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((r) => waiting.push(r));
    active += 1;
    try {
      return await fn();
    } finally {
      active -= 1;
      waiting.shift()?.();
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

  /** One try of a stored batch (leased to this caller): its members' outcomes. */
  async function sendBatch(
    batchId: string,
    members: ReadonlyArray<{ msgKey: string; step: number }>,
    body: string,
  ): Promise<Outcomes> {
    const out: Outcomes = new Map();
    await paced(members.length);
    counters.requests += 1;
    const answer = await limit(() => client.postJson('/api/comm/v1/send/omni', body));
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
      await releaseBatch(ctx.store, cfg.name, batchId);
      for (const m of members) {
        out.set(sendKey(m.msgKey, m.step), {
          kind: 'rejected',
          code: '50002',
          text: `The upstream did not answer: ${verdict.why}`,
          retryable: true,
          ...(after !== null ? { retryAfterMs: after } : {}),
        });
      }
      return out;
    }
    const answers: MemberAnswer[] = members.map((m, i) => {
      if (verdict.kind === 'final') {
        return { ...m, state: 'refused', code: UPSTREAM_CODES.refused, text: verdict.text };
      }
      const d = verdict.destinations[i];
      // A301: a repeat of a request the upstream took before (a retry after a lost answer); the
      // key is the one its first try got, empty for a recipient that try refused.
      if (d && (d.code === 'A000' || d.code === 'A301') && d.msgKey !== '') {
        return { ...m, state: 'accepted', networkId: d.msgKey };
      }
      return {
        ...m,
        state: 'refused',
        code: UPSTREAM_CODES.refused,
        text: `The upstream refused it: ${d?.code ?? ''} ${d?.result ?? ''}`.trim(),
      };
    });
    await recordAnswer(ctx.store, cfg.name, batchId, answers, ctx.clock.now());
    for (const a of answers) {
      if (a.state === 'accepted') counters.accepted += 1;
      else counters.refused += 1;
      out.set(
        sendKey(a.msgKey, a.step),
        a.state === 'accepted'
          ? { kind: 'accepted', networkId: a.networkId }
          : { kind: 'rejected', code: a.code, text: a.text, retryable: false },
      );
    }
    return out;
  }

  /** A stored request again (a retry, or one a dead pass left): null when another holds it or it is answered. */
  async function repeat(batchId: string): Promise<Outcomes | null> {
    const b = await leaseBatch(ctx.store, cfg.name, batchId, Date.now(), Date.now() + leaseMs);
    if (!b) return null;
    counters.repeated += 1;
    return sendBatch(b.batchId, b.members, await openBody(b.body, b.batchId, b.sealed));
  }

  async function submit(batch: readonly OutboundMessage[]): Promise<SubmitOutcome[]> {
    const known = await knownSends(ctx.store, cfg.name, batch);
    const outcomes: Outcomes = new Map();
    const fresh: OutboundMessage[] = [];
    const repeats = new Set<string>();
    for (const m of batch) {
      const k = sendKey(m.msgKey, m.step);
      const kn = known.get(k);
      if (!kn) fresh.push(m);
      else if (kn.state === 'accepted') outcomes.set(k, { kind: 'accepted', networkId: kn.networkId });
      else if (kn.state === 'refused')
        outcomes.set(k, { kind: 'rejected', code: kn.code, text: kn.text, retryable: false });
      else repeats.add(kn.batchId);
    }

    // Each new request is composed, then stored (with its members' claims) before it leaves.
    const tries: Array<Promise<Outcomes>> = [];
    for (const group of groupMessages(fresh)) {
      const batchId = newId('ub');
      const composed = await composeRequest(ctx, client, cfg.name, group, batchId).catch((err: unknown) => {
        ctx.logger.warn({ err, connector: cfg.name }, 'upstream request not composed; will retry');
        return {
          ok: false as const,
          code: '50002',
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
      const members = group.messages.map((m) => ({ msgKey: m.msgKey, step: m.step, intl: m.international }));
      try {
        await storeBatch(
          ctx.store,
          cfg.name,
          { batchId, members, body: await sealBody(body, batchId, composed.sealed), sealed: composed.sealed },
          ctx.clock.now(),
          Date.now(),
          Date.now() + leaseMs,
        );
      } catch (err) {
        // Another pass composed one of these first (a lease that ran out meanwhile): that pass
        // sends them; the rest come back with their next claim.
        if (!(err instanceof BatchConflict)) throw err;
        for (const m of group.messages) outcomes.set(sendKey(m.msgKey, m.step), { kind: 'skipped' });
        continue;
      }
      tries.push(sendBatch(batchId, members, body));
    }
    for (const id of repeats) tries.push(repeat(id).then((o) => o ?? new Map<string, SubmitOutcome>()));
    for (const result of await Promise.all(tries)) for (const [k, o] of result) outcomes.set(k, o);
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
