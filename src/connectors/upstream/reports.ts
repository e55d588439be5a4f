import type { Ctx } from '../../context.ts';
import { internationalAmong } from '../../store/messages/upstream.ts';
import type { UpstreamConnectorConfig } from '../config.ts';
import type { ConnectorSink, DeliveryResult } from '../types.ts';
import { describeAnswer, successData } from './answers.ts';
import type { UpstreamClient } from './client.ts';
import type { UpstreamCounters } from './counters.ts';

/** The fields of the upstream's report record this gateway reads (docs/reports.md). */
export interface UpstreamReport {
  msgKey: string;
  reportType: string;
  reportCode: string;
  reportText: string;
  carrier: string;
}

export interface ReportIntake {
  /** Stores reports (settling their messages, or holding them for a send not yet recorded). */
  take(reports: readonly UpstreamReport[]): Promise<void>;
  startPolling(): void;
  stop(): Promise<void>;
}

/** Reads a report record; null when it is not one (no msgKey or no code). */
export function readReport(v: unknown): UpstreamReport | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const s = (x: unknown) => (typeof x === 'string' ? x : '');
  if (s(o.msgKey) === '' || s(o.reportCode) === '') return null;
  return {
    msgKey: s(o.msgKey),
    reportType: s(o.reportType) || 'STANDARD',
    reportCode: s(o.reportCode),
    reportText: s(o.reportText),
    carrier: s(o.carrier),
  };
}

/**
 * What an upstream report says of the step it was handed, or null when it says nothing this
 * gateway acts on:
 * - `10000`, and `MS03` (a polling-method receipt in time): delivered;
 * - `ME09` (no polling receipt in time) and `80002` (no DLR in 5 days): the upstream's own wait
 *   ran out; this gateway's wait for the step, as long, decides (uncertain), as for any connector;
 * - for an international number, the STANDARD report is the aggregator's acceptance (this
 *   gateway made its own when the upstream took the message); a failed one still fails it, and
 *   the DLR is the result;
 * - any other code: failed with that code (failover goes on).
 */
export function reportResult(r: UpstreamReport, international: boolean, at: number): DeliveryResult | null {
  const delivered = r.reportCode === '10000' || r.reportCode === 'MS03';
  if (r.reportCode === 'ME09' || r.reportCode === '80002') return null;
  if (international && r.reportType !== 'DLR' && delivered) return null;
  return {
    delivered,
    code: delivered ? '10000' : r.reportCode,
    text: r.reportText || (delivered ? 'Delivered' : 'Failed'),
    carrier: r.carrier === '' ? null : r.carrier,
    at,
  };
}

/** Polling after an error: this long, doubling to the cap. */
const ERROR_BACKOFF_MS = 1000;
const ERROR_BACKOFF_CAP_MS = 30_000;

export function createReportIntake(
  ctx: Ctx,
  sink: ConnectorSink,
  cfg: UpstreamConnectorConfig,
  client: UpstreamClient,
  counters: UpstreamCounters,
): ReportIntake {
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  async function take(reports: readonly UpstreamReport[]): Promise<void> {
    if (reports.length === 0) return;
    const intl = await internationalAmong(
      ctx.store,
      cfg.name,
      reports.map((r) => r.msgKey),
    );
    const now = ctx.clock.now();
    const batch: Array<{ networkId: string; result: DeliveryResult }> = [];
    for (const r of reports) {
      const result = reportResult(r, intl.has(r.msgKey), now);
      if (result) batch.push({ networkId: r.msgKey, result });
    }
    counters.reports += reports.length;
    // Settled, or held for a send whose answer is not recorded yet (taken when it is).
    if (batch.length > 0) await sink.deliveryResults(cfg.name, batch);
  }

  /** One poll: true when it found reports (the next poll follows at once). */
  async function pollOnce(): Promise<boolean> {
    const answer = await client.get('/api/comm/v1/report/polling');
    const data = successData(answer);
    if (!data) throw new Error(`report polling: ${describeAnswer(answer)}`);
    const reportId = typeof data.reportId === 'string' ? data.reportId : '';
    const list = Array.isArray(data.report) ? data.report : [];
    if (reportId === '' || list.length === 0) return false;
    const reports = list.map(readReport).filter((r): r is UpstreamReport => r !== null);
    await take(reports);
    // Acknowledged only once stored: a crash before this gets the same batch again.
    const ack = await client.delete(`/api/comm/v1/report/polling/${encodeURIComponent(reportId)}`);
    if (!successData(ack)) throw new Error(`report acknowledgement: ${describeAnswer(ack)}`);
    return true;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  }

  async function run(): Promise<void> {
    let errors = 0;
    while (running) {
      let wait = cfg.pollIntervalSeconds * 1000;
      try {
        if (await pollOnce()) wait = 0;
        errors = 0;
      } catch (err) {
        errors += 1;
        wait = Math.min(ERROR_BACKOFF_CAP_MS, ERROR_BACKOFF_MS * 2 ** Math.min(errors - 1, 10));
        ctx.logger.warn({ err, connector: cfg.name }, 'upstream report polling failed; trying again');
      }
      if (running && wait > 0) await pause(wait);
    }
  }

  return {
    take,
    startPolling() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
