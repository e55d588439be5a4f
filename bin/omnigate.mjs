#!/usr/bin/env node
// The `omnigate` command: runs the build in dist/ (scripts/build.mjs, which `npm ci` runs through
// `prepare`, and which the packed package carries), plain JavaScript with no loader and nothing
// written at start.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist', 'cli.mjs');
if (!existsSync(entry)) {
  process.stderr.write('omnigate: not built (no dist/cli.mjs): run `npm run build` in the project folder\n');
  process.exit(1);
}
// In a checkout (the package has no src/), a source edited after the build would silently not
// run: say so. A walk of a few hundred names, a few milliseconds.
if (existsSync(join(root, 'src'))) {
  const built = statSync(entry).mtimeMs;
  const newer = (dir) =>
    readdirSync(dir, { withFileTypes: true }).some((d) =>
      d.isDirectory() ? newer(join(dir, d.name)) : statSync(join(dir, d.name)).mtimeMs > built,
    );
  if (newer(join(root, 'src')) || newer(join(root, 'console', 'src'))) {
    process.stderr.write(
      'omnigate: the sources changed since the last build: run `npm run build` to run them\n',
    );
  }
}
await import(pathToFileURL(entry).href);
