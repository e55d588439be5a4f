import type { UpstreamAnswer } from './client.ts';

/** Report codes of an upstream connector's own failures (docs/reports.md). */
export const UPSTREAM_CODES = {
  /** The upstream refused the message (its code and text are in the report text). */
  refused: '85007',
  /** The step names something the upstream cannot be given (a file gone or expired here). */
  unmappable: '85008',
} as const;

/** One destination of a send's answer (the spec's send result entry). */
export interface DestinationAnswer {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

export type SendVerdict =
  /** The upstream took the request: one entry per destination, in order. */
  | { kind: 'answered'; destinations: DestinationAnswer[] }
  /**
   * Nothing to act on yet (network, timeout, 429, 5xx): the same request again later.
   * `mayHaveLeft`: the upstream may have taken it (all but a 429 and a refused connection).
   */
  | { kind: 'retry'; why: string; retryAfterMs: number | null; mayHaveLeft: boolean }
  /** The upstream refused the request as such (a 4xx naming it): final for every message in it. */
  | { kind: 'final'; text: string };

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function s(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The envelope's result code and text: the service's (data) when it has one, else the authentication's. */
export function envelopeResult(json: unknown): { code: string; text: string } | null {
  const env = obj(json);
  if (!env) return null;
  const common = obj(env.common);
  const data = obj(env.data);
  if (common && s(common.authCode) !== '' && s(common.authCode) !== 'A000') {
    return { code: s(common.authCode), text: s(common.authResult) };
  }
  if (data && s(data.code) !== '') return { code: s(data.code), text: s(data.result) };
  return null;
}

/** The payload of a successful envelope (`data.data`), or null when the answer is not one. */
export function successData(answer: UpstreamAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answer' || answer.status < 200 || answer.status > 299) return null;
  const r = envelopeResult(answer.json);
  if (r?.code !== 'A000') return null;
  return obj(obj(obj(answer.json)?.data)?.data) ?? {};
}

/** Says why an answer is not a success, for logs and refusals. */
export function describeAnswer(answer: UpstreamAnswer): string {
  if (answer.kind !== 'answer') return answer.error;
  const r = envelopeResult(answer.json);
  return r ? `HTTP ${answer.status} ${r.code} ${r.text}`.trim() : `HTTP ${answer.status}`;
}

/** Whether an answer is one to try again: no answer, a timeout, throttling or the upstream's own failure. */
export function retryable(answer: UpstreamAnswer): boolean {
  if (answer.kind === 'failed') return true;
  if (answer.kind === 'refused') return false;
  return answer.status === 408 || answer.status === 429 || answer.status >= 500;
}

/** What a send's answer means for its batch of `count` destinations. */
export function sendVerdict(answer: UpstreamAnswer, count: number): SendVerdict {
  if (answer.kind === 'refused')
    return { kind: 'final', text: `Refused by the outbound policy: ${answer.error}` };
  if (retryable(answer)) {
    const untouched =
      (answer.kind === 'answer' && answer.status === 429) ||
      (answer.kind === 'failed' && answer.error.includes('ECONNREFUSED'));
    return {
      kind: 'retry',
      why: describeAnswer(answer),
      retryAfterMs: answer.kind === 'answer' ? answer.retryAfterMs : null,
      mayHaveLeft: !untouched,
    };
  }
  const data = successData(answer);
  if (!data) return { kind: 'final', text: `The upstream refused the request: ${describeAnswer(answer)}` };
  const list = Array.isArray(data.destinations) ? data.destinations : null;
  if (!list || list.length !== count) {
    // Taken, but not readable here: repeating the same request (same key) answers it again.
    return {
      kind: 'retry',
      why: `the answer holds ${list?.length ?? 'no'} destinations for ${count}`,
      retryAfterMs: null,
      mayHaveLeft: true,
    };
  }
  return {
    kind: 'answered',
    destinations: list.map((d) => {
      const o = obj(d) ?? {};
      return { to: s(o.to), msgKey: s(o.msgKey), code: s(o.code), result: s(o.result) };
    }),
  };
}
