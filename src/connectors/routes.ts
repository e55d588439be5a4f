import type { RouteConfig } from './config.ts';

/**
 * Ordered routes: the first whose channel matches and whose prefixes (if any) match the number
 * wins; null → the default (the sandbox, when on).
 */
export class RouteTable {
  /**
   * Per channel, every (prefix, connector) pair in route order, a catch-all as the empty prefix
   * (which every number starts with): the first pair that matches is the first matching route.
   */
  readonly #byChannel = new Map<string, { prefix: string; connector: string }[]>();

  constructor(routes: readonly RouteConfig[]) {
    for (const route of routes) {
      const pairs = this.#byChannel.get(route.channel) ?? [];
      this.#byChannel.set(route.channel, pairs);
      for (const prefix of route.numbers ?? ['']) pairs.push({ prefix, connector: route.connector });
    }
  }

  /** The connector name for a message on `channel` to `to` (digits only), or null: no route. */
  match(channel: string, to: string): string | null {
    const pairs = this.#byChannel.get(channel);
    if (pairs) for (const p of pairs) if (to.startsWith(p.prefix)) return p.connector;
    return null;
  }
}
