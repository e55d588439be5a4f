import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Keyring } from './crypto/keyring.ts';
import type { EngineEvents } from './engine/events.ts';
import type { OutboundPolicy } from './http/outbound.ts';
import type { Store } from './store/db/database.ts';

/**
 * What every use case receives: HTTP routes, the CLI and workers call the same functions with it.
 */
export interface Ctx {
  readonly config: Config;
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly events: EngineEvents;
  /** Seals and opens secrets at rest (webhook secrets, 2FA codes): docs/security.md. */
  readonly secrets: Keyring;
  /** Where the gateway's own requests (webhooks) may go: src/http/outbound.ts. */
  readonly outbound: OutboundPolicy;
  /**
   * Tells this process's workers that new work was committed, so they claim it now; `kinds` (the
   * jobs' kinds) limits the wake-up to the lanes that run them.
   */
  readonly workAdded: (kinds?: readonly string[]) => void;
}
