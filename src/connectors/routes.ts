import type { RouteChannel, RouteConfig } from './config.ts';

/**
 * Ordered routes: the first whose channel is one of the kinds asked for and whose prefixes (if
 * any) match the number wins; null → the default (the sandbox, when on).
 */
export class RouteTable {
  /**
   * Per channel, every (prefix, connector) pair with its place in route order, a catch-all as the
   * empty prefix (which every number starts with). Several kinds (an LM message is both `lms` and
   * `mms`) are merged by that place, so the file's order decides between them too.
   */
  readonly #byChannel = new Map<RouteChannel, { order: number; prefix: string; connector: string }[]>();

  constructor(routes: readonly RouteConfig[]) {
    let order = 0;
    for (const route of routes) {
      const pairs = this.#byChannel.get(route.channel) ?? [];
      this.#byChannel.set(route.channel, pairs);
      for (const prefix of route.numbers ?? [''])
        pairs.push({ order: order++, prefix, connector: route.connector });
    }
  }

  /** The connector of the first route taking any of `kinds` to `to` (digits only), or null: no route. */
  match(kinds: readonly RouteChannel[], to: string): string | null {
    let best: { order: number; connector: string } | null = null;
    for (const kind of kinds) {
      const hit = this.#byChannel.get(kind)?.find((p) => to.startsWith(p.prefix));
      if (hit && (!best || hit.order < best.order)) best = hit;
    }
    return best?.connector ?? null;
  }
}
