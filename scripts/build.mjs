#!/usr/bin/env node
// The production build (`npm run build`, run by `npm ci` through `prepare`, and by the test runner
// before each run): the gateway's TypeScript and the console compiled once into dist/, so that
// `npm start`, every CLI command and an installed package run plain JavaScript, with no tsx, no
// esbuild and nothing written at run time. Plain JavaScript itself: it runs before any TypeScript
// can be loaded.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');

/**
 * The console's script and style, as esbuild bundles them (minified, Preact's JSX), in memory.
 * Shared by this build (which writes them under dist/console/) and by the gateway run from its
 * sources in tests (src/features/console/bundle.ts), so that both serve the same bytes.
 */
export async function consoleOutput(root = ROOT) {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [join(root, 'console', 'src', 'main.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: '/console-out',
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const files = [];
  for (const f of out.outputFiles) {
    const ext = f.path.endsWith('.css') ? 'css' : f.path.endsWith('.js') ? 'js' : null;
    if (!ext) continue;
    const body = Buffer.from(f.contents);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    files.push({ name: `app-${hash}.${ext}`, ext, body });
  }
  return files;
}

async function buildServer(outdir) {
  const { build } = await import('esbuild');
  await build({
    // The CLI (which loads the HTTP stack only for `serve`) and the engine's thread: split, so
    // the code both use is one chunk, and a one-off command loads none of the server's.
    entryPoints: {
      cli: join(ROOT, 'src', 'cli', 'main.ts'),
      'engine-thread': join(ROOT, 'src', 'engine-thread.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The dependencies stay imports, resolved from node_modules as the sources resolve them.
    packages: 'external',
    // What the sources ask to know whether they run compiled (src/build-mode.ts).
    define: { __OMNIGATE_BUILT__: 'true' },
    // In files of their own, read only with NODE_OPTIONS=--enable-source-maps: inline, a map was
    // two thirds of the text, which V8 keeps in the heap for the life of the process.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

async function main() {
  const started = performance.now();
  const dist = join(ROOT, 'dist');
  // Built aside and renamed into place: a gateway starting meanwhile loads the old build or the
  // new one, never half of one.
  const next = join(ROOT, `.dist-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  try {
    await buildServer(next);
    const consoleDir = join(next, 'console');
    mkdirSync(consoleDir, { recursive: true });
    const manifest = {};
    for (const f of await consoleOutput()) {
      writeFileSync(join(consoleDir, f.name), f.body);
      manifest[f.ext] = f.name;
    }
    writeFileSync(join(consoleDir, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
    const old = join(ROOT, `.dist-old-${process.pid}`);
    try {
      renameSync(dist, old);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
    renameSync(next, dist);
    rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(next, { recursive: true, force: true });
    if (err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes("'esbuild'")) {
      console.error(
        'omnigate build: esbuild is not installed (a production install has no dev dependencies). ' +
          'Build where they are (npm ci), or install the packed package (npm pack), which holds dist/.',
      );
      process.exit(1);
    }
    throw err;
  }
  if (!process.argv.includes('--quiet')) {
    console.log(`omnigate: built dist/ in ${Math.round(performance.now() - started)} ms`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
