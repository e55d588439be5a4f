import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { ConnectorConfigError } from '../connectors/config.ts';
import { GatewayError } from '../errors.ts';
import { openStore } from '../store/db/database.ts';
import { ADMIN_COMMANDS, ADMIN_USAGE } from './admin-commands.ts';
import { PURGE_USAGE, purgeCommand } from './purge-command.ts';

const USAGE = `omnigate <command> [options]

  serve [--port N] [--host H] [--role api|worker|all]   run the gateway (npm start)
  migrate                                               apply database migrations and exit
${PURGE_USAGE}${ADMIN_USAGE}
Configuration comes from the environment (see README.md): DATABASE_URL, OMNIGATE_DATA_DIR, ...
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'serve') {
    const { values } = parseArgs({
      args: rest,
      options: { port: { type: 'string' }, host: { type: 'string' }, role: { type: 'string' } },
    });
    const overrides: Record<string, string> = {};
    if (values.port) overrides.PORT = values.port;
    if (values.host) overrides.HOST = values.host;
    if (values.role) overrides.OMNIGATE_ROLE = values.role;
    // Loaded only here: the HTTP stack is a second of start-up that operator commands do not need.
    const { serve } = await import('../main.ts');
    await serve(loadConfig(process.env, overrides));
    return -1; // keeps running
  }
  if (command === 'migrate') {
    const config = loadConfig();
    const store = await openStore(config.databaseUrl, { preparedStatements: config.pgPrepared });
    try {
      const applied = await store.migrate();
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    } finally {
      await store.close();
    }
    return 0;
  }
  if (command === 'purge') return purgeCommand(rest);
  const admin = ADMIN_COMMANDS[command];
  if (admin) return admin(rest);
  process.stderr.write(`unknown command: ${command}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof ConnectorConfigError || err instanceof GatewayError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
