/**
 * Even spacing for a rate limit a carrier counts per second (GCRA): one send each 1/rate seconds,
 * with at most `burstMs` of sends early, so that no second ever holds more than the rate plus that
 * burst, even after an idle spell (a token bucket would allow a whole second's worth at once).
 * Times are passed in (milliseconds, fractions allowed).
 */
export class Pacer {
  readonly #interval: number;
  readonly #tolerance: number;
  #tat = 0;

  constructor(
    readonly rate: number,
    burstMs = 5,
  ) {
    this.#interval = 1000 / rate;
    // Timers fire a millisecond late or more: a few ms of slack keep high rates reachable.
    this.#tolerance = Math.max(0, burstMs - this.#interval);
  }

  /** 0 and counts the send when it may go now; else the milliseconds until it may. */
  wait(now: number): number {
    const tat = Math.max(this.#tat, now);
    const allowedAt = tat - this.#tolerance;
    if (now < allowedAt) return allowedAt - now;
    this.#tat = tat + this.#interval;
    return 0;
  }
}
