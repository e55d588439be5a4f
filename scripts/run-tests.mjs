#!/usr/bin/env node
// Runs every test file (test/**/*.test.ts and .test.tsx) with node's test runner through tsx, then prints how
// many PostgreSQL tests ran, so that the CI log shows the PostgreSQL half really running.
// Node 20's --test takes no globs, hence the file list here. Arguments narrow the run:
// `npm run test:only -- test/engine` runs the files under that path.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..');
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : /\.test\.tsx?$/.test(p) ? [p] : [];
  });
}
// The build first: the tests that start `omnigate` as a process run dist/, which must hold the
// sources as they are now.
const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], {
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const filters = process.argv.slice(2);
const files = walk(join(root, 'test'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.startsWith(x.replace(/^\.\//, ''))))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

// Every test that ran on PostgreSQL appends a line to a file here (test/helpers/db.ts).
const countDir = join(root, '.test-results', 'pg-count');
rmSync(countDir, { recursive: true, force: true });

const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 4}`,
    '--test-reporter=spec',
    // A test that hangs fails after 5 minutes instead of holding CI to its limit. It is also each
    // file's limit: the slowest files take about a minute here and twice that on a loaded CI
    // machine, and 3 minutes once cut one short (test/cli/engine-thread*.test.ts is now three files).
    '--test-timeout=300000',
    ...files,
  ],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    // The console's settings (JSX for Preact) for every file: its tests import the console's own
    // components; for the server's files they change nothing.
    env: {
      ...process.env,
      OMNIGATE_PG_COUNT_DIR: countDir,
      TSX_TSCONFIG_PATH: join(root, 'console', 'tsconfig.json'),
    },
  },
);

// The runner's closing summary (lines starting with "ℹ") stays the last thing printed: the
// PostgreSQL count goes just before it.
const held = [];
const rl = createInterface({ input: child.stdout });
rl.on('line', (line) => {
  if (line.startsWith('ℹ ')) {
    held.push(line);
    return;
  }
  for (const h of held.splice(0)) process.stdout.write(`${h}\n`);
  process.stdout.write(`${line}\n`);
});
child.on('close', (code) => {
  let ran = 0;
  const suites = new Set();
  try {
    for (const f of readdirSync(countDir)) {
      for (const line of readFileSync(join(countDir, f), 'utf8').split('\n').filter(Boolean)) {
        ran += 1;
        suites.add(line);
      }
    }
  } catch {}
  const summary = process.env.TEST_DATABASE_URL
    ? `PostgreSQL tests run: ${ran} tests in ${suites.size} suites (TEST_DATABASE_URL is set)`
    : 'PostgreSQL tests run: none, skipped because TEST_DATABASE_URL is not set';
  process.stdout.write(`${summary}\n`);
  for (const h of held) process.stdout.write(`${h}\n`);
  process.exit(code ?? 1);
});
