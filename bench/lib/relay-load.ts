/**
 * The client of bench/relay: the same load against whichever gateway it is pointed at (the
 * upstream alone, or the relay in front of it). Requests of `perRequest` SMS recipients, each with
 * a `#{name}` substitution, from `concurrency` keep-alive connections (undici's pool: cheaper per
 * request than fetch, so the client takes less of the machine from the gateways); meanwhile one
 * reader polls `GET /api/comm/v1/report/polling` and acknowledges each batch. The clock runs from
 * the first send until the client holds the final report of every message it sent.
 */
import { Pool } from 'undici';
import { pct, SENDER } from './gateway.ts';

export const TEXT = '#{name}, your code is 1234';
/**
 * After a poll that found nothing: at most this much is added to the end of a run, and a
 * client polling every 5 ms cost the gateway it polled a measurable share of its CPU in a run
 * as long as the relay's (~100 polls a second).
 */
const EMPTY_POLL_PAUSE_MS = 20;

export interface LoadShape {
  /** Requests, each of `perRequest` recipients. */
  requests: number;
  perRequest: number;
  concurrency: number;
}

export interface LoadResult {
  messages: number;
  /** From the first send until the last answer to a send. */
  acceptSecs: number;
  /** From the first send until every final report is held. */
  e2eSecs: number;
  /** When the first report came, seconds after the first send. */
  firstReportSecs: number;
  p50Ms: number;
  p99Ms: number;
  /** Final reports by reportCode (all 10000 when every message was delivered). */
  codes: Map<string, number>;
  /** Reports received more than once, and reports of keys this run did not send (both must be 0). */
  duplicates: number;
  strangers: number;
  /** Report polls answered: with reports, and empty. */
  polls: { full: number; empty: number };
  /** Wall-clock ms (Date.now()) at the first send: to compare with the gateways' own timestamps. */
  startedAt: number;
}

interface SendAnswer {
  data?: { data?: { destinations?: Array<{ code: string; msgKey: string; result?: string }> } };
}

interface PollAnswer {
  data?: {
    data?: {
      reportId?: string;
      report?: Array<{ msgKey: string; reportCode: string; reportType: string }> | null;
    };
  };
}

/** Request `r` (of a run whose numbers start at `offset`): distinct recipients. */
export function loadBody(r: number, perRequest: number, offset: number): string {
  return JSON.stringify({
    destinations: Array.from({ length: perRequest }, (_, i) => ({
      to: `010${10_000_000 + ((offset + r * perRequest + i) % 89_999_999)}`,
      replaceWords: { name: `user${i}` },
    })),
    messageFlow: [{ sms: { from: SENDER, text: TEXT } }],
  });
}

export interface LoadClient {
  /** Sends `shape` (numbers from `offset`) and waits for every report: the measured run. */
  run(shape: LoadShape, offset: number, timeoutMs?: number): Promise<LoadResult>;
  close(): Promise<void>;
}

export function loadClient(base: string, apiKey: string, connections: number): LoadClient {
  const pool = new Pool(base, { connections: connections + 1, pipelining: 1 });
  const headers = { authorization: apiKey, 'content-type': 'application/json' };

  async function json(method: 'GET' | 'POST' | 'DELETE', path: string, body?: string): Promise<unknown> {
    const res = await pool.request({ method, path, headers, ...(body === undefined ? {} : { body }) });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text);
  }

  async function run(shape: LoadShape, offset: number, timeoutMs = 300_000): Promise<LoadResult> {
    const bodies = Array.from({ length: shape.requests }, (_, r) => loadBody(r, shape.perRequest, offset));
    const total = shape.requests * shape.perRequest;
    const sent = new Set<string>();
    const seen = new Set<string>();
    const codes = new Map<string, number>();
    const polls = { full: 0, empty: 0 };
    let duplicates = 0;
    let firstReport = Number.NaN;
    /** Set when the sends failed: the reader stops too. */
    let failed = false;
    const latencies: number[] = [];
    const startedAt = Date.now();
    const t0 = performance.now();
    const deadline = t0 + timeoutMs;

    const reading = (async () => {
      // Reports of messages sent before this run (the warm-up's) were all read before it began.
      while (seen.size < total && !failed) {
        if (performance.now() > deadline) {
          throw new Error(`only ${seen.size} of ${total} reports after ${timeoutMs / 1000} s`);
        }
        const answer = (await json('GET', '/api/comm/v1/report/polling')) as PollAnswer;
        const d = answer.data?.data;
        const list = d?.report ?? [];
        if (!d?.reportId || list.length === 0) {
          polls.empty += 1;
          await new Promise((r) => setTimeout(r, EMPTY_POLL_PAUSE_MS));
          continue;
        }
        polls.full += 1;
        if (Number.isNaN(firstReport)) firstReport = performance.now() - t0;
        for (const rep of list) {
          if (rep.reportType !== 'STANDARD') continue;
          if (seen.has(rep.msgKey)) duplicates += 1;
          else seen.add(rep.msgKey);
          codes.set(rep.reportCode, (codes.get(rep.reportCode) ?? 0) + 1);
        }
        await json('DELETE', `/api/comm/v1/report/polling/${encodeURIComponent(d.reportId)}`);
      }
    })();

    let next = 0;
    let lastAnswer = t0;
    const sendingDone = Promise.all(
      Array.from({ length: shape.concurrency }, async () => {
        while (next < shape.requests) {
          const r = next++;
          const s = performance.now();
          const answer = (await json('POST', '/api/comm/v1/send/omni', bodies[r])) as SendAnswer;
          const done = performance.now();
          latencies.push(done - s);
          lastAnswer = Math.max(lastAnswer, done);
          for (const d of answer.data?.data?.destinations ?? []) {
            if (d.code !== 'A000') throw new Error(`recipient refused: ${d.code} ${d.result ?? ''}`);
            sent.add(d.msgKey);
          }
        }
      }),
    ).catch((err: unknown) => {
      failed = true;
      throw err;
    });
    await Promise.all([sendingDone, reading]).catch(async (err: unknown) => {
      failed = true;
      await reading.catch(() => {});
      throw err;
    });
    // Both done: every send answered and every report held.
    const e2eSecs = (performance.now() - t0) / 1000;
    let strangers = 0;
    for (const k of seen) if (!sent.has(k)) strangers += 1;
    latencies.sort((a, b) => a - b);
    return {
      messages: total,
      acceptSecs: (lastAnswer - t0) / 1000,
      e2eSecs,
      firstReportSecs: firstReport / 1000,
      p50Ms: pct(latencies, 50),
      p99Ms: pct(latencies, 99),
      codes,
      duplicates,
      strangers,
      polls,
      startedAt,
    };
  }

  return { run, close: () => pool.close() };
}

/** A Prometheus text exposition as series (name with its labels, as printed) to value. */
export async function scrape(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/** The growth of the series between two scrapes whose name and labels all match `match`. */
export function grown(before: Map<string, number>, after: Map<string, number>, ...match: string[]): number {
  let sum = 0;
  for (const [k, v] of after) {
    if (match.every((m) => k.includes(m))) sum += v - (before.get(k) ?? 0);
  }
  return sum;
}
