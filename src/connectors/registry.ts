import type { Channel, Connector } from './types.ts';

/**
 * Which connector carries which channel. The sandbox carries every channel by default; real
 * connectors (SMPP) take the channels and numbers their routes name.
 */
export class ConnectorRegistry {
  readonly #byChannel = new Map<Channel, Connector>();
  readonly #all: Connector[] = [];

  add(connector: Connector): void {
    this.#all.push(connector);
    for (const ch of connector.channels) if (!this.#byChannel.has(ch)) this.#byChannel.set(ch, connector);
  }

  /** The connector for a message on this channel to this number (null: no route). */
  route(channel: Channel, _to: string): Connector | null {
    return this.#byChannel.get(channel) ?? null;
  }

  byName(name: string): Connector | undefined {
    return this.#all.find((c) => c.name === name);
  }

  async stop(): Promise<void> {
    for (const c of this.#all) await c.stop?.();
  }
}
