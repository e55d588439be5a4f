import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bundled } from '../../bin/bundle.mjs';
import { ROOT } from '../../src/root.ts';

const CACHE = join(ROOT, 'node_modules', '.cache', 'omnigate');

test('a bundle is written once per content, with its source map beside it, and finds the project root', async () => {
  const url = await bundled(ROOT, 'src/root.ts', 'test-root');
  const file = url.pathname;
  try {
    assert.ok(file.startsWith(CACHE), file);
    assert.match(file, /test-root-[0-9a-f]{16}\.mjs$/);
    // The map is named by the bundle, so that --enable-source-maps finds it.
    assert.ok(readFileSync(file, 'utf8').endsWith(`//# sourceMappingURL=${file.split('/').pop()}.map\n`));
    assert.ok(existsSync(`${file}.map`));
    // From the cache folder, root.ts walks up to the same root as from the sources.
    const bundledRoot: unknown = (await import(url.href)).ROOT;
    assert.equal(bundledRoot, ROOT);
    // The same content: the same file, nothing written aside left behind.
    assert.equal((await bundled(ROOT, 'src/root.ts', 'test-root')).href, url.href);
    assert.deepEqual(
      readdirSync(CACHE).filter((f) => f.startsWith('test-root-') && f.endsWith('.tmp')),
      [],
    );
  } finally {
    for (const f of readdirSync(CACHE)) if (f.startsWith('test-root-')) rmSync(join(CACHE, f));
  }
});

test('a root without the sources cannot be bundled: the caller falls back to tsx', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'omnigate-bundle-'));
  try {
    await assert.rejects(bundled(empty, 'src/cli/main.ts', 'main'));
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
