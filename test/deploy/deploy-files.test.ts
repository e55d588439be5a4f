import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { ROOT } from '../../src/root.ts';
import { unitService } from '../package/systemd-unit.ts';

// What can be checked of the deploy files on a machine with no container engine: that every
// setting they give is one the gateway takes (loadConfig refuses a bad value with ConfigError),
// and that the files name each other and the package consistently. The unit itself is run by
// test/package/install.test.ts; the nginx example by reverse-proxy.test.ts.
const deploy = (f: string) => readFileSync(join(ROOT, 'deploy', f), 'utf8');
const CONFIG_SOURCE = readFileSync(join(ROOT, 'src', 'config.ts'), 'utf8');

/** A misspelt name would be ignored by loadConfig: each must be one src/config.ts reads. */
function assertKnown(env: Record<string, string>): void {
  for (const name of Object.keys(env)) assert.match(CONFIG_SOURCE, new RegExp(`\\be\\.${name}\\b`), name);
}

/** The `environment:` map of one compose service, with ${X:?...} and ${X:-default} resolved. */
function composeEnvironment(
  text: string,
  service: string,
  given: Record<string, string>,
): Record<string, string> {
  const lines = text.split('\n');
  const start = lines.indexOf(`  ${service}:`);
  assert.ok(start >= 0, `service ${service}`);
  const env: Record<string, string> = {};
  let inEnv = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line) || /^\S/.test(line)) break; // the next service or top-level key
    if (/^ {4}environment:\s*$/.test(line)) {
      inEnv = true;
      continue;
    }
    if (inEnv && /^ {4}\S/.test(line)) inEnv = false;
    const m = /^ {6}([A-Z_]+):\s*(.*)$/.exec(line);
    if (inEnv && m?.[1]) {
      env[m[1]] = (m[2] ?? '').replace(
        /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
        (_all, name: string, op?: string, rest?: string) => {
          const v = given[name];
          if (v !== undefined) return v;
          if (op === '?') throw new Error(`compose requires ${name}`);
          return rest ?? '';
        },
      );
    }
  }
  return env;
}

test('the compose file: two gateway replicas on its PostgreSQL, settings the gateway takes', () => {
  const compose = deploy('compose.yaml');
  assert.match(compose, /\n {2}gateway:\n(?: {4}.*\n)*? {4}deploy:\n {6}replicas: 2\n/);
  assert.match(compose, /dockerfile: deploy\/Dockerfile/);
  assert.throws(() => composeEnvironment(compose, 'gateway', {}), /requires OMNIGATE_ADMIN_TOKEN/);
  const env = composeEnvironment(compose, 'gateway', {
    OMNIGATE_ADMIN_TOKEN: 'c'.repeat(64),
    OMNIGATE_SECRET_KEY: 'd'.repeat(64),
  });
  const pg = composeEnvironment(compose, 'postgres', {});
  assert.equal(
    env.DATABASE_URL,
    `postgres://${pg.POSTGRES_USER}:${pg.POSTGRES_PASSWORD}@postgres:5432/${pg.POSTGRES_DB}`,
  );
  assertKnown(env);
  const config = loadConfig(env);
  assert.equal(config.publicUrl, 'http://localhost:8080');
  assert.ok(Array.isArray(config.trustProxy));
  // nginx reaches the replicas where the image listens.
  assert.match(deploy('nginx.conf'), /server gateway:8080;/);
  assert.match(deploy('Dockerfile'), /PORT=8080/);
  assert.match(compose, /\.\/nginx\.conf:\/etc\/nginx\/conf\.d\/default\.conf/);
});

test('the Dockerfile runs the package it installs, and its context leaves local state out', () => {
  const docker = deploy('Dockerfile');
  const prefix = /npm install -g --prefix (\S+)/.exec(docker)?.[1];
  assert.ok(prefix);
  assert.match(docker, new RegExp(`ENTRYPOINT \\["${prefix}/bin/omnigate"\\]`));
  assert.match(docker, /FROM node:20-bookworm-slim AS build[\s\S]*FROM node:20-bookworm-slim\n/);
  const ignored = deploy('Dockerfile.dockerignore').split('\n');
  for (const local of ['node_modules', 'data', 'dist', '.git']) assert.ok(ignored.includes(local), local);
  const env = Object.fromEntries(
    [...docker.matchAll(/(OMNIGATE_DATA_DIR|HOST|PORT)=(\S+)/g)].map((m) => [m[1], m[2]?.replace(/\\$/, '')]),
  );
  assertKnown(env);
  const config = loadConfig(env);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.dataDir, '/var/lib/omnigate');
});

test('the systemd unit and its environment file are settings the gateway takes', () => {
  const unit = unitService(deploy('omnigate.service'));
  const file = Object.fromEntries(
    deploy('omnigate.env')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  assertKnown({ ...unit.environment, ...file });
  const config = loadConfig({ ...unit.environment, ...file });
  assert.equal(config.host, '127.0.0.1');
  assert.deepEqual(config.trustProxy, ['127.0.0.1', '::1']);
  assert.equal(config.sandbox, false);
  assert.match(deploy('omnigate.service'), /EnvironmentFile=-\/etc\/omnigate\/omnigate\.env/);
  assert.ok(existsSync(join(ROOT, 'deploy', 'Caddyfile')));
});
