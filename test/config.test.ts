import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

test('defaults: 127.0.0.1:8080, SQLite under ./data, sandbox on, system clock', () => {
  const c = loadConfig({});
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.port, 8080);
  assert.equal(c.dataDir, resolve('./data'));
  assert.equal(c.databaseUrl, `sqlite:${resolve('./data/omnigate.db')}`);
  assert.equal(c.sandbox, true);
  assert.equal(c.console, true);
  assert.equal(c.clock, 'system');
  assert.equal(c.publicUrl, 'http://127.0.0.1:8080');
  assert.equal(c.adminToken, null);
  assert.ok(Object.isFrozen(c));
});

test('the environment and serve flags override, flags last', () => {
  const c = loadConfig(
    { PORT: '9000', OMNIGATE_CLOCK: 'manual', OMNIGATE_SANDBOX: 'false', DATABASE_URL: 'postgres://x/y' },
    { PORT: '9100' },
  );
  assert.equal(c.port, 9100);
  assert.equal(c.clock, 'manual');
  assert.equal(c.sandbox, false);
  assert.equal(c.databaseUrl, 'postgres://x/y');
  assert.equal(c.publicUrl, 'http://127.0.0.1:9100');
});

test('bad values are refused with the variable named', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty' }),
    (e: unknown) => e instanceof ConfigError && /PORT/.test(e.message),
  );
  assert.throws(() => loadConfig({ OMNIGATE_CLOCK: 'fast' }), /OMNIGATE_CLOCK/);
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  assert.throws(() => loadConfig({ OMNIGATE_SANDBOX: 'maybe' }), /OMNIGATE_SANDBOX/);
  assert.throws(() => loadConfig({ OMNIGATE_CONSOLE: 'perhaps' }), /OMNIGATE_CONSOLE/);
  assert.equal(loadConfig({ OMNIGATE_CONSOLE: 'false' }).console, false);
});

test('OMNIGATE_PG_PREPARED: on unless set to false; anything else refused', () => {
  assert.equal(loadConfig({}).pgPrepared, true);
  assert.equal(loadConfig({ OMNIGATE_PG_PREPARED: 'off' }).pgPrepared, false);
  assert.equal(loadConfig({ OMNIGATE_PG_PREPARED: 'true' }).pgPrepared, true);
  assert.throws(
    () => loadConfig({ OMNIGATE_PG_PREPARED: 'sometimes' }),
    /OMNIGATE_PG_PREPARED must be true or false/,
  );
});

test('OMNIGATE_ENGINE_NICE: 19 unless set, 0 to 19, anything else refused', () => {
  assert.equal(loadConfig({}).engineNice, 19);
  assert.equal(loadConfig({ OMNIGATE_ENGINE_NICE: '0' }).engineNice, 0);
  assert.equal(loadConfig({ OMNIGATE_ENGINE_NICE: '10' }).engineNice, 10);
  for (const bad of ['20', '-5', 'low', '1.5']) {
    assert.throws(
      () => loadConfig({ OMNIGATE_ENGINE_NICE: bad }),
      (e: unknown) =>
        e instanceof ConfigError && /^OMNIGATE_ENGINE_NICE must be an integer from 0 to 19/.test(e.message),
      bad,
    );
  }
});

test('OMNIGATE_SECRET_KEY: 64 hex digits or base64 of 32 bytes; anything else refused, never echoed', () => {
  const hex = '0f'.repeat(32);
  const b64 = Buffer.alloc(32, 7).toString('base64');
  const b64url = Buffer.alloc(32, 250).toString('base64url');
  assert.equal(loadConfig({}).secretKey, null);
  assert.equal(loadConfig({ OMNIGATE_SECRET_KEY: hex }).secretKey, hex);
  assert.equal(loadConfig({ OMNIGATE_SECRET_KEY: ` ${b64}\n` }).secretKey, b64);
  assert.equal(loadConfig({ OMNIGATE_SECRET_KEY: b64url }).secretKey, b64url);
  for (const bad of [
    'correct horse battery staple',
    '0f'.repeat(31),
    `${hex}00`,
    'zz'.repeat(32),
    Buffer.alloc(31).toString('base64'),
    Buffer.alloc(33).toString('base64'),
  ]) {
    assert.throws(
      () => loadConfig({ OMNIGATE_SECRET_KEY: bad }),
      (e: unknown) =>
        e instanceof ConfigError &&
        /^OMNIGATE_SECRET_KEY must be 64 hex digits or the base64 of 32 bytes/.test(e.message) &&
        !e.message.includes(bad),
      bad,
    );
  }
  const previous = loadConfig({ OMNIGATE_SECRET_KEY: hex, OMNIGATE_SECRET_KEY_PREVIOUS: `${b64}, ${hex}` });
  assert.deepEqual(previous.previousSecretKeys, [b64, hex]);
  assert.throws(
    () => loadConfig({ OMNIGATE_SECRET_KEY_PREVIOUS: 'short' }),
    (e: unknown) => e instanceof ConfigError && /OMNIGATE_SECRET_KEY_PREVIOUS/.test(e.message),
  );
});

test('retention: a number of days per kind (0 keeps for good) and a batch size, validated', () => {
  const d = loadConfig({});
  assert.deepEqual(d.retention.days, {
    messages: 90,
    mo: 90,
    twofa: 30,
    sandbox_inbox: 7,
    webhooks: 30,
    friend_group_files: 1,
    uploads: 30,
    dead_jobs: 30,
    audit: 365,
  });
  assert.equal(d.retention.batchSize, 500);
  assert.ok(Object.isFrozen(d.retention.days));
  const c = loadConfig({
    OMNIGATE_RETENTION_MESSAGES_DAYS: '0',
    OMNIGATE_RETENTION_SANDBOX_INBOX_DAYS: '2',
    OMNIGATE_RETENTION_BATCH: '100',
  });
  assert.equal(c.retention.days.messages, 0);
  assert.equal(c.retention.days.sandbox_inbox, 2);
  assert.equal(c.retention.batchSize, 100);
  assert.throws(() => loadConfig({ OMNIGATE_RETENTION_MO_DAYS: '-1' }), /OMNIGATE_RETENTION_MO_DAYS/);
  assert.throws(
    () => loadConfig({ OMNIGATE_RETENTION_UPLOADS_DAYS: '1.5' }),
    /OMNIGATE_RETENTION_UPLOADS_DAYS/,
  );
  assert.throws(() => loadConfig({ OMNIGATE_RETENTION_BATCH: '0' }), /OMNIGATE_RETENTION_BATCH/);
});
