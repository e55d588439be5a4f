// Bundles a TypeScript entry of the gateway into one ESM file, so that a process or thread runs
// plain JavaScript rather than its sources through tsx. Shared by bin/omnigate.mjs (the process)
// and src/engine/thread-bundle.ts (the engine's thread); plain JavaScript because it runs before
// any TypeScript can be loaded.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles `entry` by esbuild, packages left as imports, into
 * `node_modules/.cache/omnigate/<prefix>-<hash of the content>.mjs` (its source map beside it) and
 * answers its URL. `entry` is relative to the project's `root`, which is passed in because this
 * module is itself bundled into the gateway, where its own folder is the cache's. A file is written
 * once per content; bundles of earlier code under the same prefix are removed. Throws when it
 * cannot build or write (a read-only install): the caller then runs the sources through tsx.
 */
export async function bundled(root, entry, prefix) {
  // Beside the dependencies, so that the bundle's imports of packages resolve as the sources' do.
  const cache = join(root, 'node_modules', '.cache', 'omnigate');
  const out = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // In a file of its own, read only with NODE_OPTIONS=--enable-source-maps: inline, the map was
    // two thirds of the bundle's text, which V8 keeps in the heap (as two-byte characters, since
    // the sources hold Korean text) for the life of the process.
    sourcemap: 'linked',
    outfile: join(cache, `${prefix}.mjs`),
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles.find((f) => f.path.endsWith('.mjs'))?.text;
  const map = out.outputFiles.find((f) => f.path.endsWith('.map'))?.text;
  if (code === undefined || map === undefined) throw new Error('esbuild wrote nothing');
  const name = `${prefix}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  mkdirSync(cache, { recursive: true });
  const existing = readdirSync(cache);
  if (!existing.includes(name)) {
    // The map first: the bundle names it, and is written last so it is never there without it.
    writeAside(join(cache, `${name}.map`), map);
    writeAside(
      join(cache, name),
      code.replace(`sourceMappingURL=${prefix}.mjs.map`, `sourceMappingURL=${name}.map`),
    );
  }
  // A process that loaded an older bundle holds it in memory already.
  for (const f of existing) {
    const built = f.endsWith('.mjs') || f.endsWith('.mjs.map');
    if (built && f.startsWith(`${prefix}-`) && !f.startsWith(name)) rmSync(join(cache, f), { force: true });
  }
  return pathToFileURL(join(cache, name));
}

/** Written aside and renamed: two instances starting at once never load half a file. */
function writeAside(path, text) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
