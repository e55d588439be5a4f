import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILT } from '../../build-mode.ts';
import { ROOT } from '../../root.ts';

/** Where the console's source lives (a client of the public APIs, in a folder of its own). */
export const CONSOLE_SOURCE = join(ROOT, 'console', 'src');

export interface Asset {
  /** Content-addressed: the name changes with the content, so browsers may keep it for good. */
  name: string;
  type: string;
  body: Buffer;
}

export interface ConsoleBundle {
  readonly assets: ReadonlyMap<string, Asset>;
  readonly script: string;
  readonly style: string;
  /** How long the bundling took (the start-up log says it). */
  readonly buildMs: number;
}

let pending: Promise<ConsoleBundle> | null = null;

/**
 * The console's script and style. Compiled (dist/), they are the files the build wrote under
 * dist/console/, read once; from the sources (the tests), esbuild bundles them in memory, as the
 * build does (scripts/build.mjs), the first time they are asked for. main.ts asks at start, so the
 * first page is quick. A failed load is not kept: the next request tries again.
 */
export function consoleBundle(): Promise<ConsoleBundle> {
  if (!pending) {
    pending = (BUILT ? fromBuild() : fromSources()).catch((err: unknown) => {
      pending = null;
      throw err;
    });
  }
  return pending;
}

interface Output {
  name: string;
  ext: 'js' | 'css';
  body: Buffer;
}

async function fromBuild(): Promise<ConsoleBundle> {
  const started = performance.now();
  const dir = join(ROOT, 'dist', 'console');
  const manifest: { js?: string; css?: string } = JSON.parse(
    await readFile(join(dir, 'manifest.json'), 'utf8'),
  );
  const files: Output[] = [];
  for (const ext of ['js', 'css'] as const) {
    const name = manifest[ext];
    if (name) files.push({ name, ext, body: await readFile(join(dir, name)) });
  }
  return toBundle(files, started);
}

async function fromSources(): Promise<ConsoleBundle> {
  const started = performance.now();
  // A path esbuild cannot follow: the build leaves esbuild and its own script out of dist/.
  const build: typeof import('../../../scripts/build.mjs') = await import(
    pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href
  );
  const { consoleOutput } = build;
  return toBundle(await consoleOutput(ROOT), started);
}

function toBundle(files: readonly Output[], started: number): ConsoleBundle {
  const assets = new Map<string, Asset>();
  let script = '';
  let style = '';
  for (const f of files) {
    assets.set(f.name, {
      name: f.name,
      type: f.ext === 'css' ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      body: f.body,
    });
    if (f.ext === 'css') style = f.name;
    else script = f.name;
  }
  assets.set(FAVICON.name, FAVICON);
  return { assets, script, style, buildMs: Math.round(performance.now() - started) };
}

const FAVICON: Asset = {
  name: 'favicon.svg',
  type: 'image/svg+xml',
  body: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M9 16a7 7 0 1 0 14 0a7 7 0 1 0-14 0" fill="none" stroke="#fff" stroke-width="3.5"/></svg>',
  ),
};
