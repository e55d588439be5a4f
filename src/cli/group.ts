import type { Config } from '../config.ts';
import type { Ctx } from '../context.ts';
import { GatewayError } from '../errors.ts';
import { insertAudit } from '../store/accounts/audit.ts';
import type { Store } from '../store/db/database.ts';
import { type Options, parseCommand, UsageError, type Values } from './args.ts';
import { cliUser, gatewayClock, withCtx } from './context.ts';
import { type CommandHelp, helpText, overviewLines } from './help.ts';

/** One subcommand: its options, its help, and how its parsed arguments become a use-case call. */
export interface Sub {
  options: Options;
  /** How many positional arguments it takes (ids). */
  positionals?: number;
  help: CommandHelp;
  /** A reading, not an operator action: left out of the audit log, as GET /admin/v1/... is. */
  readOnly?: boolean;
  /**
   * Runs on the gateways' clock (the sandbox's manual one included) rather than this machine's:
   * what it reads depends on the time (the message search's key range, a kept idempotency key).
   */
  gatewayClock?: boolean;
  build(values: Values, positionals: string[]): (ctx: Ctx) => Promise<unknown>;
}

/** `omnigate <group> --help`: its subcommands as the overview lists them. */
export function groupHelp(group: string, subs: Record<string, Sub>): string {
  const lines = Object.values(subs).map((s) => overviewLines(s.help));
  return (
    `omnigate ${group} <subcommand> [options]\n\n${lines.join('')}\n` +
    `\`omnigate ${group} <subcommand> --help\` tells more of each.\n`
  );
}

/** The group's lines in the overview (`omnigate help`). */
export function groupUsage(subs: Record<string, Sub>): string {
  return Object.values(subs)
    .map((s) => overviewLines(s.help))
    .join('');
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

/**
 * `omnigate <group> <sub> ...`: the use case run on the configured database, its answer printed as
 * JSON; a refusal (GatewayError) or a mistake in the line is "error: ..." and exit 2. An operator
 * action is audited as those of /admin/v1 are, refused ones included.
 */
export function runGroup(group: string, subs: Record<string, Sub>): (args: string[]) => Promise<number> {
  return async ([sub, ...args]) => {
    if (sub === '--help' || sub === '-h') {
      process.stdout.write(groupHelp(group, subs));
      return 0;
    }
    try {
      const spec = sub === undefined ? undefined : subs[sub];
      if (!spec) {
        const known = Object.keys(subs).join(', ');
        const got = sub === undefined ? '' : ` (not "${sub}")`;
        throw new UsageError(`${group} needs a subcommand: ${known}${got} (omnigate ${group} --help)`);
      }
      const parsed = parseCommand(`${group} ${sub}`, args, spec.options, spec.positionals ?? 0);
      if (parsed.help) {
        process.stdout.write(helpText(spec.help));
        return 0;
      }
      const { values, positionals } = parsed;
      const call = spec.build(values, positionals);
      const clockOf = spec.gatewayClock
        ? (store: Store, config: Config) => gatewayClock(store, config.clock, config.sandbox)
        : undefined;
      const out = await withCtx(async (ctx) => {
        if (spec.readOnly) return call(ctx);
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
      }, clockOf);
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return 0;
    } catch (err) {
      if (err instanceof UsageError || err instanceof GatewayError) {
        process.stderr.write(`error: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
  };
}
