import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { isoKst } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { SECRET_KEY_FILE } from '../crypto/master-key.ts';
import { PRIVATE_FILE } from '../data-modes.ts';
import { parseCommand, UsageError } from './args.ts';
import { noDatabase } from './existing-store.ts';
import { type CommandHelp, helpText } from './help.ts';
import {
  appliedMigrations,
  databaseFacts,
  fsyncDir,
  fsyncFile,
  settleCopy,
  sqliteFileOf,
} from './sqlite-file.ts';

export const BACKUP_HELP: CommandHelp = {
  usage: 'backup FILE [--force]',
  summary: 'a consistent copy of the SQLite database, online',
  about:
    "Copies the database through SQLite's online backup API in one read transaction: a snapshot of\n" +
    'one moment, taken beside running gateways, which go on serving (readers do not block the\n' +
    'writer in WAL mode). The copy is written beside FILE, checked (quick_check), made a file of its\n' +
    'own (no -wal beside it) and renamed into place, mode 0600. Prints what it wrote: the path,\n' +
    'its bytes, its migration level and the rows of each table.\n' +
    '\n' +
    'The copy holds no key: the stored secrets (webhook secrets, ...) are sealed under the master\n' +
    "key, OMNIGATE_SECRET_KEY or the data folder's secret-key file. Keep that key too, apart from\n" +
    'the backups (a backup and its key together open every secret); a restore needs it.\n' +
    '\n' +
    'PostgreSQL: use pg_dump (docs/operations.md, "Backups"); this command says so and exits 2.',
  options: [['--force', 'replace FILE if it exists (default: refuse)']],
  examples: ['omnigate backup /var/backups/omnigate/omnigate-$(date +%Y%m%d).db'],
};

/** Pages per step: all of them, so that the copy is one snapshot (a step of some restarts on each write). */
const ALL_PAGES = 0x7fffffff;

/** Waiting for a lock while opening (WAL recovery): the command is a process of its own. */
const BUSY_MS = 5000;

/**
 * `omnigate backup FILE`: the serving database copied through better-sqlite3's db.backup(). With
 * the default 100 pages a step, SQLite starts the copy again whenever another connection writes
 * between steps, which a busy gateway does all the time; one step copies every page inside one
 * read transaction, which in WAL mode holds up no writer.
 */
export async function backupCommand(args: string[]): Promise<number> {
  const parsed = parseCommand('backup', args, { force: { type: 'boolean' } }, 1);
  if (parsed.help) {
    process.stdout.write(helpText(BACKUP_HELP));
    return 0;
  }
  const config = loadConfig();
  const source = resolve(sqliteFileOf(config, 'backup'));
  const target = resolve(parsed.positionals[0] ?? '');
  const force = parsed.values.force === true;
  if (!existsSync(source)) throw noDatabase(config, 'no file');
  if ([source, `${source}-wal`, `${source}-shm`].includes(target)) {
    throw new UsageError(`${target} is the database itself: give another file`);
  }
  if (existsSync(target) && !force) {
    throw new UsageError(`${target} exists: refusing to overwrite it (--force replaces it)`);
  }
  if (!existsSync(dirname(target))) throw new UsageError(`the folder ${dirname(target)} does not exist`);

  const aside = join(dirname(target), `.${target.slice(dirname(target).length + 1)}.${process.pid}.tmp`);
  const takenAt = Date.now();
  try {
    // Made 0600 before SQLite writes it (SQLite keeps a file's mode, and gives its journal the same).
    closeSync(openSync(aside, 'wx', PRIVATE_FILE));
    chmodSync(aside, PRIVATE_FILE);
    const db = new SQLite(source, { fileMustExist: true, timeout: BUSY_MS });
    try {
      if (appliedMigrations(db) === null) throw noDatabase(config, 'no migrations table');
      await db.backup(aside, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const copy = new SQLite(aside, { fileMustExist: true });
    let facts: ReturnType<typeof databaseFacts>;
    try {
      const problem = settleCopy(copy, 'quick_check');
      if (problem) throw new Error(`the copy failed SQLite's quick_check: ${problem}`);
      facts = databaseFacts(copy);
    } finally {
      copy.close();
    }
    fsyncFile(aside);
    if (force) renameSync(aside, target);
    else {
      // A link fails where a file appeared meanwhile: never an overwrite without --force.
      try {
        linkSync(aside, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new UsageError(`${target} exists: refusing to overwrite it (--force replaces it)`);
        }
        throw err;
      }
      unlinkSync(aside);
    }
    fsyncDir(target);
    const keyPlace = config.secretKey ? 'OMNIGATE_SECRET_KEY' : join(config.dataDir, SECRET_KEY_FILE);
    const out = {
      file: target,
      bytes: statSync(target).size,
      database: source,
      takenAt: isoKst(takenAt, true),
      migration: facts.migrations[facts.migrations.length - 1] ?? null,
      migrations: facts.migrations.length,
      tables: facts.tables,
      masterKeys: facts.masterKeys,
      secrets:
        facts.masterKeys.length === 0
          ? 'no secret is stored sealed: the copy needs no key'
          : `the stored secrets are sealed under master key ${facts.masterKeys.join(', ')}, which the copy ` +
            `does not hold: keep ${keyPlace} as well (apart from the backups); a restore needs it`,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } finally {
    if (existsSync(aside)) unlinkSync(aside);
    for (const end of ['-journal', '-wal', '-shm'])
      if (existsSync(`${aside}${end}`)) unlinkSync(`${aside}${end}`);
  }
}
