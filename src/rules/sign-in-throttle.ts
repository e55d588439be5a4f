/**
 * Slows down guessing of the admin token at the console's sign-in: each client (by address) gets
 * FREE_FAILURES wrong tries; after that every further try must wait twice as long as the one
 * before (1 s, 2 s, 4 s ... at most MAX_WAIT_MS). A try made too early is refused unseen, so a
 * guesser gets no answer about its token. Failures older than WINDOW_MS are forgotten, and a
 * right token clears the client's count. Pure: the caller passes the time.
 */
export const FREE_FAILURES = 3;
export const MAX_WAIT_MS = 5 * 60_000;
export const WINDOW_MS = 15 * 60_000;
/** Clients remembered at most; the oldest entries go first (an address flood cannot grow it). */
const MAX_CLIENTS = 10_000;

interface Entry {
  failures: number;
  last: number;
}

export class SignInThrottle {
  readonly #clients = new Map<string, Entry>();

  /** Milliseconds `client` must still wait before its next try is looked at (0: go ahead). */
  waitMs(client: string, now: number): number {
    const e = this.#live(client, now);
    if (!e || e.failures < FREE_FAILURES) return 0;
    const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** (e.failures - FREE_FAILURES));
    return Math.max(0, e.last + wait - now);
  }

  failed(client: string, now: number): void {
    const e = this.#live(client, now);
    this.#clients.delete(client);
    this.#clients.set(client, { failures: (e?.failures ?? 0) + 1, last: now });
    if (this.#clients.size > MAX_CLIENTS) {
      const oldest = this.#clients.keys().next().value;
      if (oldest !== undefined) this.#clients.delete(oldest);
    }
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
