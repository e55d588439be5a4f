import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build } from 'esbuild';
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
 * The console's script and style, bundled in memory by esbuild the first time they are asked
 * for (main.ts asks at start, so the first page is quick). Bundling in the process keeps the
 * README's two commands whole: like the server's own TypeScript (run through tsx), the console
 * needs no build step between a clone and a run. A failed bundle is not kept: the next request
 * tries again.
 */
export function consoleBundle(): Promise<ConsoleBundle> {
  if (!pending) {
    pending = bundle().catch((err: unknown) => {
      pending = null;
      throw err;
    });
  }
  return pending;
}

async function bundle(): Promise<ConsoleBundle> {
  const started = performance.now();
  const out = await build({
    entryPoints: [join(CONSOLE_SOURCE, 'main.tsx')],
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
  const assets = new Map<string, Asset>();
  let script = '';
  let style = '';
  for (const f of out.outputFiles) {
    const ext = f.path.endsWith('.css') ? 'css' : f.path.endsWith('.js') ? 'js' : null;
    if (!ext) continue;
    const body = Buffer.from(f.contents);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const name = `app-${hash}.${ext}`;
    assets.set(name, {
      name,
      type: ext === 'css' ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      body,
    });
    if (ext === 'css') style = name;
    else script = name;
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
