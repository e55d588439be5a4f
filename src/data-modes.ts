import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the gateway creates under its data folder is its own: message texts and numbers (the
 * SQLite database and its WAL), uploaded files, the admin token, the master key. Folders 0700,
 * files 0600, whatever the umask (docs/security.md#files-on-disk).
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/**
 * The paths under the data folder that other users of the machine can read or enter: the folder,
 * what it holds, and what its folders hold one level down (uploads' folders, not each upload), and
 * the SQLite database wherever it is. For the start-up warning.
 */
export function widerThanPrivate(dataDir: string, extra: readonly string[] = []): string[] {
  const wide: string[] = [];
  const look = (path: string, depth: number) => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(path);
    } catch {
      return;
    }
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) wide.push(path);
    if (st.isDirectory() && depth > 0) {
      let names: string[];
      try {
        names = readdirSync(path);
      } catch {
        return;
      }
      for (const n of names) look(join(path, n), depth - 1);
    }
  };
  look(dataDir, 2);
  for (const p of extra) if (!wide.includes(p)) look(p, 0);
  return wide;
}
