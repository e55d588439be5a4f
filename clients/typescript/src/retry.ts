/** How failed requests are retried (only requests that are safe to repeat: see transport.ts). */
export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  retries?: number;
  /**
   * The longest wait before a retry, in ms (default 30000). A Retry-After asking for longer ends
   * the retries: the error (a RateLimitError with `retryAfterMs`) goes to the caller instead.
   */
  maxDelayMs?: number;
  /** The first backoff delay when the gateway gave no Retry-After, doubled each retry (default 250). */
  baseDelayMs?: number;
  /** How to wait; a scheduler of your own, or a test's recorder (default: a timer, ended by the signal). */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export interface RetryPolicy {
  retries: number;
  maxDelayMs: number;
  baseDelayMs: number;
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    retries: options.retries ?? 3,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    baseDelayMs: options.baseDelayMs ?? 250,
    sleep: options.sleep ?? sleep,
  };
}

/**
 * A Retry-After header in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3). undefined when
 * absent or unreadable, so that the backoff applies instead.
 */
export function parseRetryAfter(value: string | null, nowMs: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * The wait before retry number `attempt` (0 for the first): exponential with full jitter, so that
 * many clients refused at once do not come back at once.
 */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Waits `ms`; resolves early (never rejects) when the signal aborts, so callers check the signal. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
