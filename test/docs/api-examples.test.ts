import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';
import { fencedBlocks } from './markdown.ts';
import { entries, missingTools, runBash } from './shell-run.ts';

/*
 * docs/api.md promises that its sh blocks run as they are, in order, in one shell, against a
 * gateway started with OMNIGATE_CLOCK=manual. This runs them so, against `omnigate serve` on a
 * real port, as a reader would: one bash sourcing each block in turn under `set -euo pipefail`,
 * so that a failed curl (-f), a jq -e check that is false, or a failed test stops it there. The
 * shell stands in a folder of its own, as a reader at the repository's root: that folder must
 * still be empty after, what the examples wrote being in the temporary folder they made.
 */

const API_MD = join(import.meta.dirname, '..', '..', 'docs', 'api.md');
const ADMIN_TOKEN = 'api-examples-admin-token-0123456789';
const TOOLS = ['bash', 'curl', 'jq', 'openssl'] as const;
const missing = missingTools(TOOLS);
// CI installs them and sets this, so that a missing tool fails there instead of skipping (.ci/run).
if (missing.length && process.env.OMNIGATE_REQUIRE_DOC_TOOLS === '1') {
  throw new Error(`docs/api.md's examples need ${missing.join(', ')}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

describeEachDb('docs/api.md examples', (db) => {
  test('every sh block runs in order against a real gateway and its checks hold', {
    skip: missing.length ? `needs ${missing.join(', ')}` : false,
  }, async () => {
    const blocks = fencedBlocks(readFileSync(API_MD, 'utf8')).filter((b) => b.lang === 'sh');
    assert.ok(blocks.length >= 15, `docs/api.md has ${blocks.length} sh blocks`);

    await (await db.openStore()).close(); // creates the PostgreSQL schema of this suite
    const gw = await serveProcess({
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data'),
      OMNIGATE_ADMIN_TOKEN: ADMIN_TOKEN,
      OMNIGATE_SECRET_KEY: 'b2'.repeat(32),
      OMNIGATE_CLOCK: 'manual',
      // As docs/api.md starts it: its webhook example's receiver listens on the loopback.
      OMNIGATE_WEBHOOK_ALLOW: '127.0.0.0/8,::1',
      LOG_LEVEL: 'warn',
    });
    const work = mkdtempSync(join(tmpdir(), 'omnigate-api-md-'));
    // The scripts, the reader's folder (where the shell stands) and mktemp's, apart.
    const scripts = join(work, 'scripts');
    const reader = join(work, 'reader');
    const temp = join(work, 'tmp');
    for (const d of [scripts, reader, temp]) mkdirSync(d);
    try {
      let driver = 'set -euo pipefail\n';
      blocks.forEach((b, i) => {
        const file = join(scripts, `block-${i}.sh`);
        writeFileSync(file, b.code);
        driver += `echo "@@ start ${i}"\nsource '${file}'\necho "@@ ok ${i}"\n`;
      });
      writeFileSync(join(scripts, 'driver.sh'), driver);
      const run = await runBash(join(scripts, 'driver.sh'), reader, {
        OMNIGATE_URL: gw.base,
        ADMIN_TOKEN,
        WEBHOOK_PORT: String(await freePort()),
        TMPDIR: temp,
      });
      const done = [...run.output.matchAll(/^@@ ok (\d+)$/gm)].length;
      if (run.code !== 0 || done !== blocks.length) {
        const failed = blocks[done];
        const at = failed ? `the block at docs/api.md:${failed.line}` : 'after the last block';
        assert.fail(`${at} failed (exit ${run.code}); output:\n${run.output.slice(-4000)}`);
      }
      // Nothing landed where the reader stands; the scratch files are in the one folder made for them.
      assert.deepEqual(entries(reader), [], 'files written into the folder the examples run in');
      const [scratch, ...more] = entries(temp);
      assert.deepEqual(more, [], `one scratch folder, not ${entries(temp).join(', ')}`);
      assert.deepEqual(entries(join(temp, scratch ?? '')), ['photo.jpg', 'receiver.mjs', 'webhook.log']);
    } finally {
      gw.child.kill('SIGTERM');
      await gw.exit;
      rmSync(work, { recursive: true, force: true });
    }
  });
});
