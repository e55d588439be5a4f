/**
 * When a failed MO delivery is tried again (docs/webhooks.md). Fixed steps rather than the
 * runner's doubling from 1 s: a receiver that is down for a deploy gets a few quick retries, then
 * the gaps widen to an hour, and the whole schedule is short enough to read in the docs.
 */
export const MO_RETRY_DELAYS_S = [10, 30, 60, 120, 300, 600, 1800, 3600] as const;

/** A schedule ends 24 h after it started: no attempt is scheduled later than that. */
export const MO_GIVE_UP_AFTER_MS = 24 * 3600 * 1000;

/** No answer within 5 s is a failure (docs/webhooks.md#the-answer). */
export const MO_WEBHOOK_TIMEOUT_MS = 5000;

/** Delay after the n-th failed attempt of a schedule (n from 1); the last step repeats. */
export function moRetryDelayMs(failedAttempts: number): number {
  const i = Math.min(Math.max(1, failedAttempts), MO_RETRY_DELAYS_S.length) - 1;
  return (MO_RETRY_DELAYS_S[i] ?? 3600) * 1000;
}

/**
 * When the next attempt runs after the n-th failure of a schedule that started at
 * `roundStartedAt`, or null when it would fall past the give-up limit (the MO is given up).
 */
export function nextMoAttempt(roundStartedAt: number, failedAttempts: number, now: number): number | null {
  const at = now + moRetryDelayMs(failedAttempts);
  return at > roundStartedAt + MO_GIVE_UP_AFTER_MS ? null : at;
}
