import { loadConfig } from '../config.ts';
import { openStore } from '../store/db/database.ts';
import { parseCommand } from './args.ts';
import { type CommandHelp, helpText } from './help.ts';
import { markServing } from './running-gateways.ts';

export const SERVE_HELP: CommandHelp = {
  usage: 'serve [--port N] [--host H] [--role api|worker|all]',
  summary: 'run the gateway (npm start)',
  about:
    'Serves the client API, the operator API, the console and the sandbox, and runs the workers.\n' +
    'Makes the data folder (OMNIGATE_DATA_DIR, default ./data), the SQLite database and its key and\n' +
    'token files at the first start, and applies pending migrations. The first SIGTERM or SIGINT\n' +
    'stops gracefully; a second one exits at once. While it runs, a file serve-<pid>.pid in the\n' +
    'data folder says so (`omnigate restore` refuses while one is there).',
  options: [
    ['--port N', 'the port (default: PORT, else 8080; 0: any free one)'],
    ['--host H', 'the address to listen on (default: HOST, else 127.0.0.1)'],
    [
      '--role api|worker|all',
      'api: HTTP only; worker: background work only; all: both\n(default: OMNIGATE_ROLE, else all)',
    ],
  ],
  examples: [
    'omnigate serve',
    'OMNIGATE_DATA_DIR=/var/lib/omnigate omnigate serve --host 0.0.0.0 --port 8080',
  ],
};

export const MIGRATE_HELP: CommandHelp = {
  usage: 'migrate',
  summary: 'apply database migrations and exit',
  about:
    'Brings the database up to this release: the pending numbered migrations, each in its own\n' +
    'transaction, forward only. Makes the database (and the data folder) when there is none, as\n' +
    '`serve` does. Instances applying them at once take turns. Prints the migrations applied, or\n' +
    '"database is up to date".',
  examples: ['omnigate migrate', 'DATABASE_URL=postgres://omnigate@db.internal/omnigate omnigate migrate'],
};

/** `omnigate serve`: keeps running until stopped (the answer -1 leaves the exit code alone). */
export async function serveCommand(args: string[]): Promise<number> {
  const parsed = parseCommand('serve', args, {
    port: { type: 'string' },
    host: { type: 'string' },
    role: { type: 'string' },
  });
  if (parsed.help) {
    process.stdout.write(helpText(SERVE_HELP));
    return 0;
  }
  const { values } = parsed;
  const overrides: Record<string, string> = {};
  if (typeof values.port === 'string') overrides.PORT = values.port;
  if (typeof values.host === 'string') overrides.HOST = values.host;
  if (typeof values.role === 'string') overrides.OMNIGATE_ROLE = values.role;
  const config = loadConfig(process.env, overrides);
  // Loaded only here: the HTTP stack is a second of start-up that operator commands do not need.
  const { serve } = await import('../main.ts');
  markServing(config.dataDir);
  await serve(config);
  return -1;
}

export async function migrateCommand(args: string[]): Promise<number> {
  if (parseCommand('migrate', args, {}).help) {
    process.stdout.write(helpText(MIGRATE_HELP));
    return 0;
  }
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
