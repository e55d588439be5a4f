import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import { PRIVATE_DIR } from '../data-modes.ts';
import { decodeSecretKey, SECRET_KEY_FORMAT } from './key-text.ts';
import { type BoxKey, hmacHex, KEY_BYTES } from './secret-box.ts';

export const SECRET_KEY_FILE = 'secret-key';

/**
 * The master keys of this process: `current` wraps the data keys made here (src/crypto/keyring.ts);
 * `previous` only opens data keys wrapped before a change of master key.
 */
export interface MasterKeys {
  readonly current: BoxKey;
  readonly previous: readonly BoxKey[];
  /** Where the current key came from: the environment, or the data directory's key file. */
  readonly source: 'env' | 'file';
  /** True when this start wrote the key file (say so: it must be backed up with the database). */
  readonly generated: boolean;
  readonly file: string;
}

/**
 * The id a master key is named by in the data keys it wraps: `m` and 16 hex digits of an HMAC
 * under the key itself. It tells keys apart (which key does this database want?) and gives
 * nothing of the key away.
 */
export function masterKeyId(key: Buffer): string {
  return `m${hmacHex(key, 'omnigate master key id').slice(0, 16)}`;
}

export function masterKey(key: Buffer): BoxKey {
  return { id: masterKeyId(key), key };
}

function decodeFile(file: string, text: string): Buffer {
  const key = decodeSecretKey(text);
  if (!key) throw new ConfigError(`${file} must hold ${SECRET_KEY_FORMAT}`);
  return key;
}

/**
 * OMNIGATE_SECRET_KEY when set (checked by loadConfig); otherwise the key kept in the data
 * directory, generated at the first start like the admin token: 32 random bytes in hex, mode
 * 0600, never printed. With several instances on one PostgreSQL each would make its own, so they
 * need OMNIGATE_SECRET_KEY (the keyring refuses to start under a key that opens none of its data
 * keys).
 */
export function resolveMasterKeys(config: Config): MasterKeys {
  const file = join(config.dataDir, SECRET_KEY_FILE);
  const previous = config.previousSecretKeys.map((raw) => {
    const key = decodeSecretKey(raw);
    if (!key) throw new ConfigError(`OMNIGATE_SECRET_KEY_PREVIOUS must hold ${SECRET_KEY_FORMAT}`);
    return masterKey(key);
  });
  if (config.secretKey) {
    const key = decodeSecretKey(config.secretKey);
    if (!key) throw new ConfigError(`OMNIGATE_SECRET_KEY must be ${SECRET_KEY_FORMAT}`);
    return { current: masterKey(key), previous, source: 'env', generated: false, file };
  }
  try {
    const kept = readFileSync(file, 'utf8');
    return { current: masterKey(decodeFile(file, kept)), previous, source: 'file', generated: false, file };
  } catch (err) {
    if (err instanceof ConfigError || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR });
  const key = randomBytes(KEY_BYTES);
  // Written whole under a name of its own, then linked into place: another process starting at
  // the same time (the engine's thread, a CLI command) never reads a half-written file, and if it
  // linked its own first, that one is kept.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return {
      current: masterKey(decodeFile(file, readFileSync(file, 'utf8'))),
      previous,
      source: 'file',
      generated: false,
      file,
    };
  } finally {
    unlinkSync(tmp);
  }
  return { current: masterKey(key), previous, source: 'file', generated: true, file };
}

/** The key file's permission bits (tests, and a warning when others may read it). */
export function keyFileMode(file: string): number {
  return statSync(file).mode & 0o777;
}
