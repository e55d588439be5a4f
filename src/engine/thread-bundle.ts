import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Logger } from 'pino';

const ROOT = join(import.meta.dirname, '..', '..');
/** Beside the dependencies, so the bundle's imports of packages resolve as the sources' do. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'omnigate');

/**
 * The engine thread's entry: its sources bundled by esbuild into one ESM file (packages left as
 * imports), so the thread runs plain JavaScript. Through tsx, the thread had a loader thread of
 * its own and compiled each file again: about 60 MB and a slower start for the same code.
 * The file is named by its content and written once; when it cannot be built or written (a
 * read-only install), the thread runs the sources through tsx as before.
 */
export async function engineThreadEntry(logger: Logger): Promise<URL> {
  try {
    const out = await build({
      entryPoints: [join(ROOT, 'src', 'engine', 'thread-main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.contents;
    if (!code) throw new Error('esbuild wrote nothing');
    const name = `engine-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
    mkdirSync(CACHE, { recursive: true });
    const existing = readdirSync(CACHE);
    if (!existing.includes(name)) {
      // Written aside and renamed: two instances starting at once never load half a file.
      const tmp = join(CACHE, `${name}.${process.pid}.tmp`);
      writeFileSync(tmp, code);
      renameSync(tmp, join(CACHE, name));
    }
    // Bundles of earlier versions of the code; a thread that loaded one holds it in memory already.
    for (const f of existing) {
      if (f.startsWith('engine-') && f.endsWith('.mjs') && f !== name)
        rmSync(join(CACHE, f), { force: true });
    }
    return pathToFileURL(join(CACHE, name));
  } catch (err) {
    logger.warn({ err }, 'could not bundle the engine thread; running its sources through tsx');
    return new URL('../../bin/engine-thread.mjs', import.meta.url);
  }
}
