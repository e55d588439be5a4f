import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';
import { fencedBlocks } from './markdown.ts';

/*
 * docs/api.md promises that its sh blocks run as they are, in order, in one shell, against a
 * gateway started with OMNIGATE_CLOCK=manual. This runs them so, against `omnigate serve` on a
 * real port, as a reader would: one bash sourcing each block in turn under `set -euo pipefail`,
 * so that a failed curl (-f), a jq -e check that is false, or a failed test stops it there.
 */

const API_MD = join(import.meta.dirname, '..', '..', 'docs', 'api.md');
const ADMIN_TOKEN = 'api-examples-admin-token-0123456789';
const TOOLS = ['bash', 'curl', 'jq', 'openssl'] as const;
const missing = TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
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

interface Run {
  code: number | null;
  output: string;
}

function runBash(script: string, cwd: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', [script], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    // A block that hangs (a wait that never ends) must fail the test, not the suite's timeout.
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
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
    try {
      let driver = 'set -euo pipefail\n';
      blocks.forEach((b, i) => {
        writeFileSync(join(work, `block-${i}.sh`), b.code);
        driver += `echo "@@ start ${i}"\nsource ./block-${i}.sh\necho "@@ ok ${i}"\n`;
      });
      writeFileSync(join(work, 'driver.sh'), driver);
      const run = await runBash(join(work, 'driver.sh'), work, {
        OMNIGATE_URL: gw.base,
        ADMIN_TOKEN,
        WEBHOOK_PORT: String(await freePort()),
      });
      const done = [...run.output.matchAll(/^@@ ok (\d+)$/gm)].length;
      if (run.code !== 0 || done !== blocks.length) {
        const failed = blocks[done];
        const at = failed ? `the block at docs/api.md:${failed.line}` : 'after the last block';
        assert.fail(`${at} failed (exit ${run.code}); output:\n${run.output.slice(-4000)}`);
      }
    } finally {
      gw.child.kill('SIGTERM');
      await gw.exit;
      rmSync(work, { recursive: true, force: true });
    }
  });
});
