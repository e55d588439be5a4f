import { parseArgs } from 'node:util';
import pino from 'pino';
import { type Clock, isoKst, ManualClock, SystemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import type { Ctx } from '../context.ts';
import { Keyring } from '../crypto/keyring.ts';
import { resolveMasterKeys } from '../crypto/master-key.ts';
import { type EngineEventMap, EventBus } from '../engine/events.ts';
import { type PurgeResult, purge } from '../engine/purge.ts';
import { CLOCK_SETTING } from '../features/sandbox/clock.ts';
import { insertAudit } from '../store/audit.ts';
import { openStore, type Store } from '../store/database.ts';
import { getSetting } from '../store/settings.ts';
import { cliUser } from './admin-commands.ts';

export const PURGE_USAGE = `  purge [--dry-run]                                     delete now what is past its age (the hourly job's
                                                        work); --dry-run prints what would go, deletes nothing
`;

/**
 * The gateway's clock: the ages are counted to the time the gateways run on, which on the manual
 * clock is the one the database keeps (the sandbox's), not this machine's.
 */
async function gatewayClock(store: Store, kind: 'system' | 'manual'): Promise<Clock> {
  if (kind === 'system') return new SystemClock();
  const kept = await getSetting(store, CLOCK_SETTING);
  return new ManualClock(kept ? Number(kept) : Date.now());
}

/** What the command prints: per kind, its age, the time before which records go, and the counts. */
function report(r: PurgeResult): Record<string, unknown> {
  return {
    dryRun: r.dryRun,
    now: isoKst(r.now),
    kinds: Object.fromEntries(
      r.kinds.map((k) => [
        k.kind,
        {
          days: k.days,
          before: k.cutoff === null ? null : isoKst(k.cutoff),
          rows: k.rows,
          files: k.files,
        },
      ]),
    ),
  };
}

/**
 * `omnigate purge [--dry-run]`: the purge of src/engine/purge.ts, all of it at once, beside any
 * running gateway (their job and this command delete the same rows harmlessly). Logs go to stderr
 * so that stdout stays one JSON document; a purge (not a dry run) is an operator action, audited.
 */
export async function purgeCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'dry-run': { type: 'boolean' } }, strict: true });
  const dryRun = values['dry-run'] === true;
  const config = loadConfig();
  const store = await openStore(config.databaseUrl);
  try {
    await store.migrate();
    const ctx: Ctx = {
      config,
      store,
      clock: await gatewayClock(store, config.clock),
      logger: pino({ level: 'warn' }, process.stderr),
      events: new EventBus<EngineEventMap>(),
      // Read only if something is sealed or opened (nothing the purge does).
      secrets: new Keyring(store, () => resolveMasterKeys(config)),
      workAdded: () => {},
    };
    const record = (status: number) =>
      insertAudit(store, {
        at: Date.now(),
        actor: `cli ${cliUser()}`,
        action: 'cli purge',
        target: {},
        status,
        trId: '',
      });
    let result: PurgeResult;
    try {
      result = await purge(ctx, { dryRun });
    } catch (err) {
      // Batches before the failure were deleted: the action happened, in part.
      if (!dryRun) await record(500);
      throw err;
    }
    if (!dryRun) await record(200);
    process.stdout.write(`${JSON.stringify(report(result), null, 2)}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
