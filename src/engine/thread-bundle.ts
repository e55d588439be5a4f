import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILT } from '../build-mode.ts';
import { ROOT } from '../root.ts';

/**
 * The engine thread's entry. Compiled, it is the build's dist/engine-thread.mjs, which shares its
 * chunks with the CLI's. From the sources (a gateway started through tsx by hand), a small entry
 * registers tsx in the thread first; the tests and `npm start` run the build.
 */
export function engineThreadEntry(): URL {
  return pathToFileURL(
    BUILT ? join(ROOT, 'dist', 'engine-thread.mjs') : join(ROOT, 'scripts', 'dev', 'engine-thread.mjs'),
  );
}
