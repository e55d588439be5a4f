import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root folder (where package.json names `omnigate`), found by walking up from this
 * module. The gateway runs either from its sources (`src/`) or from a bundle of them under
 * `node_modules/.cache/omnigate/` (bin/bundle.mjs), so a path written relative to one module's
 * folder would be right in only one of the two.
 */
function findRoot(from: string): string {
  for (let dir = from; ; ) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && /"name":\s*"omnigate"/.test(readFileSync(pkg, 'utf8'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`no omnigate package.json above ${from}`);
    dir = up;
  }
}

export const ROOT = findRoot(import.meta.dirname);
