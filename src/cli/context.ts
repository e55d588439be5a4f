import { userInfo } from 'node:os';
import pino from 'pino';
import { type Clock, ManualClock, SystemClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Ctx } from '../context.ts';
import { Keyring } from '../crypto/keyring.ts';
import { resolveMasterKeys } from '../crypto/master-key.ts';
import { type EngineEventMap, EventBus } from '../engine/events.ts';
import { OutboundPolicy } from '../http/outbound.ts';
import type { Store } from '../store/db/database.ts';
import { CLOCK_SETTING, getSetting, readClockOffset } from '../store/db/settings.ts';
import { openExistingStore } from './existing-store.ts';

/**
 * The gateways' clock, which on the manual clock is the one the database keeps (the sandbox's),
 * not this machine's, and on the system clock runs as far ahead as the sandbox moved it: the
 * purge counts ages to it, and a rotation keeps the keys of 2FA codes that have not expired by it.
 */
export async function gatewayClock(store: Store, kind: 'system' | 'manual', sandbox = true): Promise<Clock> {
  // As the gateways read it (src/engine/engine.ts): the offset counts only while the sandbox is on.
  if (kind === 'system') return new SystemClock(sandbox ? await readClockOffset(store) : 0);
  const kept = await getSetting(store, CLOCK_SETTING);
  return new ManualClock(kept ? Number(kept) : Date.now());
}

/**
 * The context the HTTP app gets, built on the configured database, which a gateway must have made
 * (existing-store.ts). Logs go to stderr so that stdout stays one JSON document. The clock is the
 * system clock unless `clockOf` says otherwise, even when a gateway runs on the manual one:
 * registrations are stamped with the operator's real time.
 */
export async function withCtx<T>(
  run: (ctx: Ctx) => Promise<T>,
  clockOf: (store: Store, config: Config) => Promise<Clock> = async () => new SystemClock(),
): Promise<T> {
  const config = loadConfig();
  const store = await openExistingStore(config);
  try {
    // A database of an earlier release is brought up to this one, as a gateway starting would.
    await store.migrate();
    const ctx: Ctx = {
      config,
      store,
      clock: await clockOf(store, config),
      logger: pino({ level: 'warn' }, process.stderr),
      events: new EventBus<EngineEventMap>(),
      // The master key is read (or made, on a data directory without one) only by a command that seals.
      secrets: new Keyring(store, () => resolveMasterKeys(config)),
      outbound: new OutboundPolicy(config.webhookAllow),
      workAdded: () => {},
    };
    return await run(ctx);
  } finally {
    await store.close();
  }
}

/** The operating-system user running the command (who, for the audit log). */
export function cliUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
