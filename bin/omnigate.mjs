#!/usr/bin/env node
// No build step between a clone and a run: the sources are bundled by esbuild at start into
// node_modules/.cache/omnigate/ (bin/bundle.mjs), or, where that cannot be written, run through
// tsx's loader. The bundle spares the gateway tsx's loader thread and the compile of each file at
// start: an idle gateway held 213 MB through tsx, 183 MB bundled (with the source map in a file
// of its own), and answers a second sooner after start.
import { join } from 'node:path';
import { bundled } from './bundle.mjs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
let entry = null;
// Only the gateway is bundled: a one-off command starts sooner through tsx (which compiles only
// the files it loads), and its memory is not kept.
if (process.argv[2] === 'serve') {
  try {
    entry = await bundled(join(import.meta.dirname, '..'), 'src/cli/main.ts', 'main');
  } catch (err) {
    process.stderr.write(`omnigate: could not bundle the sources (${err}); running them through tsx\n`);
  }
}
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import((entry ?? sources).href);
