/**
 * Slows down guessing of the admin token at the console's sign-in without ever keeping the
 * operator out. Every try is looked at, and the right token always signs in at once: a stranger
 * behind the same proxy, or anyone who knows the address, cannot lock the console. What is slowed
 * is the answer to a WRONG token: each client (by address) gets FREE_FAILURES wrong tries answered
 * at once; after that each wrong answer is held twice as long as the last (250 ms, 500 ms ... at
 * most MAX_HOLD_MS), and while more than GLOBAL_CEILING wrong tries came in the last
 * GLOBAL_WINDOW_MS from everyone together (many addresses), every wrong answer is held the most.
 * Failures older than WINDOW_MS are forgotten, and a right token clears the client's count. Pure:
 * the caller passes the time and does the holding.
 */
export const FREE_FAILURES = 3;
export const FIRST_HOLD_MS = 250;
export const MAX_HOLD_MS = 5000;
export const WINDOW_MS = 15 * 60_000;
export const GLOBAL_CEILING = 60;
export const GLOBAL_WINDOW_MS = 60_000;
/** Clients remembered at most; the oldest entries go first (an address flood cannot grow it). */
const MAX_CLIENTS = 10_000;

interface Entry {
  failures: number;
  last: number;
}

export class SignInThrottle {
  readonly #clients = new Map<string, Entry>();
  /** When each wrong try of the last GLOBAL_WINDOW_MS came, oldest first (at most a ceiling's worth kept). */
  #recent: number[] = [];

  /**
   * A wrong token from `client` at `now`: counts it, and answers how long its answer is held
   * (0: answered at once).
   */
  failed(client: string, now: number): number {
    const e = this.#live(client, now);
    const failures = (e?.failures ?? 0) + 1;
    this.#clients.delete(client);
    this.#clients.set(client, { failures, last: now });
    if (this.#clients.size > MAX_CLIENTS) {
      const oldest = this.#clients.keys().next().value;
      if (oldest !== undefined) this.#clients.delete(oldest);
    }
    this.#recent = this.#recent.filter((t) => now - t < GLOBAL_WINDOW_MS);
    this.#recent.push(now);
    if (this.#recent.length > GLOBAL_CEILING) {
      this.#recent = this.#recent.slice(-GLOBAL_CEILING - 1);
      return MAX_HOLD_MS;
    }
    if (failures <= FREE_FAILURES) return 0;
    return Math.min(MAX_HOLD_MS, FIRST_HOLD_MS * 2 ** (failures - FREE_FAILURES - 1));
  }

  succeeded(client: string): void {
    this.#clients.delete(client);
  }

  #live(client: string, now: number): Entry | undefined {
    const e = this.#clients.get(client);
    if (e && now - e.last > WINDOW_MS) {
      this.#clients.delete(client);
      return undefined;
    }
    return e;
  }
}

/**
 * Whose tries the throttle counts: the address, or for IPv6 its /64 (one host is commonly given
 * a whole /64, and would otherwise get three free tries per address).
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}
