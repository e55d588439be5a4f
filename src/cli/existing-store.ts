import { type Config, ConfigError } from '../config.ts';
import { NoDatabaseError, openStore, type Store } from '../store/db/database.ts';

/** A DATABASE_URL as it may be printed: a password in it masked. */
export function shownDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password === '') return url;
    u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Where the configuration looks for the database, and which variables sent it there. */
export function databasePlace(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  const where = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : shownDatabaseUrl(config.databaseUrl);
  const dataDir = env.OMNIGATE_DATA_DIR
    ? `OMNIGATE_DATA_DIR=${env.OMNIGATE_DATA_DIR}`
    : 'OMNIGATE_DATA_DIR unset: ./data';
  const url = env.DATABASE_URL ? `DATABASE_URL=${shownDatabaseUrl(env.DATABASE_URL)}` : 'DATABASE_URL unset';
  return `${where} (${dataDir}; ${url})`;
}

/**
 * The database of the operator commands: one a gateway made. Run in the wrong folder, a command
 * used to create an empty ./data and answer as if the gateway had no accounts; it now says where
 * it looked. Only `serve`, `migrate` and `restore` create one.
 */
export async function openExistingStore(config: Config): Promise<Store> {
  try {
    return await openStore(config.databaseUrl, { preparedStatements: config.pgPrepared, mustExist: true });
  } catch (err) {
    if (err instanceof NoDatabaseError) throw noDatabase(config, err.why);
    throw err;
  }
}

/** The refusal of a command that found no database a gateway made (exit 2, as a ConfigError). */
export function noDatabase(config: Config, why: NoDatabaseError['why']): ConfigError {
  const what = why === 'no file' ? '' : ' (it has no omnigate_migrations table)';
  return new ConfigError(
    `no Omnigate database at ${databasePlace(config)}${what}; start the gateway once with ` +
      '`omnigate serve` (or run `omnigate migrate`) there, or set OMNIGATE_DATA_DIR (or DATABASE_URL) ' +
      "to the gateway's",
  );
}
