/**
 * Retry delay after the n-th failed attempt (n from 1): 1 s, 2 s, 4 s ... capped at one hour.
 * No jitter: retries must land at predictable times on the manual clock, and claims with
 * SKIP LOCKED already spread a burst of due jobs over the instances.
 */
export function backoffMs(attempt: number, baseMs = 1000, capMs = 3_600_000): number {
  const n = Math.max(1, attempt);
  return Math.min(capMs, baseMs * 2 ** Math.min(n - 1, 30));
}
