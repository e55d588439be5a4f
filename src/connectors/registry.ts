import type { RouteChannel } from './config.ts';
import type { RouteTable } from './routes.ts';
import type { Channel, Connector } from './types.ts';

/**
 * Which connector carries which message. The routes of OMNIGATE_CONNECTORS come first (a channel
 * and number prefixes name a connector); what no route takes goes to the default connector of
 * its channel, the sandbox when it is on.
 */
export class ConnectorRegistry {
  readonly #defaults = new Map<Channel, Connector>();
  readonly #byName = new Map<string, Connector>();
  #routes: RouteTable | null = null;

  /** A connector that routes name; `asDefault` also makes it the default of its channels. */
  add(connector: Connector, asDefault = true): void {
    this.#byName.set(connector.name, connector);
    if (!asDefault) return;
    for (const ch of connector.channels) if (!this.#defaults.has(ch)) this.#defaults.set(ch, connector);
  }

  setRoutes(routes: RouteTable): void {
    this.#routes = routes;
  }

  /**
   * The connector for a message on this channel to this number (null: no route). Routes speak of
   * channels, and of `lms`: the mms channel's LM messages, which an `lms` route and an `mms` route
   * both take (the first in the file wins).
   */
  route(channel: Channel, to: string, msgType: string): Connector | null {
    const name = this.#routes?.match(routeKinds(channel, msgType), to);
    if (name) {
      const c = this.#byName.get(name);
      if (c) return c;
    }
    return this.#defaults.get(channel) ?? null;
  }

  byName(name: string): Connector | undefined {
    return this.#byName.get(name);
  }

  all(): Connector[] {
    return [...this.#byName.values()];
  }

  async stop(): Promise<void> {
    for (const c of this.#byName.values()) await c.stop?.();
  }
}

const LM: readonly RouteChannel[] = ['lms', 'mms'];
const MM: readonly RouteChannel[] = ['mms'];

/** The route channels that may take a message: every channel is its own, LM is `lms` as well. */
function routeKinds(channel: Channel, msgType: string): readonly RouteChannel[] {
  if (channel === 'mms') return msgType === 'LM' ? LM : MM;
  return [channel];
}
