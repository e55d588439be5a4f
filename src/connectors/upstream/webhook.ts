import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UpstreamConnectorConfig } from '../config.ts';
import type { ConnectorSink } from '../types.ts';
import type { UpstreamCounters } from './counters.ts';
import { type ReportIntake, readReport } from './reports.ts';

/** What the route answers the upstream: a status, and a body to send as JSON. */
export interface WebhookReply {
  status: number;
  body: Record<string, unknown>;
}

export interface WebhookHandler {
  /** The path on this gateway the upstream posts to. */
  readonly path: string;
  handle(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    raw: Buffer,
  ): Promise<WebhookReply>;
}

/** A timestamp further than this from now is refused (a replay of a captured post). */
const FRESH_MS = 5 * 60_000;

function header(h: Readonly<Record<string, string | string[] | undefined>>, name: string): string {
  const v = h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
}

/** The signature as given: hex (either case) or base64 (the spec does not fix the encoding). */
function decodeSignature(v: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(v)) return Buffer.from(v, 'base64');
  return null;
}

function same(given: string, expected: Buffer): boolean {
  const g = decodeSignature(given);
  return g !== null && g.length === expected.length && timingSafeEqual(g, expected);
}

/** A timestamp as epoch ms: milliseconds or seconds since the epoch, or a date-time text. */
function timestampMs(v: string): number | null {
  if (/^\d{13}$/.test(v)) return Number(v);
  if (/^\d{10}$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

function refusal(status: number, code: string, result: string): WebhookReply {
  return { status, body: { code, result } };
}

/**
 * The upstream's webhook posts to this gateway (docs/connectors.md#the-webhook-endpoint-reports-and-mo): its reports (when
 * `reports` is `webhook`) and MO messages it received for the operator's numbers. Each post is
 * checked against the connector's secret as the spec signs it (X-SVC-Signature over
 * X-SVC-Timestamp) and, when the upstream sends it (another Omnigate does), over the body too
 * (X-Omnigate-Body-Signature); every post must be fresh (5 minutes). Answered
 * `{"msgKey"}` once stored, so the upstream retries anything not stored.
 */
export function createWebhookHandler(
  sink: ConnectorSink,
  cfg: UpstreamConnectorConfig,
  intake: ReportIntake,
  counters: UpstreamCounters,
): WebhookHandler {
  const secret = cfg.webhookSecret ?? '';
  const path = cfg.webhookPath ?? `/upstream/v1/${cfg.name}/webhook`;

  function verify(h: Readonly<Record<string, string | string[] | undefined>>, raw: Buffer): string | null {
    const ts = header(h, 'x-svc-timestamp');
    const sig = header(h, 'x-svc-signature');
    if (ts === '' || sig === '') return 'X-SVC-Timestamp and X-SVC-Signature are required';
    if (!same(sig, createHmac('sha256', secret).update(ts, 'utf8').digest()))
      return 'X-SVC-Signature does not match';
    const bodySig = header(h, 'x-omnigate-body-signature');
    if (bodySig !== '') {
      const expected = createHmac('sha256', secret).update(`${ts}.`, 'utf8').update(raw).digest();
      if (!same(bodySig, expected)) return 'X-Omnigate-Body-Signature does not match';
    }
    // The spec's signature covers the timestamp only: a captured one must not serve for long.
    const at = timestampMs(ts);
    if (at === null || Math.abs(Date.now() - at) > FRESH_MS) {
      return 'X-SVC-Timestamp is not within 5 minutes of now';
    }
    return null;
  }

  async function handle(
    h: Readonly<Record<string, string | string[] | undefined>>,
    raw: Buffer,
  ): Promise<WebhookReply> {
    const why = verify(h, raw);
    if (why) return refusal(401, 'A401', `Unauthorized: ${why}`);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return refusal(400, 'A010', 'Request body is not valid JSON');
    }
    const o =
      typeof json === 'object' && json !== null && !Array.isArray(json)
        ? (json as Record<string, unknown>)
        : {};
    const msgKey = typeof o.msgKey === 'string' ? o.msgKey : '';
    const report = readReport(o);
    if (report) {
      await intake.take([report]);
      return { status: 200, body: { msgKey } };
    }
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
    if (msgKey !== '' && str('to') !== '' && str('from') !== '' && typeof o.content === 'string') {
      const occurred = Date.parse(str('occurredTime'));
      await sink.mo({
        to: str('to'),
        from: str('from'),
        content: str('content'),
        carrier: str('carrier'),
        originator: str('originator') || undefined,
        occurredAt: Number.isNaN(occurred) ? undefined : occurred,
        connector: cfg.name,
        networkId: msgKey,
      });
      counters.mo += 1;
      return { status: 200, body: { msgKey } };
    }
    return refusal(
      400,
      'A300',
      'Invalid request: neither a report (msgKey, reportCode) nor an MO message (msgKey, to, from, content)',
    );
  }

  return { path, handle };
}
