import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { bundled } from '../../bin/bundle.mjs';
import { ROOT } from '../root.ts';

/**
 * The engine thread's entry: its sources bundled by esbuild into one ESM file (bin/bundle.mjs),
 * so the thread runs plain JavaScript. Through tsx, the thread had a loader thread of its own and
 * compiled each file again: about 60 MB and a slower start for the same code. When the bundle
 * cannot be built or written (a read-only install), the thread runs the sources through tsx.
 */
export async function engineThreadEntry(logger: Logger): Promise<URL> {
  try {
    return await bundled(ROOT, 'src/engine-thread.ts', 'engine');
  } catch (err) {
    logger.warn({ err }, 'could not bundle the engine thread; running its sources through tsx');
    return pathToFileURL(join(ROOT, 'bin', 'engine-thread.mjs'));
  }
}
