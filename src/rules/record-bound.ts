/**
 * How many refused requests one process records a second (src/http/refused-requests.ts), so a
 * flood of refusals can neither fill the database nor take the write lock from sends. Windows of
 * one second of real time: `perSecond` rows in all; one source (an account, or an address whose
 * key was not known) at most half of them, and requests without a known key together at most
 * half, so an unauthenticated flood of A401s leaves room for the accounts' own refusals; and at
 * most `bytesPerSecond` of kept bodies and answers.
 */
export class RecordBound {
  readonly perSource: number;
  readonly anonymous: number;
  #window = -1;
  #rows = 0;
  #anonymousRows = 0;
  #bytes = 0;
  readonly #bySource = new Map<string, number>();

  constructor(
    readonly perSecond: number,
    readonly bytesPerSecond: number,
  ) {
    this.perSource = Math.ceil(perSecond / 2);
    this.anonymous = Math.ceil(perSecond / 2);
  }

  #turn(now: number): void {
    const w = Math.floor(now / 1000);
    if (w === this.#window) return;
    this.#window = w;
    this.#rows = 0;
    this.#anonymousRows = 0;
    this.#bytes = 0;
    // At most `perSecond` sources were let in: the map never outgrows the bound.
    this.#bySource.clear();
  }

  /** Whether one more row from `source` may be recorded in the second of `now` (real time). */
  admit(source: string, anonymous: boolean, now: number): boolean {
    this.#turn(now);
    if (this.#rows >= this.perSecond) return false;
    if (anonymous && this.#anonymousRows >= this.anonymous) return false;
    const mine = this.#bySource.get(source) ?? 0;
    if (mine >= this.perSource) return false;
    this.#bySource.set(source, mine + 1);
    this.#rows += 1;
    if (anonymous) this.#anonymousRows += 1;
    return true;
  }

  /** How many bytes of body and answer may still be kept in this second. */
  bytesLeft(now: number): number {
    this.#turn(now);
    return Math.max(0, this.bytesPerSecond - this.#bytes);
  }

  takeBytes(n: number, now: number): void {
    this.#turn(now);
    this.#bytes += n;
  }
}
