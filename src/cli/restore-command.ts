import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Config, loadConfig } from '../config.ts';
import { decodeSecretKey } from '../crypto/key-text.ts';
import { masterKey, resolveMasterKeys, SECRET_KEY_FILE } from '../crypto/master-key.ts';
import { PRIVATE_DIR, PRIVATE_FILE } from '../data-modes.ts';
import { MIGRATIONS } from '../store/schema/migrations/index.ts';
import { parseCommand, UsageError } from './args.ts';
import { type CommandHelp, helpText } from './help.ts';
import { runningGateways } from './running-gateways.ts';
import {
  appliedMigrations,
  type DatabaseFacts,
  databaseFacts,
  fileStamp,
  fsyncDir,
  fsyncFile,
  looksLikeSqlite,
  migrationMisfit,
  settleCopy,
  sqliteFileOf,
} from './sqlite-file.ts';

export const RESTORE_HELP: CommandHelp = {
  usage: 'restore FILE',
  summary: 'put a backup in place of the SQLite database',
  about:
    'Checks FILE first: a SQLite database that passes integrity_check, made by Omnigate (its\n' +
    'omnigate_migrations table), by this release or an earlier one (never a newer: migrations only\n' +
    'go forward), whose secrets open with the master key this data folder holds (OMNIGATE_SECRET_KEY\n' +
    "or its secret-key file: copy the backed-up gateway's there first). Refuses while a gateway\n" +
    'serves on the data folder (stop them all first). Then replaces the database in one rename:\n' +
    'the backup copied beside it, the current database kept as <db>.before-restore-<time> and its\n' +
    'stale -wal and -shm removed. A backup of an earlier release is migrated at the next start.\n' +
    'The data folder is made when there is none (a restore on a new machine).\n' +
    '\n' +
    'PostgreSQL: use pg_restore (docs/operations.md, "Backups"); this command says so and exits 2.',
  examples: ['omnigate restore /var/backups/omnigate/omnigate-20261202.db'],
};

/** The ids of the master keys this data folder's gateways will hold, without making one. */
function heldMasterKeys(config: Config): string[] {
  const previous = config.previousSecretKeys.flatMap((raw) => {
    const key = decodeSecretKey(raw);
    return key ? [masterKey(key).id] : [];
  });
  if (!config.secretKey && !existsSync(join(config.dataDir, SECRET_KEY_FILE))) return previous;
  const keys = resolveMasterKeys(config);
  return [keys.current.id, ...keys.previous.map((k) => k.id)];
}

/** Why the checked copy cannot be put in place, or null. */
function refusal(file: string, facts: DatabaseFacts, config: Config): string | null {
  const misfit = migrationMisfit(facts.migrations);
  if (misfit) return `${file}: ${misfit}`;
  const held = heldMasterKeys(config);
  const missing = facts.masterKeys.filter((id) => !held.includes(id));
  if (missing.length === 0) return null;
  const place = config.secretKey ? 'OMNIGATE_SECRET_KEY' : join(config.dataDir, SECRET_KEY_FILE);
  const has = held.length === 0 ? `there is no ${place}` : `${place} is master key ${held[0]}`;
  return (
    `${file}: its stored secrets are sealed under master key ${missing.join(', ')}, and ${has}; ` +
    `put the secret-key of the gateway the backup was taken from in ${config.dataDir} (mode 0600) ` +
    'or set OMNIGATE_SECRET_KEY to it, then restore again'
  );
}

/** The copy checked whole, then read: what restore puts in place. */
function checkedCopy(aside: string, source: string): DatabaseFacts {
  const copy = new SQLite(aside, { fileMustExist: true });
  try {
    const problem = settleCopy(copy, 'integrity_check');
    if (problem) throw new UsageError(`${source} failed SQLite's integrity_check: ${problem}`);
    if (appliedMigrations(copy) === null) {
      throw new UsageError(`${source} is not an Omnigate database (it has no omnigate_migrations table)`);
    }
    return databaseFacts(copy);
  } finally {
    copy.close();
  }
}

/**
 * `omnigate restore FILE`: the backup checked on a copy beside the database (the file given is
 * never opened for writing), then renamed over it. The previous database is made whole first (its
 * WAL checkpointed into it) and kept under a second name, a link to the same file.
 */
export async function restoreCommand(args: string[]): Promise<number> {
  const parsed = parseCommand('restore', args, {}, 1);
  if (parsed.help) {
    process.stdout.write(helpText(RESTORE_HELP));
    return 0;
  }
  const config = loadConfig();
  const target = resolve(sqliteFileOf(config, 'restore'));
  const source = resolve(parsed.positionals[0] ?? '');
  if (!existsSync(source) || !statSync(source).isFile()) throw new UsageError(`${source}: no such file`);
  if ([target, `${target}-wal`, `${target}-shm`].includes(source)) {
    throw new UsageError(`${source} is the database itself: give a backup`);
  }
  if (!looksLikeSqlite(source)) throw new UsageError(`${source} is not a SQLite database`);
  if (existsSync(`${source}-wal`) && statSync(`${source}-wal`).size > 0) {
    throw new UsageError(
      `${source} has a write-ahead log beside it (${source}-wal): it is a database in use, not a backup; ` +
        'take one with `omnigate backup`',
    );
  }
  const running = runningGateways(config.dataDir);
  if (running.length > 0) {
    const list = running.map((g) => `pid ${g.pid} on ${g.host} (${g.file})`).join(', ');
    throw new UsageError(
      `a gateway serves on ${config.dataDir}: ${list}; stop every gateway of this database first ` +
        '(a file left by one that is gone can be removed)',
    );
  }

  mkdirSync(dirname(target), { recursive: true, mode: PRIVATE_DIR });
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR });
  const aside = `${target}.restore-${process.pid}.tmp`;
  try {
    copyFileSync(source, aside, constants.COPYFILE_EXCL);
    chmodSync(aside, PRIVATE_FILE);
    let facts: DatabaseFacts;
    try {
      facts = checkedCopy(aside, source);
    } catch (err) {
      // A page SQLite cannot read at all throws rather than being listed by the check.
      if (err instanceof SQLite.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(err.code)) {
        throw new UsageError(`${source} failed SQLite's integrity_check: ${err.message}`);
      }
      throw err;
    }
    const refused = refusal(source, facts, config);
    if (refused) throw new UsageError(refused);
    fsyncFile(aside);

    let previous: string | null = null;
    if (existsSync(target)) {
      // Whole on its own before it is kept: what its WAL holds moved into it (the last close of a
      // WAL database checkpoints it and removes the log).
      const current = new SQLite(target, { fileMustExist: true, timeout: 5000 });
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.close();
      previous = `${target}.before-restore-${fileStamp(Date.now())}`;
      linkSync(target, previous);
    }
    // What is left of the old database's log and index would be read as the new one's.
    for (const end of ['-wal', '-shm', '-journal']) {
      if (existsSync(`${target}${end}`)) unlinkSync(`${target}${end}`);
    }
    renameSync(aside, target);
    fsyncDir(target);
    const known = MIGRATIONS.length;
    const out = {
      restored: target,
      from: source,
      bytes: statSync(target).size,
      migration: facts.migrations[facts.migrations.length - 1] ?? null,
      migrations: facts.migrations.length,
      // Applied by the next start (or `omnigate migrate`): a backup of an earlier release.
      pendingMigrations: known - facts.migrations.length,
      tables: facts.tables,
      masterKeys: facts.masterKeys,
      previous,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } finally {
    for (const end of ['', '-journal', '-wal', '-shm']) {
      if (existsSync(`${aside}${end}`)) unlinkSync(`${aside}${end}`);
    }
  }
}
