#!/usr/bin/env node
// Builds clients/typescript/dist (the root's `prepare`, so `npm ci` leaves a usable client). A
// production install (`npm ci --omit=dev`) has no TypeScript: it skips the build instead of
// failing the install, since the gateway itself does not need the client.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
let tsc;
try {
  tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  console.log('clients/typescript: not built (TypeScript is not installed)');
  process.exit(0);
}
const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'clients', 'typescript')], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
