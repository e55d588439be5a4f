import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { PRIVATE_DIR } from '../../data-modes.ts';
import { generateSecret } from '../../rules/api-key.ts';

export const ADMIN_TOKEN_FILE = 'admin-token';

/**
 * The operator token: OMNIGATE_ADMIN_TOKEN when set; otherwise the one kept in the data
 * directory, generated (and reported as new, to be printed once) at the first start.
 */
export function resolveAdminToken(config: Config): { token: string; generated: boolean } {
  if (config.adminToken) return { token: config.adminToken, generated: false };
  const file = join(config.dataDir, ADMIN_TOKEN_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return { token: kept, generated: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR });
  const token = generateSecret();
  // wx: if another process created it first, keep theirs.
  try {
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      return { token: readFileSync(file, 'utf8').trim(), generated: false };
    }
    throw err;
  }
  return { token, generated: true };
}
