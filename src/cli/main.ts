import { ConfigError } from '../config.ts';
import { ConnectorConfigError } from '../connectors/config.ts';
import { GatewayError } from '../errors.ts';
import { ADMIN_COMMANDS, ADMIN_USAGE } from './admin-commands.ts';
import { UsageError } from './args.ts';
import { BACKUP_HELP, backupCommand } from './backup-command.ts';
import { DEMO_USAGE, demoCommand } from './demo-command.ts';
import { overviewLines } from './help.ts';
import { PURGE_USAGE, purgeCommand } from './purge-command.ts';
import { RESTORE_HELP, restoreCommand } from './restore-command.ts';
import { MIGRATE_HELP, migrateCommand, SERVE_HELP, serveCommand } from './serve-command.ts';

const USAGE = `omnigate <command> [options]

${overviewLines(SERVE_HELP)}${overviewLines(MIGRATE_HELP)}${overviewLines(BACKUP_HELP)}${overviewLines(RESTORE_HELP)}${PURGE_USAGE}${DEMO_USAGE}${ADMIN_USAGE}
\`omnigate <command> --help\` (or \`omnigate help <command>\`) tells what a command does, its options and an example.
Configuration comes from the environment (docs/operations.md): DATABASE_URL, OMNIGATE_DATA_DIR, ...
`;

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  serve: serveCommand,
  migrate: migrateCommand,
  backup: backupCommand,
  restore: restoreCommand,
  purge: purgeCommand,
  ...ADMIN_COMMANDS,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  // `omnigate help accounts create` is `omnigate accounts create --help`.
  if (command === 'help') return rest.length === 0 ? main(['--help']) : main([...rest, '--help']);
  if (command === 'demo') return demoCommand(rest);
  const run = COMMANDS[command];
  if (run) return run(rest);
  process.stderr.write(`error: unknown command: ${command} (omnigate --help lists them)\n`);
  return 2;
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      err instanceof ConnectorConfigError ||
      err instanceof GatewayError
    ) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      const command = argv[0] ?? '';
      process.stderr.write(`error: ${err.message.replace(/\s*\n\s*/g, ' ')} (omnigate ${command} --help)\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
