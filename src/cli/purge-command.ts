import { isoKst } from '../clock.ts';
import { type PurgeResult, purge } from '../engine/purge.ts';
import { insertAudit } from '../store/accounts/audit.ts';
import { parseCommand } from './args.ts';
import { cliUser, gatewayClock, withCtx } from './context.ts';
import { type CommandHelp, helpText, overviewLines } from './help.ts';

const PURGE_HELP: CommandHelp = {
  usage: 'purge [--dry-run]',
  summary: "delete now what is past its age (the hourly job's work)",
  about:
    "Deletes every record older than its kind's age (OMNIGATE_RETENTION_*_DAYS: messages, reports,\n" +
    'uploads, MO, audit, ...), all of it at once, beside running gateways (their hourly job and this\n' +
    'command delete the same rows harmlessly). Ages count to the gateway clock the database keeps.\n' +
    'Prints per kind its age in days, the time before which records go (ISO 8601) and the rows and\n' +
    'files deleted. A purge is audited; a dry run is not.',
  options: [['--dry-run', 'print what would go; delete nothing']],
  examples: ['omnigate purge --dry-run', 'omnigate purge'],
};

export const PURGE_USAGE = overviewLines(PURGE_HELP);

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
  const parsed = parseCommand('purge', args, { 'dry-run': { type: 'boolean' } });
  if (parsed.help) {
    process.stdout.write(helpText(PURGE_HELP));
    return 0;
  }
  const { values } = parsed;
  const dryRun = values['dry-run'] === true;
  return withCtx(
    async (ctx) => {
      const record = (status: number) =>
        insertAudit(ctx.store, {
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
    },
    // Ages count to the gateway clock the database keeps (the sandbox's manual one included).
    (store, config) => gatewayClock(store, config.clock, config.sandbox),
  );
}
