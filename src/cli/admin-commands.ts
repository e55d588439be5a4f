import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { type Clock, ManualClock, SystemClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Ctx } from '../context.ts';
import { Keyring } from '../crypto/keyring.ts';
import { resolveMasterKeys } from '../crypto/master-key.ts';
import { type EngineEventMap, EventBus } from '../engine/events.ts';
import { GatewayError } from '../errors.ts';
import {
  createAccount,
  listAccountSummaries,
  requireAccount,
  showAccount,
} from '../features/admin/accounts.ts';
import { putBrand } from '../features/admin/brands.ts';
import { createKey, revokeApiKey, setApiKeyDlr } from '../features/admin/keys.ts';
import { putProfile } from '../features/admin/profiles.ts';
import { rotateSecrets } from '../features/admin/secrets.ts';
import { addSender } from '../features/admin/senders.ts';
import { REPORT_MODES, setLimits, setReportMode, setWebhook } from '../features/admin/settings.ts';
import {
  addRule,
  addToOptOutList,
  listRulePage,
  optOutPage,
  removeFromOptOutList,
  removeRule,
} from '../features/policy/manage.ts';
import { OutboundPolicy } from '../http/outbound.ts';
import { insertAudit, listAudit } from '../store/accounts/audit.ts';
import { openStore, type Store } from '../store/db/database.ts';
import { CLOCK_SETTING, getSetting, readClockOffset } from '../store/db/settings.ts';

/** Operator commands (accounts, keys, senders, ...): the same use cases as /admin/v1. */
export const ADMIN_USAGE = `  accounts create --name NAME                           create an account and its first API key
  accounts list                                         list accounts
  accounts show ACCOUNT_ID                              an account with its keys and registrations
  keys create --account ACCOUNT_ID                      another API key for the account
  keys revoke KEY_ID                                    revoke an API key for good
  keys dlr KEY_ID --on|--off                            international DLR records for a key
  senders add --account ACCOUNT_ID --number N           register a sender number (digits only)
  profiles add --account ACCOUNT_ID --sender-key K      register or update a channel profile
      [--name N] [--friend-count N] [--business-verified] [--channel-phone N]
      [--consent-evidence] [--channel-id ID]
  brands add --account ACCOUNT_ID --brand-id ID --brand-key K --name N
                                                        register or update an RCS brand
  webhook set --account ACCOUNT_ID --url URL [--secret S]
                                                        webhook for MO and reports (secret generated)
  report-mode set --account ACCOUNT_ID --mode polling|webhook
                                                        how the account receives reports
  limits set --account ACCOUNT_ID [--send-per-second N|none] [--requests-per-second N|none]
                                                        per-second limits; none lifts one
  audit list [--limit N] [--cursor NEXT]                 operator actions, newest first (HTTP and CLI)
  spam-rules add --kind text|sender|recipient --pattern P [--match contains|exact|prefix]
      [--account ACCOUNT_ID] [--note N]                 a spam-filter rule (A322-A324); no --account: global
  spam-rules list [--account ACCOUNT_ID|global] [--kind K] [--limit N] [--cursor NEXT]
  spam-rules remove RULE_ID
  opt-outs add --account ACCOUNT_ID --phone N[,N...] [--from SENDER]
                                                        numbers that get no advertising from the account
  opt-outs list --account ACCOUNT_ID [--phone N] [--limit N] [--cursor NEXT]
  opt-outs remove --account ACCOUNT_ID --phone N [--from SENDER]
  secrets rotate                                        a new data key: every stored secret resealed
                                                        under it, the old keys deleted; running
                                                        gateways keep working (docs/operations.md)
  Operator commands print JSON; they exit 2 with "error: ..." on a refusal or a bad argument.
`;

/** A mistake in the command line (the use cases' refusals are GatewayErrors). */
class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;
type Options = Record<string, { type: 'string' | 'boolean' }>;

/** One subcommand: its options, and how its parsed arguments become a use-case call. */
interface Sub {
  options: Options;
  /** How many positional arguments it takes (ids). */
  positionals?: number;
  build(values: Values, positionals: string[]): (ctx: Ctx) => Promise<unknown>;
}

function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

function need(values: Values, name: string): string {
  const v = str(values, name);
  if (v === undefined || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

function int(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${name} must be an integer, got "${raw}"`);
  return Number(raw);
}

/** `N` or `none` (no limit); absent keeps the current value. */
function limit(values: Values, name: string): number | null | undefined {
  const raw = str(values, name);
  if (raw === undefined) return undefined;
  return raw === 'none' ? null : int(name, raw);
}

const ACCOUNT = { account: { type: 'string' } } as const;

const GROUPS: Record<string, Record<string, Sub>> = {
  accounts: {
    create: {
      options: { name: { type: 'string' } },
      build: (v) => (ctx) => createAccount(ctx, { name: need(v, 'name') }),
    },
    list: { options: {}, build: () => (ctx) => listAccountSummaries(ctx) },
    show: {
      options: {},
      positionals: 1,
      build:
        (_v, [id = '']) =>
        (ctx) =>
          showAccount(ctx, id),
    },
  },
  keys: {
    create: { options: ACCOUNT, build: (v) => (ctx) => createKey(ctx, need(v, 'account')) },
    revoke: {
      options: {},
      positionals: 1,
      build:
        (_v, [id = '']) =>
        (ctx) =>
          revokeApiKey(ctx, id),
    },
    dlr: {
      options: { on: { type: 'boolean' }, off: { type: 'boolean' } },
      positionals: 1,
      build: (v, [id = '']) => {
        if (v.on === v.off) throw new UsageError('give exactly one of --on or --off');
        return (ctx) => setApiKeyDlr(ctx, { keyId: id, dlr: v.on === true });
      },
    },
  },
  senders: {
    add: {
      options: { ...ACCOUNT, number: { type: 'string' } },
      build: (v) => (ctx) => addSender(ctx, { accountId: need(v, 'account'), number: need(v, 'number') }),
    },
  },
  profiles: {
    add: {
      options: {
        ...ACCOUNT,
        'sender-key': { type: 'string' },
        name: { type: 'string' },
        'friend-count': { type: 'string' },
        'business-verified': { type: 'boolean' },
        'channel-phone': { type: 'string' },
        'consent-evidence': { type: 'boolean' },
        'channel-id': { type: 'string' },
      },
      build: (v) => {
        const friends = str(v, 'friend-count');
        const input = {
          accountId: need(v, 'account'),
          senderKey: need(v, 'sender-key'),
          name: str(v, 'name'),
          friendCount: friends === undefined ? undefined : int('friend-count', friends),
          // A flag can only turn these on; absent leaves an existing profile's value alone.
          businessVerified: v['business-verified'] === true ? true : undefined,
          consentEvidence: v['consent-evidence'] === true ? true : undefined,
          channelPhoneNumber: str(v, 'channel-phone'),
          channelId: str(v, 'channel-id'),
        };
        return (ctx) => putProfile(ctx, input);
      },
    },
  },
  brands: {
    add: {
      options: {
        ...ACCOUNT,
        'brand-id': { type: 'string' },
        'brand-key': { type: 'string' },
        name: { type: 'string' },
      },
      build: (v) => {
        const input = {
          accountId: need(v, 'account'),
          brandId: need(v, 'brand-id'),
          brandKey: need(v, 'brand-key'),
          name: need(v, 'name'),
        };
        return (ctx) => putBrand(ctx, input);
      },
    },
  },
  webhook: {
    set: {
      options: { ...ACCOUNT, url: { type: 'string' }, secret: { type: 'string' } },
      build: (v) => {
        const input = { accountId: need(v, 'account'), url: need(v, 'url'), secret: str(v, 'secret') };
        return (ctx) => setWebhook(ctx, input);
      },
    },
  },
  'report-mode': {
    set: {
      options: { ...ACCOUNT, mode: { type: 'string' } },
      build: (v) => {
        const accountId = need(v, 'account');
        const mode = REPORT_MODES.find((m) => m === need(v, 'mode'));
        if (!mode) throw new UsageError(`--mode must be ${REPORT_MODES.join(' or ')}`);
        return (ctx) => setReportMode(ctx, { accountId, mode });
      },
    },
  },
  audit: {
    list: {
      options: { limit: { type: 'string' }, cursor: { type: 'string' } },
      build: (v) => {
        const n = str(v, 'limit') === undefined ? 50 : int('limit', need(v, 'limit'));
        if (n < 1 || n > 1000) throw new UsageError('--limit must be 1 to 1000');
        const cursor = str(v, 'cursor');
        const before = cursor === undefined ? null : int('cursor', cursor);
        return (ctx) => listAudit(ctx.store, before, n);
      },
    },
  },
  'spam-rules': {
    add: {
      options: {
        ...ACCOUNT,
        kind: { type: 'string' },
        pattern: { type: 'string' },
        match: { type: 'string' },
        note: { type: 'string' },
      },
      build: (v) => {
        const input = {
          accountId: str(v, 'account') ?? null,
          kind: need(v, 'kind'),
          pattern: need(v, 'pattern'),
          match: str(v, 'match'),
          note: str(v, 'note') ?? null,
        };
        return (ctx) => addRule(ctx, input);
      },
    },
    list: {
      options: {
        ...ACCOUNT,
        kind: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
      },
      build: (v) => {
        const n = str(v, 'limit') === undefined ? 50 : int('limit', need(v, 'limit'));
        const query = {
          accountId: str(v, 'account'),
          kind: str(v, 'kind'),
          cursor: str(v, 'cursor'),
          limit: n,
        };
        return (ctx) => listRulePage(ctx, query);
      },
    },
    remove: {
      options: {},
      positionals: 1,
      build:
        (_v, [id = '']) =>
        (ctx) =>
          removeRule(ctx, id),
    },
  },
  'opt-outs': {
    add: {
      options: { ...ACCOUNT, phone: { type: 'string' }, from: { type: 'string' } },
      build: (v) => {
        const accountId = need(v, 'account');
        const input = { phones: need(v, 'phone').split(','), from: str(v, 'from') };
        return async (ctx) => {
          await requireAccount(ctx, accountId);
          return addToOptOutList(ctx, accountId, input, 'operator');
        };
      },
    },
    list: {
      options: {
        ...ACCOUNT,
        phone: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
      },
      build: (v) => {
        const accountId = need(v, 'account');
        const n = str(v, 'limit') === undefined ? 100 : int('limit', need(v, 'limit'));
        const query = { phone: str(v, 'phone'), cursor: str(v, 'cursor'), limit: n };
        return async (ctx) => {
          await requireAccount(ctx, accountId);
          return optOutPage(ctx, accountId, query);
        };
      },
    },
    remove: {
      options: { ...ACCOUNT, phone: { type: 'string' }, from: { type: 'string' } },
      build: (v) => {
        const accountId = need(v, 'account');
        const input = { phone: need(v, 'phone'), from: str(v, 'from') };
        return async (ctx) => {
          await requireAccount(ctx, accountId);
          return removeFromOptOutList(ctx, accountId, input, 'operator');
        };
      },
    },
  },
  secrets: {
    rotate: {
      options: {},
      build: () => async (ctx) =>
        rotateSecrets(ctx, (await gatewayClock(ctx.store, ctx.config.clock, ctx.config.sandbox)).now()),
    },
  },
  limits: {
    set: {
      options: {
        ...ACCOUNT,
        'send-per-second': { type: 'string' },
        'requests-per-second': { type: 'string' },
      },
      build: (v) => {
        const input = {
          accountId: need(v, 'account'),
          sendPerSecond: limit(v, 'send-per-second'),
          requestsPerSecond: limit(v, 'requests-per-second'),
        };
        return (ctx) => setLimits(ctx, input);
      },
    },
  },
};

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
 * The context the HTTP app gets, built straight on the configured database. Logs go to stderr so
 * that stdout stays one JSON document. The clock is the system clock unless `clockOf` says
 * otherwise, even when a gateway runs on the manual one: registrations are stamped with the
 * operator's real time.
 */
export async function withCtx<T>(
  run: (ctx: Ctx) => Promise<T>,
  clockOf: (store: Store, config: Config) => Promise<Clock> = async () => new SystemClock(),
): Promise<T> {
  const config = loadConfig();
  const store = await openStore(config.databaseUrl, { preparedStatements: config.pgPrepared });
  try {
    await store.migrate();
    const ctx: Ctx = {
      config,
      store,
      clock: await clockOf(store, config),
      logger: pino({ level: 'warn' }, process.stderr),
      events: new EventBus<EngineEventMap>(),
      // The master key is read (or made, on a fresh data directory) only by a command that seals.
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

/** The command's arguments, as the audit log keeps them: ids and names, never a secret. */
function auditTarget(values: Values, positionals: readonly string[]): Record<string, string> {
  const target: Record<string, string> = {};
  positionals.forEach((p, i) => {
    target[`arg${i + 1}`] = p;
  });
  for (const [k, v] of Object.entries(values)) {
    if (k === 'secret' || v === undefined) continue;
    target[k] = String(v);
  }
  return target;
}

function isParseArgsError(err: unknown): err is TypeError {
  return err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS');
}

function runGroup(group: string, subs: Record<string, Sub>): (args: string[]) => Promise<number> {
  return async ([sub, ...args]) => {
    try {
      const spec = sub === undefined ? undefined : subs[sub];
      if (!spec) {
        const known = Object.keys(subs).join(', ');
        throw new UsageError(`${group} needs a subcommand: ${known} (omnigate help)`);
      }
      const want = spec.positionals ?? 0;
      const { values, positionals } = parseArgs({
        args,
        options: spec.options,
        strict: true,
        allowPositionals: want > 0,
      });
      if (positionals.length !== want || positionals.some((p) => p === '')) {
        throw new UsageError(
          `${group} ${sub} takes ${want} argument${want === 1 ? '' : 's'} (omnigate help)`,
        );
      }
      const call = spec.build(values, positionals);
      // Operator actions are audited as those of /admin/v1 are; reading the log is not one.
      const out = await withCtx(async (ctx) => {
        if (group === 'audit') return call(ctx);
        const record = (status: number) =>
          insertAudit(ctx.store, {
            at: Date.now(),
            actor: `cli ${cliUser()}`,
            action: `cli ${group} ${sub}`,
            target: auditTarget(values, positionals),
            status,
            trId: '',
          });
        try {
          const done = await call(ctx);
          await record(200);
          return done;
        } catch (err) {
          if (err instanceof GatewayError) await record(err.status);
          throw err;
        }
      });
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return 0;
    } catch (err) {
      if (err instanceof UsageError || err instanceof GatewayError || isParseArgsError(err)) {
        process.stderr.write(`error: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
  };
}

export const ADMIN_COMMANDS: Record<string, (args: string[]) => Promise<number>> = Object.fromEntries(
  Object.entries(GROUPS).map(([group, subs]) => [group, runGroup(group, subs)]),
);
