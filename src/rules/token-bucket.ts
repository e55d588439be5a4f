/**
 * A token bucket: `rate` tokens a second, holding at most `rate` (one second of burst).
 * Time is passed in, so the bucket follows the gateway clock.
 */
export class TokenBucket {
  #tokens: number;
  #at: number;
  constructor(
    readonly rate: number,
    now: number,
  ) {
    this.#tokens = rate;
    this.#at = now;
  }

  /**
   * Takes `n` tokens if there are enough. A request larger than a whole second's worth passes
   * when the bucket is full and leaves it in debt (it would never pass otherwise), so the
   * average still keeps to `rate`.
   */
  take(n: number, now: number): boolean {
    const elapsed = Math.max(0, now - this.#at) / 1000;
    this.#tokens = Math.min(this.rate, this.#tokens + elapsed * this.rate);
    this.#at = now;
    if (this.#tokens < Math.min(n, this.rate)) return false;
    this.#tokens -= n;
    return true;
  }

  /** Milliseconds until `take(n)` could pass (0: now), for a refusal's Retry-After. */
  waitMs(n: number, now: number): number {
    const elapsed = Math.max(0, now - this.#at) / 1000;
    const tokens = Math.min(this.rate, this.#tokens + elapsed * this.rate);
    const need = Math.min(n, this.rate) - tokens;
    return need <= 0 ? 0 : Math.ceil((need / this.rate) * 1000);
  }
}

/** One bucket per key (an account), rebuilt when the configured rate changes. */
export class RateLimiter {
  readonly #buckets = new Map<string, TokenBucket>();

  /** `rate` null means unlimited. */
  allow(key: string, rate: number | null, n: number, now: number): boolean {
    if (rate === null || rate <= 0) return true;
    let b = this.#buckets.get(key);
    if (!b || b.rate !== rate) {
      b = new TokenBucket(rate, now);
      this.#buckets.set(key, b);
    }
    return b.take(n, now);
  }

  /**
   * After a refusal: the whole seconds until `n` would pass, at least 1, as the Retry-After
   * header gives them (a client that waits this long is not refused again by this bucket).
   */
  retryAfterSeconds(key: string, n: number, now: number): number {
    const b = this.#buckets.get(key);
    return Math.max(1, Math.ceil((b ? b.waitMs(n, now) : 0) / 1000));
  }
}
